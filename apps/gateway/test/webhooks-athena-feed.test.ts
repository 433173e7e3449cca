import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  startSandbox,
  type TestStorage,
} from './helpers.js';
import { scheduleDate } from './schedule.js';
import { startWebhookReceiver } from './webhook-receiver.js';

const practice = createPractice();
const PRACTICE = '195900';

describe('changes made in athena reach webhooks through its changed-data feed', () => {
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;

  beforeAll(async () => {
    ({ sandbox, url: sandboxUrl } = await startSandbox());
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      settings: {
        athena: {
          baseUrl: sandboxUrl,
          clientId: 'sandbox-client',
          clientSecret: 'sandbox-secret',
          practiceId: PRACTICE,
        },
        webhooks: { allowPrivate: true, secretsKey: randomBytes(32) },
      },
      athenaTransport: { baseRetryDelayMs: 5 },
    });
    ({ key } = await createApiKey(app, await signIn(app)));
    receiver = await startWebhookReceiver();
    const registered = await app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': key },
      payload: {
        url: receiver.url,
        events: [
          'appointment.booked',
          'appointment.cancelled',
          'appointment.rescheduled',
          'patient.registered',
          'patient.updated',
        ],
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    ({ secret } = registered.json() as { secret: string });
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await sandbox.close();
    await receiver.close();
  });

  const poll = () => app.webhookDelivery.pollAthenaChanges();
  const deliver = () => app.webhookDelivery.deliverDue();
  const frontDesk = (id: string, action: 'cancel' | 'move', body: Record<string, string> = {}) =>
    fetch(`${sandboxUrl}/_sandbox/front-desk/appointments/${id}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const received = () => receiver.verifiedEvents(secret);

  const day = scheduleDate({ needs: 'booked', daysAhead: 5, atLeast: 2 });
  const [seeded, another] = practice
    .scheduledSlots({ startDate: day, endDate: day })
    .filter((slot) => practice.seedAppointment(slot));

  it('subscribes, then delivers a front-desk cancellation once, signed', async () => {
    expect(await poll()).toBe(0);
    expect((await frontDesk(seeded!.id, 'cancel')).status).toBe(200);
    expect(await poll()).toBe(1);
    expect(await poll()).toBe(0);
    await deliver();
    const events = received();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'appointment.cancelled',
      source: 'athena',
      data: { appointmentId: seeded!.id, status: 'Cancelled', changes: ['status'] },
    });
  });

  it('delivers a front-desk move as the old appointment cancelled and the new rescheduled', async () => {
    const open = practice
      .scheduledSlots({ startDate: day, endDate: day, departmentIds: [another!.departmentId] })
      .find((slot) => !practice.seedAppointment(slot) && slot.id !== seeded!.id)!;
    const moved = await frontDesk(another!.id, 'move', { toappointmentid: open.id });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await poll()).toBe(2);
    await deliver();
    await deliver();
    const events = received();
    expect(events.map((event) => [event.type, event.data.appointmentId]).sort()).toEqual(
      [
        ['appointment.cancelled', another!.id],
        ['appointment.rescheduled', open.id],
      ].sort(),
    );
  });

  it('delivers a patient registered at the front desk as patient.registered', async () => {
    const registered = await fetch(`${sandboxUrl}/_sandbox/front-desk/patients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstname: 'Dorothy',
        lastname: 'Vaughan',
        dob: '09/20/1985',
        departmentid: '21',
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);
    const { patientid } = (await registered.json()) as { patientid: string };
    expect(await poll()).toBe(1);
    await deliver();
    expect(received().map((event) => [event.type, event.data.patientId])).toEqual([
      ['patient.registered', patientid],
    ]);
  });

  it("does not deliver the gateway's own booking twice when the feed reports it back", async () => {
    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 12 });
    const booked = await app.inject({
      method: 'POST',
      url: `/aggregate/patient-with-appointment?source=athena`,
      headers: { 'x-api-key': key },
      payload: {
        patient: {
          firstname: 'Ada',
          lastname: 'Lovelace',
          dob: '12/10/1990',
          email: 'ada@example.com',
          sex: 'F',
          zip: '60601',
          departmentid: '21',
        },
        appointment: { appointmentTypeId: '7', departmentId: '21', date },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await deliver();
    await deliver();
    expect(
      received()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['appointment.booked', 'patient.registered']);
    // The feed reports the registration and the booking; both are the gateway's own.
    expect(await poll()).toBe(0);
    await deliver();
    expect(received()).toEqual([]);
  });
});
