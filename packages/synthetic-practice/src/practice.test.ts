import { describe, expect, it } from 'vitest';

import { addDays, zonedIso, zonedInstant } from '@ehr-gateway/calendar';
import { isValidNpi } from './npi.js';
import { BOOKING_WINDOW_DAYS, createPractice } from './practice.js';
import { SAMPLE_PATIENT, SAMPLE_PROVIDER_WORKDAYS } from './sample.js';
import { decodeSlotId, encodeSlotId } from './slot-id.js';

describe('synthetic practice', () => {
  const practice = createPractice();

  it('is deterministic for a seed and different for another', () => {
    const again = createPractice();
    expect(again.patients).toEqual(practice.patients);
    expect(again.providers).toEqual(practice.providers);
    expect(createPractice({ seed: 7 }).patients[0]).not.toEqual(practice.patients[0]);
  });

  it('has the size the gateway promises', () => {
    expect(practice.departments.length).toBeGreaterThanOrEqual(5);
    expect(practice.providers.length).toBeGreaterThanOrEqual(20);
    expect(practice.patients.length).toBeGreaterThanOrEqual(200);
    expect(practice.referringProviders.length).toBeGreaterThan(0);
    expect(new Set(practice.departments.map((d) => d.timezone)).size).toBeGreaterThan(3);
  });

  it('gives every provider and referring provider a valid, unique NPI', () => {
    const npis = [...practice.providers, ...practice.referringProviders].map((p) => p.npi);
    expect(npis.every(isValidNpi)).toBe(true);
    expect(new Set(npis).size).toBe(npis.length);
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
  });

  it('gives patients unique identities, real dates of birth and no 555 numbers', () => {
    const identities = practice.patients.map((p) => `${p.firstName}|${p.lastName}|${p.dob}`);
    expect(new Set(identities).size).toBe(identities.length);
    for (const patient of practice.patients) {
      expect(new Date(`${patient.dob}T00:00:00Z`).toISOString().slice(0, 10)).toBe(patient.dob);
      expect(patient.mobilePhone).toMatch(/^\d{10}$/);
      expect(patient.mobilePhone.slice(3, 6)).not.toBe('555');
    }
  });

  it('schedules open slots on every weekday for the next 90 days and none at weekends', () => {
    const start = '2026-11-23';
    const slots = practice.scheduledSlots({
      startDate: start,
      endDate: addDays(start, BOOKING_WINDOW_DAYS),
    });
    expect(slots.length).toBeGreaterThan(10_000);
    const weekdays = new Set(slots.map((s) => new Date(`${s.date}T00:00:00Z`).getUTCDay()));
    expect(weekdays.has(0) || weekdays.has(6)).toBe(false);
    const booked = practice.seedAppointments({ startDate: start, endDate: addDays(start, 7) });
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.every((a) => practice.patient(a.patientId))).toBe(true);
  });

  it('filters slots and resolves a slot from its id alone', () => {
    const [slot] = practice.scheduledSlots({
      startDate: '2026-12-01',
      endDate: '2026-12-04',
      departmentIds: [102],
      appointmentTypeIds: [8],
    });
    expect(slot).toBeDefined();
    expect(practice.slot(slot!.id)).toEqual(slot);
    expect(decodeSlotId(slot!.id)).toEqual({
      providerId: slot!.providerId,
      date: slot!.date,
      startTime: slot!.startTime,
    });
    expect(practice.slot(encodeSlotId(slot!.providerId, slot!.date, '03:00'))).toBeNull();
    expect(practice.slot('12')).toBeNull();
  });

  it('offers appointment types by department', () => {
    const pediatric = practice.appointmentTypesFor({ departmentId: 21 }).map((t) => t.name);
    expect(pediatric).toContain('Well Child Visit');
    expect(pediatric).not.toContain('Cardiology Consult');
  });
});

describe('calendar', () => {
  it('turns local times into instants across daylight saving', () => {
    expect(zonedInstant('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    );
    expect(zonedIso('2026-07-01', '09:00', 'America/Phoenix')).toBe('2026-07-01T09:00:00-07:00');
  });
});

describe('the sample patient', () => {
  const practice = createPractice();

  it('is a patient of the default practice, with her department and provider', () => {
    const patient = practice.patients.find(
      (candidate) =>
        candidate.firstName === SAMPLE_PATIENT.firstName &&
        candidate.lastName === SAMPLE_PATIENT.lastName &&
        candidate.dob === SAMPLE_PATIENT.dob,
    );
    expect(patient?.departmentId).toBe(SAMPLE_PATIENT.departmentId);
    expect(practice.provider(SAMPLE_PATIENT.providerId)?.departmentIds).toContain(
      SAMPLE_PATIENT.departmentId,
    );
    expect(
      practice
        .appointmentTypesFor({ departmentId: SAMPLE_PATIENT.departmentId })
        .map((type) => type.id),
    ).toContain(SAMPLE_PATIENT.appointmentTypeId);
  });

  it('has a provider who works the days said, and no others', () => {
    const slots = practice.scheduledSlots({
      startDate: '2026-03-02',
      endDate: '2026-03-15',
      providerIds: [SAMPLE_PATIENT.providerId],
    });
    const days = new Set(slots.map((slot) => new Date(`${slot.date}T12:00:00Z`).getUTCDay()));
    expect([...days].sort()).toEqual([...SAMPLE_PROVIDER_WORKDAYS]);
  });
});
