import { randomBytes } from 'node:crypto';

import { HEADERS } from '@ehr-gateway/contracts';
import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useGateway } from './helpers.js';
import { startWebhookReceiver } from './webhook-receiver.js';

const VAPI_PATH = '/llm/tools/query-healthcare-entities';

describe('a voice-agent booking reaches a webhook receiver', () => {
  const gw = useGateway(
    { name: 'pglite' },
    {
      settings: {
        webhooks: { allowPrivate: true, secretsKey: randomBytes(32) },
        toolTokenSecret: 'tool-token-secret-for-the-tests-0123456789',
      },
    },
  );
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let secret: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const registered = await gw.app.inject({
      method: 'POST',
      url: '/webhooks/endpoints',
      headers: { 'x-api-key': gw.key },
      payload: {
        url: receiver.url,
        events: ['appointment.booked', 'appointment.cancelled', 'appointment.rescheduled'],
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    ({ secret } = registered.json() as { secret: string });
  });
  afterAll(() => receiver.close());

  let sequence = 0;
  /** One Vapi tool call; answers the JSON the tool kept for the agent. */
  async function tool(name: string, args: Record<string, unknown>) {
    sequence += 1;
    const response = await gw.app.inject({
      method: 'POST',
      url: VAPI_PATH,
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: gw.key },
      payload: {
        message: {
          type: 'tool-calls',
          call: { id: 'call-webhooks' },
          toolCallList: [
            { id: `tool-${sequence}`, type: 'function', function: { name, arguments: args } },
          ],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [result] = response.json().results as Array<{ result: string }>;
    const text = result!.result;
    return JSON.parse(text.slice(text.indexOf(' {') + 1)) as Record<string, unknown>;
  }

  it('delivers the booking once, signed, then a reschedule as rescheduled (new) and cancelled (old)', async () => {
    const verified = await tool('verify_patient', {
      firstName: SAMPLE_PATIENT.firstName,
      lastName: SAMPLE_PATIENT.lastName,
      dob: SAMPLE_PATIENT.dob,
    });
    const patientRef = verified.patientRef as string;
    const found = await tool('find_open_slots', {
      specialty: 'pediatrics',
      appointmentType: 'well child visit',
      dateFrom: 'next week',
      patientRef,
    });
    const offers = found.offers as Array<{ slotToken: string }>;
    const booked = await tool('book_appointment', {
      patientRef,
      slotToken: offers[0]!.slotToken,
      reason: 'well child visit',
    });
    expect(booked.booked).toBe(true);
    await gw.app.webhookDelivery.deliverDue();
    const events = receiver.verifiedEvents(secret);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'appointment.booked',
      source: 'mock',
      data: { appointmentId: String(booked.confirmationNumber).replace(/\D/g, '') },
    });
    expect(JSON.stringify(events[0])).not.toContain(SAMPLE_PATIENT.lastName);

    const moved = await tool('reschedule_appointment', {
      patientRef,
      appointment: booked.appointment,
      slotToken: offers[1]!.slotToken,
    });
    expect(moved.rescheduled).toBe(true);
    await gw.app.webhookDelivery.deliverDue();
    const digits = (value: unknown) => String(value).replace(/\D/g, '');
    expect(
      receiver
        .verifiedEvents(secret)
        .map((event) => [event.type, event.data.appointmentId])
        .sort(),
    ).toEqual([
      ['appointment.cancelled', digits(booked.confirmationNumber)],
      ['appointment.rescheduled', digits(moved.confirmationNumber)],
    ]);
  });
});
