import { z } from 'zod';

import {
  ALL_WEBHOOK_EVENT_TYPES,
  AppointmentEventFull,
  AppointmentEventIds,
  PatientEventFull,
  PatientEventIds,
  TestEventData,
  WEBHOOK_EVENT_TYPES,
  WebhookEventBody,
  type WebhookEventType,
} from '@ehr-gateway/contracts';

/** The Standard Webhooks headers every delivery carries. */
const STANDARD_WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description:
      "The event's id (the body's `id`): the same on every attempt and replay; deduplicate on it.",
    schema: { type: 'string', format: 'uuid' },
  },
  {
    name: 'webhook-timestamp',
    description: 'Seconds since the epoch when this attempt was signed; refuse one far from now.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two during a rotation grace period).',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
].map((header) => ({ in: 'header', required: true, ...header }));

/** `data` by payload mode: id-only (the default) and full (PHI-approved endpoints only). */
function dataOf(type: WebhookEventType) {
  if (type.startsWith('appointment.')) {
    return z.union([AppointmentEventIds, AppointmentEventFull]);
  }
  if (type.startsWith('patient.')) {
    return z.union([PatientEventIds, PatientEventFull]);
  }
  return TestEventData;
}

function bodySchema(type: WebhookEventType): unknown {
  const schema = WebhookEventBody.extend({ type: z.literal(type), data: dataOf(type) });
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  });
  return json;
}

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type, as the gateway sends it to a
 * registered endpoint, with its body (from the contracts schemas) and the signature headers.
 */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    ALL_WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `${type}: ${WEBHOOK_EVENT_TYPES[type]}`,
          description:
            'Sent to each endpoint subscribed to this event, signed per Standard Webhooks. `data` holds ids and the changed fields in `id-only` mode; in `full` mode also the normalised resource.',
          parameters: STANDARD_WEBHOOK_HEADERS,
          // The receiver checks the signature headers, not a credential of the gateway's.
          security: [],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: bodySchema(type) } },
          },
          responses: {
            '200': { description: 'Any 2xx within 10 s: delivered' },
            '400': { description: 'Any other answer (or none): retried with backoff' },
          },
        },
      },
    ]),
  );
}
