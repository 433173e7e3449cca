import { describe, expect, it } from 'vitest';

import { appointmentChangeType, patientChangeType } from './athena-change-feed.js';

describe('appointmentChangeType', () => {
  it.each([
    [{ appointmentstatus: 'x' }, 'appointment.cancelled'],
    [{ appointmentstatus: 'x', rescheduledfromappointmentid: '1' }, 'appointment.cancelled'],
    [{ appointmentstatus: 'f', rescheduledfromappointmentid: '1' }, 'appointment.rescheduled'],
    [{ appointmentstatus: 'f' }, 'appointment.booked'],
    [{ appointmentstatus: '2' }, 'appointment.updated'],
    [{ appointmentstatus: '3' }, 'appointment.updated'],
  ])('%j is %s', (wire, type) => {
    expect(appointmentChangeType(wire)).toBe(type);
  });
});

describe('patientChangeType', () => {
  const now = new Date('2026-11-26T03:00:00Z');
  it.each([
    [{ registrationdate: '11/26/2026' }, 'patient.registered'],
    // Still the 25th in the practice's zone when it is the 26th in UTC.
    [{ registrationdate: '11/25/2026' }, 'patient.registered'],
    [{ registrationdate: '11/24/2026' }, 'patient.updated'],
    [{ registrationdate: '03/02/2019' }, 'patient.updated'],
    [{}, 'patient.updated'],
  ])('%j is %s', (wire, type) => {
    expect(patientChangeType(wire, now)).toBe(type);
  });
});
