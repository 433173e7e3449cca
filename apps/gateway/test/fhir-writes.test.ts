import type { Appointment, Bundle, OperationOutcome, Resource, Slot } from '@medplum/fhirtypes';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';
import { fhirValidationErrors, loadFhirDefinitions } from '@ehr-gateway/fhir-mapping/validation';

import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';
import { scheduleDate } from './schedule.js';

const BASE = '/fhir/r4/mock/12345';
const practice = createPractice();
const person = practice.patients[7]!;

/** Booking and cancelling over FHIR on the Mock EHR, every error class, and the request log. */
describe('FHIR face: writes, errors and masking', () => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let readOnlyKey: string;
  let slots: Slot[];

  beforeAll(async () => {
    loadFhirDefinitions();
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage);
    const cookie = await signIn(app);
    ({ key } = await createApiKey(app, cookie));
    ({ key: readOnlyKey } = await createApiKey(app, cookie, {
      name: 'read only',
      scopes: ['ehr:read'],
    }));
    const day = scheduleDate({ daysAhead: 9, atLeast: 8 });
    const found = await send({
      method: 'GET',
      url: `${BASE}/Slot?status=free&start=ge${day}&_count=100`,
    });
    slots = bundleOf(found.json()).map((resource) => resource as Slot);
    expect(slots.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  function send(options: InjectOptions, apiKey = key) {
    return app.inject({ ...options, headers: { 'x-api-key': apiKey, ...options.headers } });
  }
  const bundleOf = (bundle: Bundle) =>
    (bundle.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource!);
  const booking = (slot: Slot, extra: Partial<Appointment> = {}): Appointment => ({
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slot.id}` }],
    participant: [{ actor: { reference: `Patient/${person.id}` }, status: 'accepted' }],
    ...extra,
  });
  const book = (body: unknown, headers: Record<string, string> = {}, apiKey = key) =>
    send(
      {
        method: 'POST',
        url: `${BASE}/Appointment`,
        payload: body as object,
        headers: { 'content-type': 'application/fhir+json', ...headers },
      },
      apiKey,
    );
  const outcome = (
    response: { statusCode: number; body: string; json: () => unknown },
    status: number,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const resource = response.json() as OperationOutcome;
    expect(resource.resourceType).toBe('OperationOutcome');
    expect(fhirValidationErrors(resource as Resource)).toEqual([]);
    return resource;
  };

  it('books once for a retried POST with the same Idempotency-Key; If-None-Exist finds it', async () => {
    const headers = { 'idempotency-key': 'fhir-retry-1' };
    const first = await book(booking(slots[0]!), headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers.location).toMatch(new RegExp(`${BASE}/Appointment/[^/]+$`));
    const again = await book(booking(slots[0]!), headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const conditional = await book(booking(slots[0]!), {
      'if-none-exist': `slot=Slot/${slots[0]!.id}`,
    });
    expect(conditional.statusCode, conditional.body).toBe(200);
    expect(conditional.json().id).toBe(first.json().id);
    const taken = await book(booking(slots[0]!));
    outcome(taken, 409);
  });

  it('cancels by PUT with a cancelationReason, refuses a stale If-Match (412)', async () => {
    const booked = (await book(booking(slots[1]!))).json() as Appointment;
    const stale = await send({
      method: 'PATCH',
      url: `${BASE}/Appointment/${booked.id}`,
      payload: [{ op: 'replace', path: '/status', value: 'cancelled' }],
      headers: { 'content-type': 'application/json-patch+json', 'if-match': 'W/"stale"' },
    });
    outcome(stale, 412);
    const put = await send({
      method: 'PUT',
      url: `${BASE}/Appointment/${booked.id}`,
      payload: { ...booked, status: 'cancelled', cancelationReason: { text: 'patient request' } },
      headers: { 'content-type': 'application/fhir+json' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().status).toBe('cancelled');
  });

  it('answers every error class with a validating OperationOutcome', async () => {
    outcome(await book(booking(slots[2]!), {}, readOnlyKey), 403);
    outcome(await book({ resourceType: 'Patient' }), 400);
    outcome(await book(booking(slots[2]!, { slot: [] })), 400);
    outcome(
      await book(
        booking(slots[2]!, {
          participant: [{ actor: { reference: 'Patient/99999999' }, status: 'accepted' }],
        }),
      ),
      422,
    );
    const otherType = {
      coding: [{ system: 'urn:ehr-gateway:mock:12345:appointment-type', code: '999' }],
    };
    outcome(await book(booking(slots[2]!, { appointmentType: otherType })), 422);
    outcome(
      await send({
        method: 'PATCH',
        url: `${BASE}/Appointment/1`,
        payload: [{ op: 'remove', path: '/status' }],
        headers: { 'content-type': 'application/json-patch+json' },
      }),
      404,
    );
    outcome(
      await send({ method: 'GET', url: `${BASE}/Slot?start=ge2026-01-01&start=lt2026-06-01` }),
      400,
    );
    outcome(await send({ method: 'GET', url: `${BASE}/Patient?name:contains=a` }), 400);
    outcome(await send({ method: 'DELETE', url: `${BASE}/Appointment/1` }), 405);
    outcome(await send({ method: 'GET', url: `/fhir/r4/athena/195900/metadata` }), 503);
    outcome(await send({ method: 'GET', url: `${BASE}/Patient?_count=1&_cursor=bogus` }), 400);
  });

  it('ignores unknown parameters with an outcome entry, or refuses them with handling=strict', async () => {
    const lenient = await send({ method: 'GET', url: `${BASE}/Location?colour=blue` });
    expect(lenient.statusCode).toBe(200);
    const entries = (lenient.json() as Bundle).entry ?? [];
    const warning = entries.find((e) => e.search?.mode === 'outcome')?.resource as OperationOutcome;
    expect(warning.issue[0]).toMatchObject({ severity: 'warning', expression: ['colour'] });
    expect(fhirValidationErrors(lenient.json() as Resource)).toEqual([]);
    const strict = await send({
      method: 'GET',
      url: `${BASE}/Location?colour=blue`,
      headers: { prefer: 'handling=strict' },
    });
    expect(outcome(strict, 400).issue[0]?.expression).toEqual(['colour']);
  });

  it('answers 429 as an OperationOutcome with Retry-After', async () => {
    const cookie = await signIn(app);
    const { key: limited } = await createApiKey(app, cookie, { name: 'limited', rateLimit: 1 });
    await send({ method: 'GET', url: `${BASE}/metadata` }, limited);
    const refused = await send({ method: 'GET', url: `${BASE}/metadata` }, limited);
    outcome(refused, 429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('keeps no name or birth date in the request log after FHIR traffic', async () => {
    await send({
      method: 'GET',
      url: `${BASE}/Patient?family=${person.lastName}&given=${person.firstName}&birthdate=${person.dob}`,
    });
    await send({ method: 'GET', url: `${BASE}/Patient?name=${person.lastName}` });
    await send({ method: 'GET', url: `${BASE}/Patient/${person.id}` });
    await app.requestLogWriter.flush();
    const { rows } = await sql<{
      dump: string;
    }>`select row_to_json(r)::text as dump from request_logs r`.execute(storage.db);
    const dump = rows.map((row) => row.dump).join('\n');
    expect(dump).toContain('/Patient');
    for (const needle of [person.firstName, person.lastName, person.dob]) {
      expect(dump, needle).not.toContain(needle);
    }
  });
});
