import { randomBytes } from 'node:crypto';

import { adminPath } from '@ehr-gateway/contracts';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildFhirSandbox } from '@ehr-gateway/fhir-sandbox';
import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';

import { DEFAULT_FHIR_SCOPES } from '../src/config/fhir-env.js';
import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';
import { scheduleDate } from './schedule.js';
import { startWebhookReceiver } from './webhook-receiver.js';

const PRACTICE = '195900';

/**
 * Changes made in a FHIR EHR outside the gateway reach webhooks through the `_lastUpdated` poll,
 * over HTTP against the FHIR sandbox, to a loopback receiver verifying each signature.
 */
describe('changes made in a FHIR EHR reach webhooks through _lastUpdated polling', () => {
  let fhir: FastifyInstance;
  let origin: string;
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;

  beforeAll(async () => {
    fhir = buildFhirSandbox({ practiceId: PRACTICE, slotDaysPast: 1, slotDaysAhead: 21 });
    origin = await fhir.listen({ port: 0, host: '127.0.0.1' });
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      settings: {
        fhir: {
          baseUrl: `${origin}/fhir/r4`,
          clientId: 'fhir-sandbox-client',
          clientSecret: 'fhir-sandbox-secret',
          privateKey: undefined,
          previousPublicKey: undefined,
          scopes: DEFAULT_FHIR_SCOPES,
          vendor: 'generic',
          practiceId: PRACTICE,
          timeoutMs: 8_000,
          maxQps: 500,
        },
        webhooks: { allowPrivate: true, secretsKey: randomBytes(32) },
      },
    });
    ({ key } = await createApiKey(app, await signIn(app)));
    receiver = await startWebhookReceiver();
    const registered = await app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': key },
      payload: {
        url: receiver.url,
        events: ['appointment.booked', 'appointment.cancelled', 'appointment.updated'],
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    ({ secret } = registered.json() as { secret: string });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await fhir.close();
    await receiver.close();
  });

  const poll = () => app.webhookDelivery.pollFhirChanges();
  const deliver = () => app.webhookDelivery.deliverDue();
  const received = () => receiver.verifiedEvents(secret);
  let appointmentId: string;

  it("fixes its starting point, then does not deliver the gateway's own booking twice", async () => {
    expect(await poll()).toBe(0);
    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 5 });
    const booked = await app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=fhir',
      headers: { 'x-api-key': key },
      payload: {
        patient: {
          firstname: SAMPLE_PATIENT.firstName,
          lastname: SAMPLE_PATIENT.lastName,
          dob: SAMPLE_PATIENT.dob,
          departmentid: '21',
        },
        appointment: { appointmentTypeId: '7', departmentId: '21', date },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    appointmentId = (booked.json() as { appointment: { id: string } }).appointment.id;
    await deliver();
    expect(received().map((event) => [event.type, event.data.appointmentId])).toEqual([
      ['appointment.booked', appointmentId],
    ]);
    // The poll finds the new appointment; it is the gateway's own booking.
    expect(await poll()).toBe(0);
    await deliver();
    expect(received()).toEqual([]);
  });

  it('delivers a front-desk cancellation once, signed, and keeps its watermark', async () => {
    const cancelled = await fetch(
      `${origin}/_sandbox/front-desk/appointments/${appointmentId}/cancel`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Called the front desk' }),
      },
    );
    expect(cancelled.status).toBe(200);
    expect(await poll()).toBe(1);
    // The overlap window finds the cancellation again; it is not reported twice.
    expect(await poll()).toBe(0);
    await deliver();
    await deliver();
    const events = received();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'appointment.cancelled',
      source: 'fhir',
      practiceId: PRACTICE,
      data: { appointmentId, patientId: '1001', changes: ['status'] },
    });
    const [stored] = await storage.db.selectFrom('ehr_change_watermarks').selectAll().execute();
    expect(stored).toMatchObject({ source: 'fhir', practice_id: PRACTICE, leased_until: null });
    expect(stored!.watermark!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(stored!.seen.some((key) => key.startsWith(`Appointment/${appointmentId}/`))).toBe(true);
  });

  it('reports no problem with the FHIR sandbox, which declares _lastUpdated', async () => {
    const status = await app.inject({
      method: 'GET',
      url: adminPath('ehrStatus'),
      headers: { cookie: await signIn(app) },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().fhir.changeFeedProblem).toBeNull();
  });
});
