import { describe, expect, it } from 'vitest';

import {
  normalisedAppointment,
  normalisedOpenSlot,
  normalisedPatient,
  normalisedStatus,
  seededHolder,
} from './normalised.js';
import { createPractice } from './practice.js';

describe('the practice in normalised types', () => {
  const practice = createPractice();
  const slots = practice.scheduledSlots({ startDate: '2026-03-02', endDate: '2026-03-06' });
  const now = new Date('2026-03-04T15:00:00Z');

  it('writes ids as strings and times with the department offset', () => {
    const denver = slots.find(
      (slot) => practice.department(slot.departmentId)?.timezone === 'America/Denver',
    )!;
    const open = normalisedOpenSlot(denver, practice);
    expect(open).toMatchObject({
      id: denver.id,
      departmentId: String(denver.departmentId),
      providerId: String(denver.providerId),
      appointmentTypeId: String(denver.appointmentTypeId),
      startTime: `${denver.date}T${denver.startTime}:00-07:00`,
      duration: denver.duration,
    });
    expect(Date.parse(open.endTime) - Date.parse(open.startTime)).toBe(denver.duration * 60_000);
    expect(normalisedPatient(practice.patients[0]!)).toMatchObject({
      id: '1001',
      departmentId: expect.any(String),
    });
  });

  it("holds the seed's bookings, and reads a booked day in the past as checked out", () => {
    const booked = slots.filter((slot) => seededHolder(slot, practice).status === 'booked');
    expect(booked.length).toBeGreaterThan(0);
    const seeded = practice.seedAppointment(booked[0]!)!;
    expect(seededHolder(booked[0]!, practice)).toEqual({
      status: 'booked',
      patientId: seeded.patientId,
      appointmentTypeId: seeded.appointmentTypeId,
      notes: null,
    });
    const before = booked.find((slot) => slot.date === '2026-03-02')!;
    const after = booked.find((slot) => slot.date === '2026-03-06')!;
    expect(normalisedStatus(before, seededHolder(before, practice), practice, now)).toBe(
      'Checked Out',
    );
    expect(normalisedStatus(after, seededHolder(after, practice), practice, now)).toBe('Scheduled');
    const held = seededHolder(after, practice);
    if (held.status === 'open') {
      throw new Error('the slot was chosen as booked');
    }
    const cancelled = { ...held, status: 'cancelled' as const };
    expect(normalisedAppointment(after, cancelled, practice, now)).toMatchObject({
      status: 'Cancelled',
      patientId: String(cancelled.patientId),
      department: {
        id: String(after.departmentId),
        name: practice.department(after.departmentId)!.name,
      },
    });
    const open = slots.find((slot) => seededHolder(slot, practice).status === 'open')!;
    expect(normalisedAppointment(open, { status: 'open' }, practice, now)).toMatchObject({
      status: 'Open',
      patientId: null,
      notes: null,
    });
  });
});
