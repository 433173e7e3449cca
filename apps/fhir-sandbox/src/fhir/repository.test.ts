import { parseSearchRequest } from '@medplum/core';
import { MemoryRepository } from '@medplum/fhir-router';
import type { Appointment } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';

import { encodeScheduleId } from '@ehr-gateway/fhir-mapping';
import { loadFhirDefinitions } from '@ehr-gateway/fhir-mapping/validation';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import { IndexedMemoryRepository } from './repository.js';
import { seedRepository } from './seed.js';

/** The index may only make searches faster: every answer must be the plain engine's. */

const indexed = new IndexedMemoryRepository();
const plain = new MemoryRepository();
const now = new Date('2026-03-02T15:00:00Z');
const practice = createPractice();
const someSlots = practice.scheduledSlots({ startDate: '2026-03-03', endDate: '2026-03-03' });

beforeAll(async () => {
  loadFhirDefinitions();
  const options = {
    practice,
    context: { source: 'fhir-sandbox', practiceId: '195900' },
    practiceName: 'Synthetic Health Partners',
    window: { firstDay: '2026-02-27', lastDay: '2026-03-06' },
    now,
  };
  await seedRepository(indexed, options);
  await seedRepository(plain, options);
}, 60_000);

const QUERIES: Array<[string, Record<string, string | string[]>]> = [
  [
    'Slot',
    { status: 'free', start: ['ge2026-03-03T00:00:00Z', 'lt2026-03-04T00:00:00Z'], _count: '1000' },
  ],
  ['Slot', { start: ['ge2026-03-03', 'lt2026-03-04'], _count: '1000' }],
  ['Slot', { start: 'gt2026-03-05T20:00:00-05:00', _count: '1000' }],
  ['Slot', { start: 'le2026-02-28', _count: '1000' }],
  ['Slot', { start: '2026-03-04', _count: '1000' }],
  [
    'Slot',
    {
      schedule: `Schedule/${encodeScheduleId({ providerId: '101', departmentId: '1' })}`,
      _count: '1000',
    },
  ],
  ['Slot', { _id: `${someSlots[0]!.id},${someSlots[40]!.id}`, _count: '1000' }],
  ['Slot', { status: 'busy', _count: '7', _offset: '14', _sort: 'start' }],
  ['Appointment', { patient: 'Patient/1001', _count: '1000' }],
  [
    'Appointment',
    { date: ['ge2026-03-02', 'lt2026-03-03'], practitioner: 'Practitioner/101', _count: '1000' },
  ],
  ['Appointment', { location: 'Location/21', status: 'booked', _count: '1000' }],
  ['Appointment', { actor: 'Patient/1001,Practitioner/101', _count: '1000' }],
];

describe('IndexedMemoryRepository', () => {
  it.each(QUERIES)('answers %s %o exactly as MemoryRepository does', async (type, query) => {
    const request = () => parseSearchRequest(type as 'Slot', query);
    const [fast, slow] = await Promise.all([indexed.search(request()), plain.search(request())]);
    expect(slow.total).toBeGreaterThan(0);
    expect(fast.total).toBe(slow.total);
    expect(fast.entry?.map((e) => e.resource?.id)).toEqual(slow.entry?.map((e) => e.resource?.id));
  });

  it('follows updates: a cancelled appointment leaves the index of its old state', async () => {
    const [first] = (
      await indexed.search(
        parseSearchRequest<Appointment>('Appointment', { location: 'Location/1', _count: '1' }),
      )
    ).entry!;
    const appointment = first!.resource!;
    const moved = {
      ...appointment,
      participant: appointment.participant.filter(
        (p) => !p.actor?.reference?.startsWith('Location/'),
      ),
    };
    await indexed.updateResource(moved);
    await plain.updateResource(moved);
    const query = { location: 'Location/1', _count: '1000' };
    const [fast, slow] = await Promise.all([
      indexed.search(parseSearchRequest('Appointment', query)),
      plain.search(parseSearchRequest('Appointment', query)),
    ]);
    expect(fast.entry?.map((e) => e.resource?.id)).toEqual(slow.entry?.map((e) => e.resource?.id));
    expect(fast.entry?.some((e) => e.resource?.id === appointment.id)).toBe(false);
  });
});
