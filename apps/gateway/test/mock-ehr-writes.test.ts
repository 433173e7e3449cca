import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createPractice } from '@ehr-gateway/synthetic-practice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { EhrClient } from '../src/modules/ehr/ehr-client.js';
import { createMockEhr } from '../src/modules/ehr/mock/mock-ehr.js';
import { createMockEhrRepository } from '../src/modules/ehr/mock/mock-ehr-repository.js';
import { databaseTargets, openTestStorage, type TestStorage } from './helpers.js';
import { scheduleDate } from './schedule.js';

const ctx = { requestId: 'test' };
const practice = createPractice();
const PRACTICE = '12345';

function mockOn(storage: { db: TestStorage['db'] }): EhrClient {
  return createMockEhr({
    practice,
    repository: createMockEhrRepository(storage.db),
    practiceId: () => PRACTICE,
  });
}

async function anOpenSlot(ehr: EhrClient, daysAhead: number) {
  const date = scheduleDate({ departmentId: '1', daysAhead });
  const [slot] = await ehr.listOpenSlots(
    PRACTICE,
    { departmentId: '1', startDate: date, endDate: date },
    ctx,
  );
  expect(slot).toBeDefined();
  return slot!;
}

describe.each(databaseTargets)('Mock EHR writes on $name', (target) => {
  let storage: TestStorage;
  let ehr: EhrClient;

  beforeAll(async () => {
    storage = await openTestStorage(target);
    ehr = mockOn(storage);
  });
  afterAll(() => storage.dispose());

  it('registers a patient once, however often or concurrently asked', async () => {
    const patient = {
      firstName: 'Grace',
      lastName: 'Hopper',
      dob: '1986-12-09',
      departmentId: '1',
      email: 'g@example.com',
    };
    const results = await Promise.all(
      [1, 2, 3].map(() => ehr.createPatient(PRACTICE, patient, ctx)),
    );
    const ids = new Set(results.map((r) => r.patientId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const again = await ehr.createPatient(PRACTICE, { ...patient, firstName: 'GRACE' }, ctx);
    expect(again).toEqual({ patientId: [...ids][0], created: false });
    const found = await ehr.getPatient(PRACTICE, [...ids][0]!, ctx);
    expect(found).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', dob: '1986-12-09' });
  });

  it('returns the seeded patient instead of registering a duplicate', async () => {
    const seeded = practice.patients[0]!;
    const result = await ehr.createPatient(
      PRACTICE,
      {
        firstName: seeded.firstName,
        lastName: seeded.lastName,
        dob: seeded.dob,
        departmentId: String(seeded.departmentId),
      },
      ctx,
    );
    expect(result).toEqual({ patientId: String(seeded.id), created: false });
  });

  it('books a slot once when two requests race for it', async () => {
    const slot = await anOpenSlot(ehr, 5);
    const outcomes = await Promise.allSettled(
      ['1001', '1002', '1003', '1004'].map((patientId) =>
        ehr.bookAppointment(PRACTICE, { slotId: slot.id, patientId }, ctx),
      ),
    );
    const booked = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const failure of refused) {
      expect((failure as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        code: 'SLOT_UNAVAILABLE',
      });
    }
    const open = await ehr.listOpenSlots(
      PRACTICE,
      {
        departmentId: '1',
        startDate: slot.startTime.slice(0, 10),
        endDate: slot.startTime.slice(0, 10),
      },
      ctx,
    );
    expect(open.some((s) => s.id === slot.id)).toBe(false);
  });

  it('frees a slot on cancellation so it can be booked again', async () => {
    const slot = await anOpenSlot(ehr, 6);
    const booked = await ehr.bookAppointment(
      PRACTICE,
      { slotId: slot.id, patientId: '1005', notes: 'first visit' },
      ctx,
    );
    expect(booked).toMatchObject({
      id: slot.id,
      patientId: '1005',
      status: 'Scheduled',
      notes: 'first visit',
    });
    await expect(
      ehr.cancelAppointment(PRACTICE, { appointmentId: slot.id, patientId: '1006' }, ctx),
    ).rejects.toMatchObject({ statusCode: 409 });
    const cancelled = await ehr.cancelAppointment(
      PRACTICE,
      { appointmentId: slot.id, patientId: '1005' },
      ctx,
    );
    expect(cancelled.status).toBe('Cancelled');
    const rebooked = await ehr.bookAppointment(
      PRACTICE,
      { slotId: slot.id, patientId: '1007' },
      ctx,
    );
    expect(rebooked.patientId).toBe('1007');
  });

  it('refuses a slot the seed booked, an unknown slot, an unknown patient and a type that does not fit', async () => {
    const date = scheduleDate({ needs: 'booked', daysAhead: 4 });
    const [seeded] = practice.seedAppointments({ startDate: date, endDate: date });
    await expect(
      ehr.bookAppointment(PRACTICE, { slotId: seeded!.id, patientId: '1001' }, ctx),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      ehr.bookAppointment(PRACTICE, { slotId: '999999999999', patientId: '1001' }, ctx),
    ).rejects.toMatchObject({ statusCode: 404 });
    const slot = await anOpenSlot(ehr, 7);
    await expect(
      ehr.bookAppointment(PRACTICE, { slotId: slot.id, patientId: '424242' }, ctx),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      ehr.bookAppointment(
        PRACTICE,
        { slotId: slot.id, patientId: '1001', appointmentTypeId: '9' },
        ctx,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('Mock EHR writes survive a restart', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mock-ehr-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps registered patients and bookings in the database', async () => {
    const first = await openTestStorage({ name: 'pglite' }, dataDir);
    const before = mockOn(first);
    const { patientId } = await before.createPatient(
      PRACTICE,
      { firstName: 'Katherine', lastName: 'Johnson', dob: '1978-08-26', departmentId: '1' },
      ctx,
    );
    const slot = await anOpenSlot(before, 8);
    await before.bookAppointment(PRACTICE, { slotId: slot.id, patientId }, ctx);
    await first.dispose();

    const second = await openTestStorage({ name: 'pglite' }, dataDir);
    const after = mockOn(second);
    expect((await after.getPatient(PRACTICE, patientId, ctx)).lastName).toBe('Johnson');
    expect((await after.getAppointment(PRACTICE, slot.id, ctx)).patientId).toBe(patientId);
    const { patients } = await after.listPatients(
      PRACTICE,
      { lastName: 'Johnson', limit: 50, offset: 0 },
      ctx,
    );
    expect(patients.some((p) => p.id === patientId)).toBe(true);
    await second.dispose();
  });
});
