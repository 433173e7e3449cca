import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';
import { describe, expect, it } from 'vitest';

import { databaseTargets, useGateway } from './helpers.js';
import { aSaturday, scheduleDate } from './schedule.js';

/** The synthetic practice's sample patient as a name-and-birth-date query. */
const SAMPLE_QUERY = `firstname=${SAMPLE_PATIENT.firstName}&lastname=${SAMPLE_PATIENT.lastName}&dob=${SAMPLE_PATIENT.dob}`;

const newPatient = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  dob: '12/10/1990',
  email: 'ada@example.com',
  sex: 'F',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  departmentid: '21',
  ...overrides,
});

describe.each(databaseTargets)('custom aggregation on the Mock EHR ($name)', (target) => {
  const gw = useGateway(target);

  const get = (url: string) =>
    gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': gw.key } });
  const create = (payload: unknown, idempotencyKey?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=mock',
      headers: {
        'x-api-key': gw.key,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload: payload as object,
    });

  it('maps departments to their providers', async () => {
    const body = (await get('/aggregate/department-providers?source=mock')).json();
    expect(body.totalCount).toBeGreaterThanOrEqual(5);
    const providerCount = body.departments.reduce(
      (n: number, d: { providers: unknown[] }) => n + d.providers.length,
      0,
    );
    expect(providerCount).toBeGreaterThanOrEqual(20);
    for (const department of body.departments) {
      expect(
        department.providers.every(
          (p: { homeDepartmentId: string }) => p.homeDepartmentId === department.id,
        ),
      ).toBe(true);
    }
  });

  it("lists a department's appointment types and 404s an unknown department", async () => {
    const body = (await get('/aggregate/appointment-types?source=mock&departmentid=21')).json();
    expect(body.appointmentTypes.map((t: { name: string }) => t.name)).toContain(
      'Well Child Visit',
    );
    expect(
      (await get('/aggregate/appointment-types?source=mock&departmentid=4242')).statusCode,
    ).toBe(404);
    expect((await get('/aggregate/appointment-types?source=mock')).json().details[0].field).toBe(
      'departmentid',
    );
  });

  it("finds a patient's provider and department by name and either date format", async () => {
    const iso = (await get(`/aggregate/patient-provider?source=mock&${SAMPLE_QUERY}`)).json();
    const us = (
      await get(
        '/aggregate/patient-provider?source=mock&firstname=linda&lastname=WRIGHT&dob=04/19/2017',
      )
    ).json();
    expect(us).toEqual(iso);
    expect(iso.patient.id).toBe('1001');
    expect(iso.provider.id).toBe(iso.patient.primaryProviderId);
    expect(iso.department.id).toBe(iso.patient.departmentId);
    const missing = await get(
      '/aggregate/patient-provider?source=mock&firstname=No&lastname=Body&dob=2000-01-01',
    );
    expect(missing.statusCode).toBe(404);
    const badDob = await get(
      '/aggregate/patient-provider?source=mock&firstname=a&lastname=b&dob=2000-02-30',
    );
    expect(badDob.statusCode).toBe(400);
    expect(badDob.json().details[0].field).toBe('dob');
  });

  it("offers a patient's open slots, their own provider first", async () => {
    const body = (
      await get(
        `/aggregate/patient-open-slots?source=mock&${SAMPLE_QUERY}&appointmenttypeid=${SAMPLE_PATIENT.appointmentTypeId}`,
      )
    ).json();
    expect(body.patient.id).toBe('1001');
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.totalCount).toBe(body.slots.length);
    expect(
      body.slots.every(
        (s: { appointmentTypeId: string; departmentId: string }) =>
          s.appointmentTypeId === '7' && s.departmentId === '21',
      ),
    ).toBe(true);
    if (body.providerId) {
      expect(
        body.slots.every((s: { providerId: string }) => s.providerId === body.providerId),
      ).toBe(true);
    }
  });

  it('registers a patient and books the earliest open slot of the day', async () => {
    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 10 });
    const response = await create({
      patient: newPatient(),
      appointment: { appointmentTypeId: '7', departmentId: '21', date, notes: 'cough for a week' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.patient).toEqual({ id: expect.any(String), created: true });
    expect(body.appointment).toMatchObject({
      patientId: body.patient.id,
      status: 'Scheduled',
      appointmentTypeId: '7',
      department: { id: '21' },
      notes: 'cough for a week',
    });
    expect(body.appointment.startTime.startsWith(date)).toBe(true);
  });

  it('returns the first answer to a retry with the same Idempotency-Key and books nothing more', async () => {
    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 11 });
    const payload = {
      patient: newPatient({ firstname: 'Alan', lastname: 'Turing', dob: '1992-06-23' }),
      appointment: { appointmentTypeId: '7', departmentId: '21', date },
    };
    const first = await create(payload, 'retry-me-1');
    const retries = await Promise.all([
      create(payload, 'retry-me-1'),
      create(payload, 'retry-me-1'),
    ]);
    expect(first.statusCode).toBe(201);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
    }
    const booked = (
      await get(
        `/api/12345/patient-with-appointments?source=mock&patientId=${first.json().patient.id}&startDate=${date}`,
      )
    ).json();
    expect(booked.appointments).toHaveLength(1);

    const reused = await create(
      {
        ...payload,
        appointment: {
          ...payload.appointment,
          date: scheduleDate({ departmentId: '21', appointmentTypeId: '7', avoid: [date] }),
        },
      },
      'retry-me-1',
    );
    expect(reused.statusCode).toBe(422);
  });

  it('says when the day has no open slot, naming the patient it registered', async () => {
    const response = await create({
      patient: newPatient({ firstname: 'Barbara', lastname: 'Liskov', dob: '1985-11-07' }),
      appointment: {
        appointmentTypeId: '7',
        departmentId: '21',
        date: aSaturday(),
      },
    });
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe('NO_OPEN_SLOT');
    expect(body.context).toEqual({ patientId: expect.any(String), patientCreated: true });
    expect(body.message).toMatch(/^Patient \d+ was registered, but no appointment was booked: /);
  });

  it('reports a booking that fails after registration (type does not fit), with the patient id', async () => {
    const response = await create({
      patient: newPatient({
        firstname: 'Edsger',
        lastname: 'Dijkstra',
        dob: '1980-05-11',
        departmentid: '102',
      }),
      appointment: {
        appointmentTypeId: '9',
        departmentId: '102',
        date: scheduleDate({ departmentId: '102' }),
      },
    });
    // Echocardiograms are not in the cardiology template, so no slot of that type exists.
    expect(response.statusCode).toBe(409);
    expect(response.json().context.patientCreated).toBe(true);
  });

  it('refuses a slot taken between lookup and booking with 409 (another booking took the only slot)', async () => {
    const date = scheduleDate({ departmentId: '102', appointmentTypeId: '8', daysAhead: 14 });
    const payload = (first: string) => ({
      patient: newPatient({ firstname: first, lastname: 'Race', dob: '1970-01-01' }),
      appointment: { appointmentTypeId: '8', departmentId: '102', date },
    });
    const answers = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => create(payload(name))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const booked = answers.filter((a) => a.statusCode === 201).map((a) => a.json().appointment.id);
    expect(new Set(booked).size).toBe(booked.length);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().context.patientId).toEqual(expect.any(String));
    }
  });

  it('validates the body, naming each field', async () => {
    const response = await create({
      patient: {
        firstname: '',
        lastname: 'X',
        dob: '2999-01-01',
        departmentid: 'no such id!',
        email: 'nope',
        zip: '1',
      },
      appointment: { appointmentTypeId: '7', departmentId: '21', date: 'tomorrow' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining([
        'patient.firstname',
        'patient.dob',
        'patient.departmentid',
        'patient.email',
        'patient.zip',
        'appointment.date',
      ]),
    );
  });

  it('refuses an id the chosen EHR cannot issue, naming it (FHIR ids are opaque, Mock ids numeric)', async () => {
    const response = await create({
      patient: {
        firstname: 'Ana',
        lastname: 'Reyes',
        dob: '1990-04-02',
        departmentid: 'one',
      },
      appointment: { appointmentTypeId: '7', departmentId: '21', date: '2030-01-02' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'patient.departmentid', message: 'must be a numeric id for source=mock' },
    ]);
  });
});
