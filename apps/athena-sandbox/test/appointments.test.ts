import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import { json, setup, type ListBody, type Row, type Sandbox } from './helpers.js';

const practice = createPractice();
const CONFLICT = {
  detailedmessage:
    'The appointment ID is already booked or is not marked as being available to be scheduled via the API.',
  error: 'That appointment time was already booked or not available for booking.',
};

let sb: Sandbox;
beforeEach(async () => {
  sb = await setup();
});
afterEach(() => sb.app.close());

/** The first open Annual Physical slot in Boston, and a Boston patient. */
async function openSlot(): Promise<Row> {
  const body = json<ListBody<'appointments'>>(
    await sb.get('/appointments/open?departmentid=1&appointmenttypeid=5&startdate=03/03/2026'),
  );
  return body.appointments[0]!;
}
const patient = practice.patients.find((p) => p.departmentId === 1)!;
const otherPatient = practice.patients.find((p) => p.departmentId === 1 && p.id !== patient.id)!;
/** A slot the seed booked, a week ahead. */
const seeded = practice.seedAppointments({
  startDate: '2026-03-09',
  endDate: '2026-03-09',
  departmentIds: [1],
})[0]!;

const book = (slotId: unknown, fields: Record<string, string>) =>
  sb.put(`/appointments/${String(slotId)}`, fields);

describe('PUT /appointments/{appointmentid}', () => {
  it('books an open slot and answers [appointment] with status f', async () => {
    const slot = await openSlot();
    const response = await book(slot.appointmentid, {
      patientid: String(patient.id),
      appointmenttypeid: '5',
      bookingnote: 'Yearly check',
    });
    expect(response.statusCode).toBe(200);
    const body = json<Row[]>(response);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      appointmentid: slot.appointmentid,
      appointmentstatus: 'f',
      appointmenttype: 'Annual Physical',
      appointmenttypeid: '5',
      patientappointmenttypename: 'Annual Physical',
      date: slot.date,
      starttime: slot.starttime,
      duration: '40',
      departmentid: '1',
      providerid: slot.providerid,
      patientid: String(patient.id),
      scheduleddatetime: '03/02/2026 10:00:00',
      appointmentnotes: [expect.objectContaining({ notetext: 'Yearly check' })],
    });
  });

  it('answers the recorded 409 when the slot is booked already', async () => {
    const slot = await openSlot();
    const fields = { patientid: String(patient.id), appointmenttypeid: '5' };
    expect((await book(slot.appointmentid, fields)).statusCode).toBe(200);
    const again = await book(slot.appointmentid, { ...fields, patientid: String(otherPatient.id) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(CONFLICT);

    const seedTaken = await book(seeded.id, fields);
    expect(seedTaken.statusCode).toBe(409);
    expect(seedTaken.json()).toEqual(CONFLICT);
  });

  it('books a slot once when two requests race for it', async () => {
    const slot = await openSlot();
    const [a, b] = await Promise.all([
      book(slot.appointmentid, { patientid: String(patient.id), appointmenttypeid: '5' }),
      book(slot.appointmentid, { patientid: String(otherPatient.id), appointmenttypeid: '5' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const read = json<Row[]>(await sb.get(`/appointments/${String(slot.appointmentid)}`))[0]!;
    const winner = a.statusCode === 200 ? patient : otherPatient;
    expect(read.patientid).toBe(String(winner.id));
  });

  it('takes its parameters from the query string too', async () => {
    const slot = await openSlot();
    const response = await sb.app.inject({
      method: 'PUT',
      url: `/v1/195900/appointments/${String(slot.appointmentid)}?patientid=${patient.id}&reasonid=-1`,
      headers: { authorization: `Bearer ${sb.bearer}` },
    });
    expect(response.statusCode).toBe(200);
    expect(json<Row[]>(response)[0]).toMatchObject({
      appointmentstatus: 'f',
      appointmenttypeid: '5',
    });
  });

  it('answers 400 for a missing patient, type or reason, and invalid values', async () => {
    const slot = await openSlot();
    const noPatient = await book(slot.appointmentid, { appointmenttypeid: '5' });
    expect(noPatient.statusCode).toBe(400);
    expect(noPatient.json()).toEqual({
      invalidfields: [],
      missingfields: ['patientid'],
      error: 'Additional fields are required.',
    });
    const noType = await book(slot.appointmentid, { patientid: String(patient.id) });
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toEqual({
      detailedmessage: 'An appointment type or reason must be provided.',
      error: 'Additional fields are required.',
    });
    const unknownPatient = await book(slot.appointmentid, { patientid: '999999', reasonid: '-1' });
    expect(unknownPatient.statusCode).toBe(400);
    expect(unknownPatient.json()).toMatchObject({ invalidfields: ['patientid'] });
    const tooLong = await book(slot.appointmentid, {
      patientid: String(patient.id),
      appointmenttypeid: '9',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ invalidfields: ['appointmenttypeid'] });
    const unknownType = await book(slot.appointmentid, {
      patientid: String(patient.id),
      appointmenttypeid: '77',
    });
    expect(unknownType.json()).toMatchObject({ invalidfields: ['appointmenttypeid'] });
  });

  it('answers 404 for an unknown slot and 409 for a past one', async () => {
    const fields = { patientid: String(patient.id), reasonid: '-1' };
    expect((await book('999999999999', fields)).statusCode).toBe(404);
    expect((await book('abc', fields)).statusCode).toBe(404);
    const past = practice
      .scheduledSlots({ startDate: '2026-02-23', endDate: '2026-02-27', departmentIds: [1] })
      .find((slot) => !practice.seedAppointment(slot))!;
    const response = await book(past.id, fields);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(CONFLICT);
  });

  it('removes a booked slot from the open list', async () => {
    const slot = await openSlot();
    await book(slot.appointmentid, { patientid: String(patient.id), appointmenttypeid: '5' });
    const after = await openSlot();
    expect(after.appointmentid).not.toBe(slot.appointmentid);
  });
});

describe('GET /appointments/{appointmentid}', () => {
  it('reads an open slot as status o', async () => {
    const slot = await openSlot();
    const body = json<Row[]>(await sb.get(`/appointments/${String(slot.appointmentid)}`));
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      appointmentid: slot.appointmentid,
      appointmentstatus: 'o',
      date: slot.date,
      starttime: slot.starttime,
      appointmenttypeid: '5',
    });
    expect(body[0]!.patientid).toBeUndefined();
  });

  it('reads a seed booking as f, and a past one as checked out (3)', async () => {
    const future = json<Row[]>(await sb.get(`/appointments/${seeded.id}`))[0]!;
    expect(future).toMatchObject({
      appointmentstatus: 'f',
      patientid: String(seeded.patientId),
      scheduledby: 'frontdesk',
    });
    expect(future.scheduleddatetime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const past = practice.seedAppointments({
      startDate: '2026-02-23',
      endDate: '2026-02-23',
      departmentIds: [1],
    })[0]!;
    expect(json<Row[]>(await sb.get(`/appointments/${past.id}`))[0]).toMatchObject({
      appointmentstatus: '3',
    });
  });

  it('answers 404 for unknown ids', async () => {
    expect((await sb.get('/appointments/123')).statusCode).toBe(404);
    const response = await sb.get('/appointments/999000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'The appointment ID is invalid.' });
  });
});

describe('PUT /appointments/{appointmentid}/cancel', () => {
  it('cancels, frees the slot, and lets someone else book it', async () => {
    const slot = await openSlot();
    const id = String(slot.appointmentid);
    await book(id, { patientid: String(patient.id), appointmenttypeid: '5' });
    const cancelled = await sb.put(`/appointments/${id}/cancel`, {
      patientid: String(patient.id),
      cancellationreason: 'Feeling better',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(json<Row[]>(cancelled)[0]).toMatchObject({
      appointmentstatus: 'x',
      patientid: String(patient.id),
      cancelreasonname: 'Feeling better',
      cancelleddatetime: '03/02/2026 10:00:00',
    });
    expect(json<Row[]>(await sb.get(`/appointments/${id}`))[0]!.appointmentstatus).toBe('x');
    expect((await openSlot()).appointmentid).toBe(id);
    const rebooked = await book(id, { patientid: String(otherPatient.id), appointmenttypeid: '5' });
    expect(rebooked.statusCode).toBe(200);
    expect(json<Row[]>(rebooked)[0]).toMatchObject({
      appointmentstatus: 'f',
      patientid: String(otherPatient.id),
    });
  });

  it('cancels a seed booking too', async () => {
    const response = await sb.put(`/appointments/${seeded.id}/cancel`, {
      patientid: String(seeded.patientId),
    });
    expect(response.statusCode).toBe(200);
    const open = json<ListBody<'appointments'>>(
      await sb.get(
        `/appointments/open?departmentid=1&appointmenttypeid=${seeded.appointmentTypeId}&startdate=03/09/2026&enddate=03/09/2026`,
      ),
    );
    expect(open.appointments.map((s) => s.appointmentid)).toContain(seeded.id);
  });

  it('answers 400 without a patient, for the wrong patient, or when not booked', async () => {
    const slot = await openSlot();
    const id = String(slot.appointmentid);
    const notBooked = await sb.put(`/appointments/${id}/cancel`, { patientid: String(patient.id) });
    expect(notBooked.statusCode).toBe(400);
    expect(notBooked.json()).toMatchObject({ error: 'The appointment is not booked.' });
    await book(id, { patientid: String(patient.id), appointmenttypeid: '5' });
    const missing = await sb.put(`/appointments/${id}/cancel`, {});
    expect(missing.json()).toMatchObject({ missingfields: ['patientid'] });
    const wrong = await sb.put(`/appointments/${id}/cancel`, {
      patientid: String(otherPatient.id),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'The patient ID does not match the appointment.' });
    await sb.put(`/appointments/${id}/cancel`, { patientid: String(patient.id) });
    const twice = await sb.put(`/appointments/${id}/cancel`, { patientid: String(patient.id) });
    expect(twice.json()).toMatchObject({ error: 'The appointment is already cancelled.' });
    expect((await sb.put('/appointments/999000000000/cancel', { patientid: '1' })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /appointments/booked', () => {
  it('lists booked appointments in the range with booked-appointment fields', async () => {
    const expected = practice.seedAppointments({
      startDate: '2026-03-09',
      endDate: '2026-03-13',
      departmentIds: [1],
    });
    const body = json<ListBody<'appointments'>>(
      await sb.get('/appointments/booked?departmentid=1&startdate=03/09/2026&enddate=03/13/2026'),
    );
    expect(body.totalcount).toBe(expected.length);
    expect(new Set(body.appointments.map((a) => a.appointmentid))).toEqual(
      new Set(expected.map((a) => a.id)),
    );
    const row = body.appointments[0]!;
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'appointmentid',
        'appointmentstatus',
        'appointmenttype',
        'appointmenttypeid',
        'date',
        'starttime',
        'duration',
        'departmentid',
        'providerid',
        'patientid',
        'scheduleddatetime',
      ]),
    );
    expect(body.appointments.every((a) => a.appointmentstatus === 'f')).toBe(true);
  });

  it('includes the sandbox’s bookings, filters by provider and patient, hides cancelled', async () => {
    const slot = await openSlot();
    await book(slot.appointmentid, { patientid: String(patient.id), appointmenttypeid: '5' });
    const range = `startdate=${String(slot.date)}&enddate=${String(slot.date)}`;
    const byProvider = json<ListBody<'appointments'>>(
      await sb.get(`/appointments/booked?providerid=${String(slot.providerid)}&${range}`),
    );
    expect(byProvider.appointments.every((a) => a.providerid === slot.providerid)).toBe(true);
    expect(byProvider.appointments.map((a) => a.appointmentid)).toContain(slot.appointmentid);
    const byPatient = json<ListBody<'appointments'>>(
      await sb.get(`/appointments/booked?patientid=${patient.id}&${range}`),
    );
    expect(byPatient.appointments.map((a) => a.appointmentid)).toEqual([slot.appointmentid]);

    await sb.put(`/appointments/${String(slot.appointmentid)}/cancel`, {
      patientid: String(patient.id),
    });
    const after = json<ListBody<'appointments'>>(
      await sb.get(`/appointments/booked?patientid=${patient.id}&${range}`),
    );
    expect(after.totalcount).toBe(0);
    const withCancelled = json<ListBody<'appointments'>>(
      await sb.get(`/appointments/booked?patientid=${patient.id}&${range}&showcancelled=true`),
    );
    expect(withCancelled.appointments[0]).toMatchObject({ appointmentstatus: 'x' });
  });

  it('answers 400 without dates or a department/provider/patient, or for a year-plus range', async () => {
    const noDates = await sb.get('/appointments/booked?departmentid=1');
    expect(noDates.json()).toMatchObject({ missingfields: ['startdate', 'enddate'] });
    const noWho = await sb.get('/appointments/booked?startdate=03/02/2026&enddate=03/03/2026');
    expect(noWho.statusCode).toBe(400);
    expect(noWho.json()).toMatchObject({ missingfields: ['departmentid'] });
    const tooLong = await sb.get(
      '/appointments/booked?departmentid=1&startdate=01/01/2026&enddate=06/01/2027',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ invalidfields: ['enddate'] });
  });
});

describe('GET /patients/{patientid}/appointments', () => {
  it('lists a patient’s upcoming appointments; showpast and showcancelled widen it', async () => {
    const slot = await openSlot();
    await book(slot.appointmentid, { patientid: String(patient.id), appointmenttypeid: '5' });
    const upcoming = json<ListBody<'appointments'>>(
      await sb.get(`/patients/${patient.id}/appointments`),
    );
    expect(upcoming.appointments.map((a) => a.appointmentid)).toContain(slot.appointmentid);
    expect(upcoming.appointments.every((a) => a.patientid === String(patient.id))).toBe(true);
    expect(upcoming.appointments.every((a) => (a.date as string) >= '03/02/2026')).toBe(true);
    expect(upcoming.totalcount).toBe(upcoming.appointments.length);

    const withPast = json<ListBody<'appointments'>>(
      await sb.get(
        `/patients/${patient.id}/appointments?showpast=true&startdate=09/01/2025&enddate=03/31/2026`,
      ),
    );
    const seedPast = practice
      .seedAppointments({ startDate: '2025-09-01', endDate: '2026-03-01' })
      .filter((a) => a.patientId === patient.id);
    for (const past of seedPast) {
      expect(withPast.appointments.map((a) => a.appointmentid)).toContain(past.id);
    }

    await sb.put(`/appointments/${String(slot.appointmentid)}/cancel`, {
      patientid: String(patient.id),
    });
    const hidden = json<ListBody<'appointments'>>(
      await sb.get(`/patients/${patient.id}/appointments`),
    );
    expect(hidden.appointments.map((a) => a.appointmentid)).not.toContain(slot.appointmentid);
    const shown = json<ListBody<'appointments'>>(
      await sb.get(`/patients/${patient.id}/appointments?showcancelled=true`),
    );
    expect(shown.appointments.find((a) => a.appointmentid === slot.appointmentid)).toMatchObject({
      appointmentstatus: 'x',
    });
  });

  it('answers 404 for an unknown patient', async () => {
    expect((await sb.get('/patients/999999/appointments')).statusCode).toBe(404);
  });
});
