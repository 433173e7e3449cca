import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { addDays } from '@ehr-gateway/calendar';

import { startSandbox } from './helpers.js';
import { scheduleDate } from './schedule.js';
import { createAthenaConnector } from '../src/modules/ehr/athena/athena-connector.js';
import { createAthenaHttp, type AthenaHttpOptions } from '../src/modules/ehr/athena/athena-http.js';
import { createCircuitBreaker } from '../src/modules/ehr/athena/circuit-breaker.js';
import type { EhrClient } from '../src/modules/ehr/ehr-client.js';

const PRACTICE = '195900';
const ctx = { requestId: 'connector-test' };

function connectorFor(
  url: string,
  overrides: Partial<AthenaHttpOptions> & {
    threshold?: number;
    openMs?: number;
    breakerNow?: () => number;
  } = {},
): { ehr: EhrClient; outcomes: Array<{ ok: boolean }> } {
  const outcomes: Array<{ ok: boolean }> = [];
  const http = createAthenaHttp({
    baseUrl: url,
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    timeoutMs: 2_000,
    baseRetryDelayMs: 10,
    maxRetryDelayMs: 2_000,
    breaker: createCircuitBreaker({
      failureThreshold: overrides.threshold ?? 5,
      openMs: overrides.openMs ?? 30_000,
      now: overrides.breakerNow,
    }),
    onOutcome: (outcome) => outcomes.push(outcome),
    ...overrides,
  });
  return { ehr: createAthenaConnector(http), outcomes };
}

describe('Athena connector against the athena sandbox over HTTP', () => {
  let sandbox: FastifyInstance;
  let url: string;

  const stats = async () =>
    (await (await fetch(`${url}/_sandbox/stats`)).json()) as {
      tokenRequests: number;
      tokensIssued: number;
      dataRequests: number;
    };
  const setFaults = (faults: Record<string, unknown>) =>
    fetch(`${url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(faults),
    });

  beforeAll(async () => {
    ({ sandbox, url } = await startSandbox());
  });
  afterEach(async () => {
    await fetch(`${url}/_sandbox/faults`, { method: 'DELETE' });
    await fetch(`${url}/_sandbox/reset`, { method: 'POST' });
  });
  afterAll(() => sandbox.close());

  it('reads the practice in the normalized shapes, converting dates and times', async () => {
    const { ehr } = connectorFor(url);
    const patients = await ehr.listPatients(PRACTICE, { limit: 5, offset: 0 }, ctx);
    expect(patients.totalCount).toBeGreaterThanOrEqual(200);
    expect(patients.patients[0]?.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const patient = await ehr.getPatient(PRACTICE, '1001', ctx);
    expect(patient).toMatchObject({ id: '1001', address: { city: expect.any(String) } });
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    expect(departments.length).toBeGreaterThanOrEqual(5);
    const day = scheduleDate({ needs: 'booked', daysAhead: 3 });
    const { appointments } = await ehr.listAppointments(
      PRACTICE,
      { startDate: day, endDate: day },
      ctx,
    );
    expect(appointments.length).toBeGreaterThan(0);
    expect(appointments[0]?.startTime).toMatch(
      new RegExp(`^${day}T\\d{2}:\\d{2}:00[-+]\\d{2}:\\d{2}$`),
    );
  });

  it('follows pagination where a route needs every row', async () => {
    const { ehr } = connectorFor(url);
    const { referringProviders, totalCount } = await ehr.listReferringProviders(PRACTICE, ctx);
    expect(referringProviders.length).toBe(totalCount);
    expect(totalCount).toBeGreaterThan(0);
  });

  it('lists the open slots of several departments in one call, as one call per department would', async () => {
    // A week of every department's slots takes the sandbox a while on a busy machine.
    const { ehr } = connectorFor(url, { timeoutMs: 15_000 });
    const { departments } = await ehr.listDepartments(PRACTICE, ctx);
    const ids = departments.map((department) => department.id).reverse();
    const startDate = scheduleDate();
    const search = { startDate, endDate: addDays(startDate, 2) };
    const perDepartment = await Promise.all(
      ids.map((departmentId) => ehr.listOpenSlots(PRACTICE, { ...search, departmentId }, ctx)),
    );
    const before = await stats();
    const once = await ehr.listOpenSlotsIn!(PRACTICE, { ...search, departmentIds: ids }, ctx);
    expect((await stats()).dataRequests - before.dataRequests).toBe(1);
    expect(new Set(once.map((slot) => slot.departmentId)).size).toBeGreaterThan(1);
    expect(once).toEqual(perDepartment.flat());

    const providerIds = [...new Set(once.map((slot) => slot.providerId))].slice(0, 2);
    const theirs = await ehr.listOpenSlotsIn!(
      PRACTICE,
      { ...search, departmentIds: ids, providerIds },
      ctx,
    );
    expect(theirs).toEqual(once.filter((slot) => providerIds.includes(slot.providerId)));
  });

  it('makes one token request however many calls wait for it', async () => {
    const before = await stats();
    const { ehr } = connectorFor(url);
    await Promise.all(
      Array.from({ length: 20 }, () => ehr.listProviders(PRACTICE, { limit: 5, offset: 0 }, ctx)),
    );
    const after = await stats();
    expect(after.tokenRequests - before.tokenRequests).toBe(1);
    expect(after.dataRequests - before.dataRequests).toBe(20);
  });

  it('renews an expired token once and carries on', async () => {
    const { ehr } = connectorFor(url);
    await ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx);
    const before = await stats();
    await fetch(`${url}/_sandbox/expire-tokens`, { method: 'POST' });
    await Promise.all(
      [1, 2, 3].map(() => ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)),
    );
    const after = await stats();
    expect(after.tokensIssued - before.tokensIssued).toBe(1);
  });

  it('retries a 429, honouring Retry-After, and succeeds', async () => {
    await setFaults({ force429Count: 1, retryAfterSeconds: 1 });
    const waits: number[] = [];
    const { ehr } = connectorFor(url, { sleep: async (ms) => void waits.push(ms) });
    const providers = await ehr.listProviders(PRACTICE, { limit: 2, offset: 0 }, ctx);
    expect(providers.providers).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  });

  it('answers a long Retry-After at once, passing it on, instead of holding the caller', async () => {
    await setFaults({ force429Count: 5, retryAfterSeconds: 3600 });
    const waits: number[] = [];
    const { ehr } = connectorFor(url, { sleep: async (ms) => void waits.push(ms) });
    await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': '3600' },
    });
    expect(waits).toEqual([]);
    expect((await stats()).dataRequests).toBe(1);
  });

  it('asks for a token once while the credentials are wrong, not once per call', async () => {
    const waits: number[] = [];
    const { ehr } = connectorFor(url, {
      clientSecret: 'wrong-secret',
      sleep: async (ms) => void waits.push(ms),
    });
    const before = await stats();
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => ehr.listDepartments(PRACTICE, ctx)),
    );
    await expect(ehr.listDepartments(PRACTICE, ctx)).rejects.toMatchObject({ statusCode: 502 });
    expect(answers.every((answer) => answer.status === 'rejected')).toBe(true);
    expect((await stats()).tokenRequests - before.tokenRequests).toBe(1);
  });

  it('retries the legacy 403 "Over Qps" and a 503', async () => {
    await setFaults({ overQpsCount: 1, fail503Count: 1, retryAfterSeconds: 0 });
    const { ehr } = connectorFor(url);
    await expect(ehr.listDepartments(PRACTICE, ctx)).resolves.toMatchObject({
      totalCount: expect.any(Number),
    });
  });

  it('gives up after bounded retries with 503 and Retry-After when athena keeps throttling', async () => {
    await setFaults({ force429Count: 10, retryAfterSeconds: 0 });
    const { ehr } = connectorFor(url, { maxRetries: 2 });
    await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).rejects.toMatchObject({
      statusCode: 503,
      code: 'ATHENA_RATE_LIMITED',
      headers: { 'retry-after': expect.any(String) },
    });
  });

  it('answers 504 when athena does not answer in time', async () => {
    await setFaults({ latencyMs: 800 });
    const { ehr } = connectorFor(url, { timeoutMs: 200 });
    await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).rejects.toMatchObject({
      statusCode: 504,
      code: 'ATHENA_TIMEOUT',
    });
  });

  it('opens the circuit after repeated failures, fails fast, and recovers after', async () => {
    await setFaults({ fail503Count: 100 });
    let clock = 1_000_000;
    const { ehr, outcomes } = connectorFor(url, {
      maxRetries: 0,
      threshold: 3,
      openMs: 400,
      breakerNow: () => clock,
    });
    for (let i = 0; i < 3; i += 1) {
      await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).rejects.toMatchObject(
        {
          statusCode: 502,
        },
      );
    }
    // Open: refused without a call to athena.
    const before = await stats();
    await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).rejects.toMatchObject({
      statusCode: 503,
      code: 'ATHENA_UNAVAILABLE',
    });
    expect((await stats()).dataRequests).toBe(before.dataRequests);
    expect(outcomes.at(-1)).toMatchObject({ ok: false });

    await fetch(`${url}/_sandbox/faults`, { method: 'DELETE' });
    clock += 450;
    await expect(ehr.listProviders(PRACTICE, { limit: 1, offset: 0 }, ctx)).resolves.toBeTruthy();
    expect(outcomes.at(-1)).toEqual({ ok: true });
  });

  it('maps a booked slot to 409 and missing patient fields to 400 listing them', async () => {
    const { ehr } = connectorFor(url);
    const day = scheduleDate({ departmentId: '1', daysAhead: 6 });
    const [slot] = await ehr.listOpenSlots(
      PRACTICE,
      { departmentId: '1', startDate: day, endDate: day },
      ctx,
    );
    expect(slot).toBeDefined();
    const booked = await ehr.bookAppointment(
      PRACTICE,
      { slotId: slot!.id, patientId: '1001' },
      ctx,
    );
    expect(booked).toMatchObject({ id: slot!.id, patientId: '1001', status: 'Scheduled' });
    await expect(
      ehr.bookAppointment(PRACTICE, { slotId: slot!.id, patientId: '1002' }, ctx),
    ).rejects.toMatchObject({ statusCode: 409, code: 'SLOT_UNAVAILABLE' });

    const failure = await ehr
      .createPatient(
        PRACTICE,
        { firstName: 'Nell', lastName: 'Contact', dob: '1990-01-01', departmentId: '1' },
        ctx,
      )
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 400, code: 'ATHENA_MISSING_FIELDS' });
    expect((failure as { message: string }).message).toMatch(/email/);
  });

  it('registers a patient once: a second registration finds the first', async () => {
    const { ehr } = connectorFor(url);
    const patient = {
      firstName: 'Rosalind',
      lastName: 'Franklin',
      dob: '1988-07-25',
      departmentId: '1',
      email: 'rf@example.com',
    };
    const first = await ehr.createPatient(PRACTICE, patient, ctx);
    const second = await ehr.createPatient(PRACTICE, patient, ctx);
    expect(first.created).toBe(true);
    expect(second).toEqual({ patientId: first.patientId, created: false });
  });

  it('answers 404 for an unknown patient and 502 for refused credentials', async () => {
    const { ehr } = connectorFor(url);
    await expect(ehr.getPatient(PRACTICE, '987654', ctx)).rejects.toMatchObject({
      statusCode: 404,
    });
    const { ehr: wrong } = connectorFor(url, { clientSecret: 'not-the-secret' });
    await expect(wrong.listDepartments(PRACTICE, ctx)).rejects.toMatchObject({
      statusCode: 502,
      code: 'ATHENA_CREDENTIALS',
    });
  });

  it('answers 502 when athena cannot be reached', async () => {
    const { ehr } = connectorFor('http://127.0.0.1:9');
    await expect(ehr.listDepartments(PRACTICE, ctx)).rejects.toMatchObject({
      statusCode: 502,
      code: 'ATHENA_UNREACHABLE',
    });
  });
});

describe('Athena token endpoint limits', () => {
  it('answers 503 with Retry-After when athena refuses new tokens', async () => {
    const { sandbox, url } = await startSandbox({ tokenLimitPerMinute: 1 });
    try {
      await fetch(`${url}/oauth2/v1/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const { ehr } = connectorFor(url);
      await expect(ehr.listDepartments(PRACTICE, ctx)).rejects.toMatchObject({
        statusCode: 503,
        code: 'ATHENA_RATE_LIMITED',
        headers: { 'retry-after': expect.any(String) },
      });
    } finally {
      await sandbox.close();
    }
  });
});
