import { describe, expect, it } from 'vitest';

import { appointmentChangeType } from './athena-change-feed.js';

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
