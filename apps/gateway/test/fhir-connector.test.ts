import type { FastifyInstance } from 'fastify';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildFhirSandbox } from '@ehr-gateway/fhir-sandbox';
import type { FhirVendor } from '@ehr-gateway/contracts';

import { HttpError } from '../src/lib/http-errors.js';
import { createCircuitBreaker } from '../src/modules/ehr/athena/circuit-breaker.js';
import type { EhrClient } from '../src/modules/ehr/ehr-client.js';
import { createFhirConnector } from '../src/modules/ehr/fhir/fhir-connector.js';
import { createFhirHttp, type FhirHttp } from '../src/modules/ehr/fhir/fhir-http.js';
import { publicKeySet, signingKeyFrom } from '../src/modules/ehr/fhir/fhir-keys.js';

const PRACTICE = '12345';
const CLIENT_ID = 'gateway-test-client';
const SECRET = 'gateway-test-secret-value';
const ctx = { requestId: 'fhir-connector-test' };
const SCOPES = 'system/*.cruds';

interface Started {
  app: FastifyInstance;
  base: string;
  origin: string;
}

/** A sandbox in this process on a free port, its client registered with the gateway's key set. */
async function startFhirSandbox(profile: 'generic' | 'oracle', jwks: object): Promise<Started> {
  const app = buildFhirSandbox({
    profile,
    practiceId: PRACTICE,
    slotDaysPast: 1,
    slotDaysAhead: 10,
    pageSize: 5,
    clients: [{ clientId: CLIENT_ID, clientSecret: SECRET, jwks: jwks as never, scopes: [SCOPES] }],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, origin, base: `${origin}/fhir/r4` };
}

const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('FHIR connector against the FHIR sandbox over HTTP', () => {
  let pem: string;
  let generic: Started;
  let oracle: Started;

  function connector(
    started: Started,
    vendor: FhirVendor,
    auth: 'key' | 'secret' = 'key',
    timeoutMs = 5_000,
  ): { ehr: EhrClient; http: FhirHttp; outcomes: unknown[] } {
    const outcomes: unknown[] = [];
    const http = createFhirHttp({
      baseUrl: started.base,
      clientId: CLIENT_ID,
      signingKey: auth === 'key' ? signingKeyFrom(pem) : null,
      clientSecret: auth === 'secret' ? SECRET : undefined,
      scopes: SCOPES,
      timeoutMs,
      baseRetryDelayMs: 5,
      maxRetryDelayMs: 2_000,
      // Retry-After is honoured by waiting; the wait itself is not what is tested.
      sleep: () => Promise.resolve(),
      breaker: createCircuitBreaker({ failureThreshold: 50, openMs: 30_000 }),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    return { ehr: createFhirConnector(http, { vendor, practiceId: PRACTICE }), http, outcomes };
  }

  const stats = async (started: Started) =>
    (await (await fetch(`${started.origin}/_sandbox/stats`)).json()) as {
      tokensIssued: number;
      tokensRefused: Record<string, number>;
      appointmentsBooked: number;
      appointmentsCancelled: number;
    };
  const faults = (started: Started, body: object) =>
    fetch(`${started.origin}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES384', { extractable: true });
    pem = await exportPKCS8(privateKey);
    const jwks = await publicKeySet(await signingKeyFrom(pem), undefined);
    [generic, oracle] = await Promise.all([
      startFhirSandbox('generic', jwks),
      startFhirSandbox('oracle', jwks),
    ]);
  }, 240_000);
  afterEach(async () => {
    await Promise.all(
      [generic, oracle].map((s) => fetch(`${s.origin}/_sandbox/faults`, { method: 'DELETE' })),
    );
  });
  afterAll(async () => {
    // The timeout test leaves a connection the gateway gave up on; close() would wait for it.
    generic?.app.server.closeAllConnections();
    await Promise.all([generic?.app.close(), oracle?.app.close()]);
  });

  it('signs in with private_key_jwt and reads the practice, following next links', async () => {
    const { ehr } = connector(generic, 'generic');
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    // pageSize 5: more than five departments means the next links were followed.
    expect(departments.length).toBeGreaterThan(5);
    const providers = await ehr.listProviders(PRACTICE, { limit: 500, offset: 0 }, ctx);
    expect(providers.totalCount).toBeGreaterThan(5);
    expect(providers.providers[0]).toMatchObject({
      id: expect.any(String),
      lastName: expect.any(String),
    });
    const patient = await ehr.getPatient(PRACTICE, '1001', ctx);
    expect(patient).toMatchObject({
      id: '1001',
      dob: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const matches = await ehr.findPatients(PRACTICE, { ...patient, dob: patient.dob! }, ctx);
    expect(matches.map((p) => p.id)).toContain('1001');
    const after = await stats(generic);
    // One token for all of it: cached, asked for once.
    expect(after.tokensIssued).toBe(1);
  });

  it('books an open slot and cancels it (generic: Appointment create, PUT status cancelled)', async () => {
    const { ehr } = connector(generic, 'generic', 'secret');
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    const day = dayFromToday(2);
    let slots: Awaited<ReturnType<EhrClient['listOpenSlots']>> = [];
    for (const department of departments) {
      slots = await ehr.listOpenSlots(
        PRACTICE,
        { departmentId: department.id, startDate: day, endDate: dayFromToday(6), limit: 3 },
        ctx,
      );
      if (slots.length) {
        break;
      }
    }
    const slot = slots[0]!;
    const booked = await ehr.bookAppointment(PRACTICE, { slotId: slot.id, patientId: '1001' }, ctx);
    expect(booked).toMatchObject({
      patientId: '1001',
      status: 'Scheduled',
      startTime: slot.startTime,
    });
    const listed = await ehr.listAppointments(
      PRACTICE,
      {
        startDate: slot.startTime.slice(0, 10),
        endDate: slot.startTime.slice(0, 10),
        patientId: '1001',
      },
      ctx,
    );
    expect(listed.appointments.map((a) => a.id)).toContain(booked.id);
    const retaken = ehr.bookAppointment(PRACTICE, { slotId: slot.id, patientId: '1002' }, ctx);
    await expect(retaken).rejects.toMatchObject({ statusCode: 409, code: 'SLOT_UNAVAILABLE' });
    const cancelled = await ehr.cancelAppointment(
      PRACTICE,
      { appointmentId: booked.id, patientId: '1001' },
      ctx,
    );
    expect(cancelled.status).toBe('Cancelled');
    expect(await stats(generic)).toMatchObject({ appointmentsBooked: 1, appointmentsCancelled: 1 });
  });

  it('follows the oracle rules: service-type on slot searches, JSON Patch with If-Match to cancel', async () => {
    const { ehr } = connector(oracle, 'oracle', 'secret');
    const types = await ehr.listAppointmentTypes(PRACTICE, {}, ctx);
    expect(types.length).toBeGreaterThan(0);
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    let slots: Awaited<ReturnType<EhrClient['listOpenSlots']>> = [];
    for (const department of departments) {
      for (const type of types) {
        slots = await ehr.listOpenSlots(
          PRACTICE,
          {
            departmentId: department.id,
            appointmentTypeId: type.id,
            startDate: dayFromToday(1),
            endDate: dayFromToday(6),
            limit: 1,
          },
          ctx,
        );
        if (slots.length) {
          break;
        }
      }
      if (slots.length) {
        break;
      }
    }
    const booked = await ehr.bookAppointment(
      PRACTICE,
      { slotId: slots[0]!.id, patientId: '1003' },
      ctx,
    );
    const cancelled = await ehr.cancelAppointment(
      PRACTICE,
      { appointmentId: booked.id, patientId: '1003' },
      ctx,
    );
    expect(cancelled.status).toBe('Cancelled');
    // The generic rules cancel with PUT, which the oracle server does not declare: 501, named.
    const { ehr: wrongProfile } = connector(oracle, 'generic', 'secret');
    await expect(
      wrongProfile.cancelAppointment(
        PRACTICE,
        { appointmentId: booked.id, patientId: '1003' },
        ctx,
      ),
    ).rejects.toMatchObject({
      statusCode: 501,
      code: 'FHIR_CAPABILITY_MISSING',
      message: expect.stringContaining('update on Appointment'),
    });
  });

  it('registers a new patient where the server allows Patient create, once per identity', async () => {
    const { ehr } = connector(generic, 'generic');
    const identity = {
      firstName: 'Noor',
      lastName: `Registered${Date.now().toString(36)}`,
      dob: '1990-04-12',
      sex: 'F' as const,
      phone: '5551234567',
      departmentId: '1',
    };
    const first = await ehr.createPatient(PRACTICE, identity, ctx);
    expect(first.created).toBe(true);
    const again = await ehr.createPatient(PRACTICE, identity, ctx);
    expect(again).toEqual({ patientId: first.patientId, created: false });
    const read = await ehr.getPatient(PRACTICE, first.patientId, ctx);
    expect(read).toMatchObject({
      firstName: 'Noor',
      lastName: identity.lastName,
      dob: '1990-04-12',
    });
  });

  it("searches a department's schedules together (generic), reading the directory once", async () => {
    const { http } = connector(generic, 'generic');
    const paths: string[] = [];
    const counted: FhirHttp = {
      ...http,
      request: (request, callCtx) => {
        paths.push(request.path);
        return http.request(request, callCtx);
      },
    };
    const ehr = createFhirConnector(counted, { vendor: 'generic', practiceId: PRACTICE });
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    const { providers } = await ehr.listProviders(PRACTICE, { limit: 500, offset: 0 }, ctx);
    const window = { startDate: dayFromToday(1), endDate: dayFromToday(4) };
    for (const department of departments) {
      paths.length = 0;
      const together = await ehr.listOpenSlots(
        PRACTICE,
        { departmentId: department.id, ...window },
        ctx,
      );
      const slotSearches = paths.filter((path) => path === '/Slot');
      const schedules = paths.filter((path) => path === '/Schedule').length;
      // One at a time, provider by provider: the same slots.
      const one = await Promise.all(
        providers.map((provider) =>
          ehr.listOpenSlots(
            PRACTICE,
            { departmentId: department.id, providerId: provider.id, ...window },
            ctx,
          ),
        ),
      );
      const ids = (slots: Array<{ id: string }>) => slots.map((slot) => slot.id).sort();
      expect(ids(together)).toEqual(ids(one.flat()));
      if (together.length) {
        expect(schedules).toBe(1);
        expect(slotSearches.length).toBe(1);
        paths.length = 0;
        await ehr.listOpenSlots(PRACTICE, { departmentId: department.id, ...window }, ctx);
        // The department's schedules come from the directory cache the second time.
        expect(paths.filter((path) => path !== '/Slot' && !path.includes('_cursor'))).toEqual([]);
        return;
      }
    }
    throw new Error('no department has open slots in the window');
  });

  it('searches oracle slots without a type one service type at a time, and appointments by date per location', async () => {
    const { ehr } = connector(oracle, 'oracle', 'secret');
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    let slots: Awaited<ReturnType<EhrClient['listOpenSlots']>> = [];
    for (const department of departments) {
      slots = await ehr.listOpenSlots(
        PRACTICE,
        { departmentId: department.id, startDate: dayFromToday(1), endDate: dayFromToday(4) },
        ctx,
      );
      if (slots.length) {
        break;
      }
    }
    // The oracle sandbox refuses (400) a Slot search without service-type: these were searched by type.
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots.map((slot) => slot.appointmentTypeId)).size).toBeGreaterThan(1);
    const booked = await ehr.bookAppointment(
      PRACTICE,
      { slotId: slots[0]!.id, patientId: '1004' },
      ctx,
    );
    const day = slots[0]!.startTime.slice(0, 10);
    // No patient, provider or department: Oracle runs no such search, so one per Location.
    const listed = await ehr.listAppointments(PRACTICE, { startDate: day, endDate: day }, ctx);
    expect(listed.appointments.map((a) => a.id)).toContain(booked.id);
    await ehr.cancelAppointment(PRACTICE, { appointmentId: booked.id, patientId: '1004' }, ctx);
  });

  it('answers a slow EHR with 504 FHIR_TIMEOUT and a refused connection with 502 FHIR_UNREACHABLE', async () => {
    const { ehr } = connector(generic, 'generic', 'key', 300);
    await ehr.listDepartments(PRACTICE, ctx);
    await faults(generic, { latencyMs: 800 });
    await expect(ehr.getPatient(PRACTICE, '1001', ctx)).rejects.toMatchObject({
      statusCode: 504,
      code: 'FHIR_TIMEOUT',
    });
    const closed = createFhirHttp({
      baseUrl: 'http://127.0.0.1:1/fhir/r4',
      clientId: CLIENT_ID,
      signingKey: null,
      clientSecret: SECRET,
      scopes: SCOPES,
      sleep: () => Promise.resolve(),
      breaker: createCircuitBreaker({ failureThreshold: 50, openMs: 30_000 }),
    });
    const nowhere = createFhirConnector(closed, { vendor: 'generic', practiceId: PRACTICE });
    await expect(nowhere.listDepartments(PRACTICE, ctx)).rejects.toMatchObject({
      statusCode: 502,
      code: 'FHIR_UNREACHABLE',
    });
  });

  it('answers 501 for booking under the epic profile, naming Epic scheduling', async () => {
    const { ehr } = connector(generic, 'epic');
    const attempt = ehr.bookAppointment(PRACTICE, { slotId: 'x', patientId: '1001' }, ctx);
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 501,
      message: expect.stringContaining('Epic'),
    });
  });

  it('retries 429 and 503 with Retry-After, then maps what remains', async () => {
    const { ehr } = connector(generic, 'generic');
    await faults(generic, { fail503Count: 1, retryAfterSeconds: 0 });
    expect((await ehr.listDepartments(PRACTICE, ctx)).departments.length).toBeGreaterThan(0);
    await faults(generic, { force429Count: 100, retryAfterSeconds: 1 });
    await expect(ehr.getPatient(PRACTICE, '1001', ctx)).rejects.toMatchObject({
      statusCode: 503,
      code: 'FHIR_RATE_LIMITED',
      headers: { 'retry-after': '1' },
    });
    await faults(generic, { force429Count: 0, fail503Count: 100, retryAfterSeconds: 1 });
    await expect(ehr.getPatient(PRACTICE, '1001', ctx)).rejects.toMatchObject({
      statusCode: 502,
      code: 'FHIR_UPSTREAM_ERROR',
    });
  });

  it('takes a new token and retries once when the EHR expires its tokens early', async () => {
    const { ehr, http, outcomes } = connector(generic, 'generic');
    await ehr.getPatient(PRACTICE, '1001', ctx);
    await fetch(`${generic.origin}/_sandbox/expire-tokens`, { method: 'POST' });
    await ehr.getPatient(PRACTICE, '1001', ctx);
    expect(http.telemetry()).toMatchObject({ tokenRefreshes: 2, lastTokenAt: expect.any(String) });
    // Two assertions, two jtis: the sandbox refuses a replayed one, and refused none.
    expect((await stats(generic)).tokensRefused).toEqual({});
    expect(JSON.stringify(outcomes)).not.toContain(SECRET);
  });

  it('is refused with a credentials error, naming the settings, for a wrong secret', async () => {
    const outcomes: unknown[] = [];
    const http = createFhirHttp({
      baseUrl: generic.base,
      clientId: CLIENT_ID,
      signingKey: null,
      clientSecret: 'not-the-secret',
      scopes: SCOPES,
      breaker: createCircuitBreaker({ failureThreshold: 5, openMs: 30_000 }),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    const ehr = createFhirConnector(http, { vendor: 'generic', practiceId: PRACTICE });
    const refused = ehr.listDepartments(PRACTICE, ctx);
    await expect(refused).rejects.toMatchObject({ statusCode: 502, code: 'FHIR_CREDENTIALS' });
    await expect(refused).rejects.toMatchObject({
      message: expect.not.stringContaining('not-the-secret'),
    });
  });
});
