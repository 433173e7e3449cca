import { exportPKCS8, generateKeyPair } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';

import {
  FHIR_PRACTICE as PRACTICE,
  startFhirSourceApp,
  type FhirSourceApp,
} from './fhir-source-app.js';
import { adminRequest } from './helpers.js';
import { publicKeySet, signingKeyFrom } from '../src/modules/ehr/fhir/fhir-keys.js';
import { scheduleDate } from './schedule.js';

const CLIENT_ID = 'rest-fhir-client';
const SAMPLE = `firstname=${SAMPLE_PATIENT.firstName}&lastname=${SAMPLE_PATIENT.lastName}&dob=${SAMPLE_PATIENT.dob}`;

/**
 * The REST API and the aggregation flows with source=fhir, through the FHIR connector to the
 * FHIR sandox over HTTP (private_key_jwt): the same routes and shapes as the Mock EHR, opaque ids
 * in path parameters, and no key, assertion or token in the server log or an answer.
 */
describe('REST API and aggregation at source=fhir', () => {
  let started: FhirSourceApp | undefined;
  let fhir: FastifyInstance;
  let app: FastifyInstance;
  let cookie: string;
  let key: string;
  let pem: string;
  const serverLog: string[] = [];
  const answers: string[] = [];
  const issuedTokens: string[] = [];

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    pem = await exportPKCS8(privateKey);
    const jwks = await publicKeySet(await signingKeyFrom(pem), undefined);
    started = await startFhirSourceApp({
      sandbox: {
        slotDaysPast: 1,
        slotDaysAhead: 21,
        pageSize: 20,
        clients: [{ clientId: CLIENT_ID, jwks: jwks as never, scopes: ['system/*.cruds'] }],
      },
      credentials: { clientId: CLIENT_ID, privateKey: pem },
      maxQps: 500,
      gateway: {
        logger: { level: 'trace', stream: { write: (line: string) => serverLog.push(line) } },
        settings: { toolTokenSecret: 'tool-token-secret-for-the-tests-0123456789' },
      },
      // The access tokens the EHR hands out, to look for them afterwards.
      beforeListen: (sandbox) =>
        sandbox.addHook('onSend', async (_request, _reply, payload) => {
          const token = typeof payload === 'string' && /"access_token":"([^"]+)"/.exec(payload);
          if (token) {
            issuedTokens.push(token[1]!);
          }
          return payload;
        }),
    });
    ({ fhir, app, cookie, key } = started);
  }, 240_000);
  afterAll(async () => {
    await started?.close();
  });

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await app.inject({
      method,
      url,
      headers: { 'x-api-key': key },
      ...(payload ? { payload } : {}),
    });
    answers.push(response.body);
    return response;
  }
  const get = (url: string) => call('GET', url);
  const ok = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('searches and reads patients, lists providers and departments, as the Mock EHR does', async () => {
    const listed = await ok(
      `/api/${PRACTICE}/patients?source=fhir&lastName=${SAMPLE_PATIENT.lastName}`,
    );
    expect(listed.patients.map((p: { id: string }) => p.id)).toContain('1001');
    const patient = await ok(`/api/${PRACTICE}/patients/1001?source=fhir`);
    const mockPatient = await ok(`/api/${PRACTICE}/patients/1001?source=mock`);
    expect(patient).toMatchObject({
      id: '1001',
      firstName: mockPatient.firstName,
      lastName: mockPatient.lastName,
      dob: mockPatient.dob,
    });
    const providers = await ok(`/api/${PRACTICE}/providers?source=fhir&limit=500`);
    const mockProviders = await ok(`/api/${PRACTICE}/providers?source=mock&limit=500`);
    expect(providers.totalCount).toBe(mockProviders.totalCount);
    expect(Object.keys(providers.providers[0]).sort()).toEqual(
      Object.keys(mockProviders.providers[0]).sort(),
    );
    const departments = await ok(`/api/${PRACTICE}/departments?source=fhir`);
    const mockDepartments = await ok(`/api/${PRACTICE}/departments?source=mock`);
    expect(departments.departments.map((d: { id: string }) => d.id).sort()).toEqual(
      mockDepartments.departments.map((d: { id: string }) => d.id).sort(),
    );
    const grouped = await ok('/aggregate/department-providers?source=fhir');
    expect(grouped.totalCount).toBe(departments.totalCount);
    const types = await ok('/aggregate/appointment-types?source=fhir&departmentid=21');
    expect(types.appointmentTypes.length).toBeGreaterThan(0);
    const provider = await ok(`/aggregate/patient-provider?source=fhir&${SAMPLE}`);
    expect(provider.patient.id).toBe('1001');
  });

  it('offers open slots, books one, lists it by patient under its opaque id, and reads it back', async () => {
    const slots = await ok(
      `/aggregate/patient-open-slots?source=fhir&${SAMPLE}&appointmenttypeid=${SAMPLE_PATIENT.appointmentTypeId}`,
    );
    expect(slots.patient.id).toBe('1001');
    expect(slots.slots.length).toBeGreaterThan(0);

    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 5 });
    const created = await call('POST', '/aggregate/patient-with-appointment?source=fhir', {
      patient: {
        firstname: SAMPLE_PATIENT.firstName,
        lastname: SAMPLE_PATIENT.lastName,
        dob: SAMPLE_PATIENT.dob,
        departmentid: '21',
      },
      appointment: { appointmentTypeId: '7', departmentId: '21', date, notes: 'ear ache' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { patient, appointment } = created.json();
    expect(patient).toEqual({ id: '1001', created: false });
    // The FHIR EHR's own id for the booking: a UUID, accepted as a path parameter.
    expect(appointment.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(appointment).toMatchObject({ patientId: '1001', status: 'Scheduled' });
    expect(appointment.startTime.startsWith(date)).toBe(true);

    const read = await ok(`/api/${PRACTICE}/appointments/${appointment.id}?source=fhir`);
    expect(read).toMatchObject({ id: appointment.id, patientId: '1001', status: 'Scheduled' });
    const mine = await ok(
      `/api/${PRACTICE}/patient-with-appointments?source=fhir&patientId=1001&startDate=${date}&endDate=${date}`,
    );
    expect(mine.appointments.map((a: { id: string }) => a.id)).toContain(appointment.id);
    const byDepartment = await ok(
      `/api/${PRACTICE}/appointments?source=fhir&departmentId=21&startDate=${date}&endDate=${date}`,
    );
    expect(byDepartment.appointments.map((a: { id: string }) => a.id)).toContain(appointment.id);
  });

  it('offers slots through smart scheduling at the FHIR practice', async () => {
    const response = await call('POST', '/aggregate/smart-scheduling', {
      messages: [
        { role: 'user', content: 'My son needs a well child visit next week, mornings please.' },
      ],
      practiceId: PRACTICE,
      source: 'fhir',
      patientInfo: {
        firstName: SAMPLE_PATIENT.firstName,
        lastName: SAMPLE_PATIENT.lastName,
        dob: SAMPLE_PATIENT.dob,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.smartScheduling.availableSlots.length).toBeGreaterThan(0);
    expect(body.canProceedWithBooking).toBe(true);
  });

  it('serves a voice-agent call at a FHIR practice: verify, find, book, list, reschedule, cancel', async () => {
    const tenant = await call('POST', '/voice-config/tenants', {
      name: 'FHIR line',
      ehrSource: 'fhir',
      practiceId: PRACTICE,
    });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const tenantId = (tenant.json() as { id: number }).id;
    let sequence = 0;
    const tool = async (name: string, args: Record<string, unknown>) => {
      const response = await call('POST', '/llm/tools/query-healthcare-entities', {
        message: {
          type: 'tool-calls',
          call: { id: 'call-fhir-1' },
          toolCallList: [
            {
              id: `fhir-tool-${(sequence += 1)}`,
              type: 'function',
              function: { name, arguments: { ...args, tenant_id: tenantId } },
            },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [result] = response.json().results as Array<{ result?: string; error?: string }>;
      expect(result?.error, result?.error).toBeUndefined();
      const text = result!.result!;
      const start = text.indexOf(' {');
      return {
        sentence: start === -1 ? text : text.slice(0, start),
        data: (start === -1 ? {} : JSON.parse(text.slice(start + 1))) as Record<string, unknown>,
      };
    };

    const verified = await tool('verify_patient', {
      firstName: SAMPLE_PATIENT.firstName,
      lastName: SAMPLE_PATIENT.lastName,
      dob: SAMPLE_PATIENT.dob,
    });
    expect(verified.sentence).toBe(`Thank you, ${SAMPLE_PATIENT.firstName}, I found your record.`);
    const patientRef = verified.data.patientRef as string;
    const found = await tool('find_open_slots', {
      specialty: 'pediatrics',
      appointmentType: 'well child visit',
      dateFrom: 'next week',
      patientRef,
    });
    const offers = found.data.offers as Array<{ slotToken: string; when: string }>;
    expect(offers.length, found.sentence).toBeGreaterThan(1);
    const booked = await tool('book_appointment', {
      patientRef,
      slotToken: offers[0]!.slotToken,
      reason: 'well child visit',
    });
    expect(booked.data.booked, booked.sentence).toBe(true);

    const listed = await tool('list_appointments', { patientRef });
    const upcoming = listed.data.appointments as Array<{ appointment: string; when: string }>;
    const bookedTime = offers[0]!.when.split(' with ')[0]!;
    const mine = upcoming.find((entry) => entry.when.includes(bookedTime));
    expect(mine, `${listed.sentence} / ${bookedTime}`).toBeDefined();
    const moved = await tool('reschedule_appointment', {
      patientRef,
      appointment: mine!.appointment,
      slotToken: offers[1]!.slotToken,
    });
    expect(moved.data.rescheduled, moved.sentence).toBe(true);
    const cancelled = await tool('cancel_appointment', {
      patientRef,
      appointment: moved.data.appointment as string,
    });
    expect(cancelled.sentence).toMatch(/^Your appointment .+ is cancelled\.$/);
    const stats = (await (await fetch(`${sandboxOrigin()}/_sandbox/stats`)).json()) as {
      appointmentsBooked: number;
      appointmentsCancelled: number;
    };
    // The booking, the rebooking and the aggregation flow's; the move and the cancel.
    expect(stats.appointmentsBooked).toBeGreaterThanOrEqual(3);
    expect(stats.appointmentsCancelled).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for an unknown opaque id and 400 naming the field for a malformed one', async () => {
    const unknown = await get(
      `/api/${PRACTICE}/appointments/0b8e9a52-58a4-4c8e-9b51-000000000000?source=fhir`,
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().code).toBe('FHIR_NOT_FOUND');
    const malformed = await get(`/api/${PRACTICE}/patients/a%20b%24?source=fhir`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('patientId');
    const tooLong = await get(`/api/${PRACTICE}/appointments/${'a'.repeat(65)}?source=fhir`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].field).toBe('appointmentId');
    const otherPractice = await get('/api/99999/departments?source=fhir');
    expect(otherPractice.statusCode).toBe(404);
    expect(otherPractice.json().code).toBe('PRACTICE_NOT_FOUND');
  });

  it('reports the FHIR EHR connected and logs its calls under fhir', async () => {
    const status = await adminRequest(app, cookie, { method: 'GET', url: '/admin/ehr-status' });
    expect(status.json().fhir).toMatchObject({ status: 'connected', configured: true });
    answers.push(status.body);
    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, { method: 'GET', url: '/admin/logs?source=fhir' });
    expect(logs.json().logs.length).toBeGreaterThan(0);
    answers.push(logs.body);
  });

  it('never writes the private key, an assertion or an access token to the log or an answer', async () => {
    const issued = (await (await fetch(`${sandboxOrigin()}/_sandbox/stats`)).json()) as {
      tokensIssued: number;
    };
    expect(issued.tokensIssued).toBeGreaterThan(0);
    expect(issuedTokens).toHaveLength(issued.tokensIssued);
    const log = serverLog.join('');
    expect(log.length).toBeGreaterThan(0);
    const keyBody = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
    for (const text of [log, answers.join('\n')]) {
      for (const line of keyBody) {
        expect(text).not.toContain(line);
      }
      for (const token of issuedTokens) {
        expect(text).not.toContain(token);
      }
      expect(text).not.toMatch(/Bearer [A-Za-z0-9._-]{10,}/);
      // A JWT (the client assertion, a token) in any field.
      expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./);
      expect(text).not.toMatch(/client_assertion=|access_token/);
    }
  });

  function sandboxOrigin() {
    const address = fhir.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
});
