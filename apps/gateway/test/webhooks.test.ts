import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Appointment, Bundle, Slot } from '@medplum/fhirtypes';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import { databaseTargets, testClock, useGateway, type GatewayFixture } from './helpers.js';
import { scheduleDate } from './schedule.js';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback that records each delivery and answers the statuses it is told. */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ ok: status < 300, dob: '1990-12-10', note: 'call 312-555-0100' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    statuses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const practice = createPractice();
const FHIR = '/fhir/r4/mock/12345';
const EVENTS = ['appointment.booked', 'appointment.cancelled', 'patient.registered'];

const newPatient = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  dob: '12/10/1990',
  email: 'ada@example.com',
  sex: 'F',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  departmentid: '21',
};

async function register(gw: GatewayFixture, url: string, events = EVENTS) {
  const response = await gw.app.inject({
    method: 'POST',
    url: '/webhooks/endpoints',
    headers: { 'x-api-key': gw.key },
    payload: { url, events, description: 'test receiver' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { endpoint: { id: string }; secret: string };
}

function verified(secret: string, delivery: Received) {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as {
    type: string;
    id: string;
    data: Record<string, unknown>;
  };
}

describe.each(databaseTargets)('signed webhooks on $name', (target) => {
  const clock = testClock();
  const secretsKey = randomBytes(32);
  const gw = useGateway(target, {
    now: clock.now,
    settings: { webhooks: { allowPrivate: true, secretsKey } },
  });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;
  let endpointId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    ({
      secret,
      endpoint: { id: endpointId },
    } = await register(gw, receiver.url));
  });
  afterAll(() => receiver.close());

  const deliver = () => gw.app.webhookDelivery.deliverDue();
  const fhir = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    gw.app.inject({
      method,
      url: `${FHIR}${url}`,
      headers: {
        'x-api-key': gw.key,
        'content-type':
          method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json',
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('delivers a REST registration and booking once each, signed, with id-only bodies', async () => {
    receiver.received.length = 0;
    const date = scheduleDate({ departmentId: '21', appointmentTypeId: '7', daysAhead: 10 });
    const booked = await gw.app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=mock',
      headers: { 'x-api-key': gw.key },
      payload: {
        patient: newPatient,
        appointment: { appointmentTypeId: '7', departmentId: '21', date },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await deliver();
    await deliver();
    const events = receiver.received.map((delivery) => verified(secret, delivery));
    // Different resources may go out side by side; one resource's events keep their order.
    expect(events.map((event) => event.type).sort()).toEqual([
      'appointment.booked',
      'patient.registered',
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    expect(events.find((event) => event.type === 'appointment.booked')!.data).toMatchObject({
      appointmentId: booked.json().appointment.id,
      patientId: booked.json().patient.id,
      status: 'Scheduled',
    });
    for (const delivery of receiver.received) {
      expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      expect(delivery.body).not.toMatch(/Ada|Lovelace|1990|ada@example\.com/);
    }
  });

  it('delivers a FHIR booking and its cancellation in order, each once', async () => {
    receiver.received.length = 0;
    const person = practice.patients[7]!;
    const day = scheduleDate({ daysAhead: 11, atLeast: 8 });
    const slots = (await fhir('GET', `/Slot?status=free&start=ge${day}&_count=5`)).json() as Bundle;
    const slot = slots.entry!.find((entry) => entry.search?.mode === 'match')!.resource as Slot;
    const created = await fhir('POST', '/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      slot: [{ reference: `Slot/${slot.id}` }],
      participant: [{ actor: { reference: `Patient/${person.id}` }, status: 'accepted' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const appointment = created.json() as Appointment;
    const cancelled = await fhir('PATCH', `/Appointment/${appointment.id}`, [
      { op: 'replace', path: '/status', value: 'cancelled' },
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliver();
    await deliver();
    const events = receiver.received.map((delivery) => verified(secret, delivery));
    expect(events.map((event) => event.type)).toEqual([
      'appointment.booked',
      'appointment.cancelled',
    ]);
    expect(events[0]!.data.appointmentId).toBe(events[1]!.data.appointmentId);
    expect(receiver.received.some((d) => d.body.includes(person.lastName))).toBe(false);
  });

  it('retries after a 503 with backoff and records both attempts', async () => {
    receiver.received.length = 0;
    receiver.statuses.push(503);
    const test = await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${endpointId}/test`,
      headers: { 'x-api-key': gw.key },
    });
    expect(test.statusCode, test.body).toBe(202);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    clock.advance(7_000);
    await deliver();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received.map((delivery) => verified(secret, delivery));
    expect(second!.id).toBe(first!.id);
    const detail = await gw.app.inject({
      method: 'GET',
      url: `/webhooks/deliveries/${test.json().delivery.id}`,
      headers: { 'x-api-key': gw.key },
    });
    const { delivery, attempts } = detail.json();
    expect(delivery.status).toBe('delivered');
    expect(attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([200, 503]);
    expect(attempts[1].outcome).toBe('http-error');
    expect(attempts[0].responseExcerpt).toContain('"ok":true');
    expect(attempts[0].responseExcerpt).not.toMatch(/1990-12-10|312-555-0100/);
  });

  it('delivers after a restart what was written before it', async () => {
    receiver.received.length = 0;
    await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${endpointId}/test`,
      headers: { 'x-api-key': gw.key },
    });
    await gw.restart();
    expect(receiver.received).toHaveLength(0);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    expect(verified(secret, receiver.received[0]!).type).toBe('endpoint.test');
  });

  it('signs with both secrets during a rotation grace period', async () => {
    receiver.received.length = 0;
    const rotated = await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${endpointId}/rotate-secret`,
      headers: { 'x-api-key': gw.key },
      payload: { graceMinutes: 60 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    await gw.app.inject({
      method: 'POST',
      url: `/webhooks/endpoints/${endpointId}/test`,
      headers: { 'x-api-key': gw.key },
    });
    await deliver();
    const delivery = receiver.received[0]!;
    expect(delivery.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verified(secret, delivery).type).toBe('endpoint.test');
    expect(verified(rotated.json().secret, delivery).type).toBe('endpoint.test');
    secret = rotated.json().secret;
  });
});

describe('webhook SSRF guard without WEBHOOKS_ALLOW_PRIVATE', () => {
  const gw = useGateway({ name: 'pglite' });

  it.each([
    'http://example.com/hook',
    'https://127.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://10.1.2.3/hook',
    'https://[::1]/hook',
  ])('refuses %s with 400 naming url', async (url) => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': gw.key },
      payload: { url, events: ['appointment.booked'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0].field).toBe('url');
  });

  it('refuses at send time a hostname that resolves to loopback', async () => {
    const receiver = await startReceiver();
    try {
      const { endpoint } = await register(gw, `https://localhost:${receiver.port}/hook`);
      const test = await gw.app.inject({
        method: 'POST',
        url: `/webhooks/endpoints/${endpoint.id}/test`,
        headers: { 'x-api-key': gw.key },
      });
      await gw.app.webhookDelivery.deliverDue();
      expect(receiver.received).toHaveLength(0);
      const detail = await gw.app.inject({
        method: 'GET',
        url: `/webhooks/deliveries/${test.json().delivery.id}`,
        headers: { 'x-api-key': gw.key },
      });
      expect(detail.json().attempts[0]).toMatchObject({ outcome: 'refused-address' });
    } finally {
      await receiver.close();
    }
  });
});
