import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import { json, setup, type ListBody, type Row, type Sandbox } from './helpers.js';

const practice = createPractice();
/** Seed bookings a week ahead in Boston (department 1) and in another department. */
const [seeded, second] = practice.seedAppointments({
  startDate: '2026-03-09',
  endDate: '2026-03-13',
  departmentIds: [1],
});
const elsewhere = practice
  .seedAppointments({ startDate: '2026-03-09', endDate: '2026-03-13' })
  .find((appointment) => appointment.departmentId !== 1)!;

let sb: Sandbox;
beforeEach(async () => {
  sb = await setup();
});
afterEach(() => sb.app.close());

const frontDesk = (id: string, action: 'cancel' | 'move', body: Record<string, string> = {}) =>
  sb.app.inject({
    method: 'POST',
    url: `/_sandbox/front-desk/appointments/${id}/${action}`,
    payload: body,
  });
const changed = async (query = '') =>
  json<ListBody<'appointments'>>(await sb.get(`/appointments/changed${query}`)).appointments;

async function openSlotIn(departmentId: number): Promise<Row> {
  const body = json<ListBody<'appointments'>>(
    await sb.get(
      `/appointments/open?departmentid=${departmentId}&appointmenttypeid=5&startdate=03/03/2026`,
    ),
  );
  return body.appointments[0]!;
}

describe('changed-data subscriptions', () => {
  it('queues nothing before a subscription, then each change once (processed when fetched)', async () => {
    expect((await frontDesk(String(seeded!.id), 'cancel')).statusCode).toBe(200);
    expect(json<{ status: string }>(await sb.get('/appointments/changed/subscription'))).toEqual({
      status: 'INACTIVE',
      subscriptions: [],
    });
    expect(await changed()).toEqual([]);

    expect(json(await sb.post('/appointments/changed/subscription', {}))).toEqual({
      success: 'true',
    });
    const subscription = json<{ status: string; subscriptions: unknown[] }>(
      await sb.get('/appointments/changed/subscription'),
    );
    expect(subscription.status).toBe('ACTIVE');
    expect(subscription.subscriptions).toContainEqual({ eventname: 'CancelAppointment' });

    expect((await frontDesk(String(second!.id), 'cancel')).statusCode).toBe(200);
    expect((await frontDesk(String(elsewhere.id), 'cancel')).statusCode).toBe(200);
    expect((await frontDesk(String(second!.id), 'cancel')).statusCode).toBe(409);

    const left = await changed('?departmentid=1&leaveunprocessed=true');
    expect(left.map((row) => [row.appointmentid, row.appointmentstatus])).toEqual([
      [String(second!.id), 'x'],
    ]);
    expect((await changed('?departmentid=1')).length).toBe(1);
    expect(await changed('?departmentid=1')).toEqual([]);
    expect((await changed()).map((row) => row.appointmentid)).toEqual([String(elsewhere.id)]);
    expect(await changed()).toEqual([]);
  });

  it('reports a front-desk move as the old one cancelled and the new one rescheduled', async () => {
    await sb.post('/appointments/changed/subscription', {});
    const target = await openSlotIn(1);
    const moved = await frontDesk(String(seeded!.id), 'move', {
      toappointmentid: String(target.appointmentid),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await changed('?departmentid=1');
    expect(rows.map((row) => [row.appointmentid, row.appointmentstatus])).toEqual([
      [String(seeded!.id), 'x'],
      [String(target.appointmentid), 'f'],
    ]);
    expect(rows[1]).toMatchObject({
      rescheduledfromappointmentid: String(seeded!.id),
      patientid: String(seeded!.patientId),
    });
    expect((await frontDesk(String(seeded!.id), 'move', {})).statusCode).toBe(400);
  });

  it('feeds patient registrations and updates, and refuses an unknown event name', async () => {
    const refused = await sb.post('/patients/changed/subscription', { eventname: 'Nope' });
    expect(refused.statusCode).toBe(400);
    await sb.post('/patients/changed/subscription', {});
    const created = await sb.post('/patients', {
      firstname: 'Ada',
      lastname: 'Lovelace',
      dob: '12/10/1990',
      zip: '02110',
      departmentid: '1',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { patientid } = json<Array<{ patientid: string }>>(created)[0]!;
    await sb.put(`/patients/${patientid}`, { lastname: 'King' });
    const rows = json<ListBody<'patients'>>(await sb.get('/patients/changed')).patients;
    expect(rows.map((row) => [row.patientid, row.lastname])).toEqual([[patientid, 'King']]);
  });
});
