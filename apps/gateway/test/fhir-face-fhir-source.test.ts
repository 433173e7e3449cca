import type { Appointment, Bundle, Slot } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';
import { fhirValidationErrors, loadFhirDefinitions } from '@ehr-gateway/fhir-mapping/validation';

import {
  FHIR_PRACTICE as PRACTICE,
  startFhirSourceApp,
  type FhirSourceApp,
} from './fhir-source-app.js';
import { adminRequest } from './helpers.js';
import { scheduleDate } from './schedule.js';

const CLIENT_ID = 'face-test-client';
const SECRET = 'face-test-secret-value';
const BASE = `/fhir/r4/fhir/${PRACTICE}`;

/**
 * The FHIR face in front of the FHIR connector (source=fhir), where an appointment's id is the
 * FHIR EHR's own (a UUID), not its slot's: book, read back, cancel, and the request log's source.
 */
describe('FHIR face at source=fhir', () => {
  let started: FhirSourceApp | undefined;
  let app: FastifyInstance;
  let key: string;
  let cookie: string;

  beforeAll(async () => {
    loadFhirDefinitions();
    started = await startFhirSourceApp({
      sandbox: {
        slotDaysPast: 1,
        slotDaysAhead: 10,
        clients: [{ clientId: CLIENT_ID, clientSecret: SECRET, scopes: ['system/*.cruds'] }],
      },
      credentials: { clientId: CLIENT_ID, clientSecret: SECRET },
      maxQps: 200,
    });
    ({ app, cookie, key } = started);
  }, 240_000);
  afterAll(async () => {
    await started?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        'x-api-key': key,
        ...(method === 'PATCH' ? { 'content-type': 'application/json-patch+json' } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('books a free slot (201, its Slot named), reads it back, cancels it; logged as fhir', async () => {
    const day = scheduleDate({ daysAhead: 3, atLeast: 2 });
    const search = await send('GET', `${BASE}/Slot?status=free&start=ge${day}&_count=5`);
    expect(search.statusCode, search.body).toBe(200);
    const slot = (search.json() as Bundle<Slot>).entry![0]!.resource!;

    const booked = await send('POST', `${BASE}/Appointment`, {
      resourceType: 'Appointment',
      status: 'booked',
      slot: [{ reference: `Slot/${slot.id}` }],
      participant: [{ actor: { reference: 'Patient/1001' }, status: 'accepted' }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json() as Appointment;
    expect(fhirValidationErrors(appointment)).toEqual([]);
    // The FHIR EHR's own id, which is not the slot's; the answer still names the slot booked.
    expect(appointment.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(appointment.slot).toEqual([{ reference: `Slot/${slot.id}` }]);
    expect(booked.headers.location).toMatch(new RegExp(`${BASE}/Appointment/${appointment.id}$`));

    const read = await send('GET', `${BASE}/Appointment/${appointment.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: appointment.id, status: 'booked' });
    const mine = await send('GET', `${BASE}/Appointment?patient=Patient/1001&date=ge${day}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = (mine.json() as Bundle).entry?.map((entry) => entry.resource?.id);
    expect(ids).toContain(appointment.id);

    const cancelled = await send('PATCH', `${BASE}/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'cancelled' },
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: appointment.id, status: 'cancelled' });

    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs?source=fhir&endpoint=${BASE}/Appointment&limit=50`,
    });
    expect(logs.statusCode, logs.body).toBe(200);
    const entries = (logs.json() as { logs: Array<{ method: string; status: number }> }).logs;
    expect(entries.map((e) => `${e.method} ${e.status}`)).toEqual(
      expect.arrayContaining(['POST 201', 'PATCH 200']),
    );
  });

  it("offers a FHIR patient's open slots in their provider's home department (a FHIR Patient names none)", async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/aggregate/patient-open-slots?source=fhir&${new URLSearchParams({
        firstname: SAMPLE_PATIENT.firstName,
        lastname: SAMPLE_PATIENT.lastName,
        dob: SAMPLE_PATIENT.dob,
        appointmenttypeid: String(SAMPLE_PATIENT.appointmentTypeId),
      }).toString()}`,
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as {
      patient: { id: string };
      departmentId: string;
      totalCount: number;
    };
    expect(answer.patient.id).toBe('1001');
    expect(answer.totalCount).toBeGreaterThan(0);
    const providers = await send('GET', `/api/${PRACTICE}/providers?source=fhir`);
    const home = (
      providers.json() as { providers: Array<{ id: string; homeDepartmentId: string }> }
    ).providers.find((p) => p.id === String(SAMPLE_PATIENT.providerId));
    expect(answer.departmentId).toBe(home?.homeDepartmentId);
  });
});
