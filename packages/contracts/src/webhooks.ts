import { z } from 'zod';

import { IsoDateTime, Uuid } from './common.js';
import { Appointment, EhrSource, PatientDetail } from './ehr.js';
import { PracticeId } from './gateway-config.js';

/**
 * Signed webhooks (Standard Webhooks): what an endpoint may subscribe to, how it is registered and
 * what a delivery looks like. API clients with the `events` scope manage their own endpoints under
 * `GATEWAY_PREFIXES.webhooks`; admins manage every endpoint under `ADMIN_PREFIX` + the same prefix.
 */

/** Every event the gateway emits, with the words the console and the docs use. */
export const WEBHOOK_EVENT_TYPES = {
  'appointment.booked': 'An appointment was booked',
  'appointment.cancelled': 'An appointment was cancelled',
  'appointment.rescheduled': 'An appointment moved to another time',
  'appointment.updated': 'An appointment changed otherwise (status, check-in, notes)',
  'patient.registered': 'A patient was registered',
  'patient.updated': "A patient's details changed",
  'endpoint.test': 'A test event sent on request',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;
export const ALL_WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_TYPES) as [
  WebhookEventType,
  ...WebhookEventType[],
];
export const WebhookEventType = z.enum(ALL_WEBHOOK_EVENT_TYPES);
/** What an endpoint subscribes to; `endpoint.test` is sent only when asked for, to any endpoint. */
export const SUBSCRIBABLE_WEBHOOK_EVENT_TYPES = ALL_WEBHOOK_EVENT_TYPES.filter(
  (type) => type !== 'endpoint.test',
);
export const SubscribableWebhookEventType = WebhookEventType.exclude(['endpoint.test']);

/**
 * `id-only` (the default): resource ids and which fields changed, never a name, birth date or
 * phone; the receiver reads details with its key. `full`: the normalised resource, only for an
 * endpoint an admin marked PHI-approved.
 */
export const WEBHOOK_PAYLOAD_MODES = ['id-only', 'full'] as const;
export const WebhookPayloadMode = z.enum(WEBHOOK_PAYLOAD_MODES);
export type WebhookPayloadMode = z.infer<typeof WebhookPayloadMode>;

/** `disabled`: the gateway stopped it after failing for WEBHOOK_DISABLE_AFTER_MS; resume restarts it. */
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'paused', 'disabled'] as const;
export const WebhookEndpointStatus = z.enum(WEBHOOK_ENDPOINT_STATUSES);
export type WebhookEndpointStatus = z.infer<typeof WebhookEndpointStatus>;

/** Routes under the webhooks prefix, the same for API clients and admins (`:id` an endpoint). */
export const WEBHOOK_ROUTES = {
  endpoints: '/endpoints',
  endpoint: '/endpoints/:id',
  pause: '/endpoints/:id/pause',
  resume: '/endpoints/:id/resume',
  rotateSecret: '/endpoints/:id/rotate-secret',
  test: '/endpoints/:id/test',
  deliveries: '/endpoints/:id/deliveries',
  delivery: '/deliveries/:deliveryId',
  replay: '/deliveries/:deliveryId/replay',
  /** Admins only: mark an endpoint PHI-approved (needed for `payload: full`), or withdraw it. */
  phiApproval: '/endpoints/:id/phi-approval',
  /** Admins only: events created, deliveries by outcome, delivery lag. */
  stats: '/stats',
} as const;

/** A route template with its parameters filled in: `webhookRoute('pause', { id })`. */
export function webhookRoute(
  name: keyof typeof WEBHOOK_ROUTES,
  params: { id?: string; deliveryId?: string } = {},
): string {
  return WEBHOOK_ROUTES[name]
    .replace(':id', encodeURIComponent(params.id ?? ''))
    .replace(':deliveryId', encodeURIComponent(params.deliveryId ?? ''));
}

/** A delivery counts when the receiver answers 2xx within this time. */
export const WEBHOOK_ANSWER_TIMEOUT_MS = 10_000;
export const WEBHOOK_CONNECT_TIMEOUT_MS = 5_000;
/** Retries stop, and an endpoint failing throughout is disabled, after this long. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * The wait before each retry (attempt 2, 3, …), each with up to ±20 % jitter; after the last the
 * delivery is marked failed (about 3 days after the event). Documented in docs/webhooks.md.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
  24 * 60 * 60_000,
  24 * 60 * 60_000,
] as const;
/** How much of a receiver's answer an attempt keeps (PHI masked). */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
/** Secrets are Standard Webhooks secrets: this prefix and base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_ROTATION_GRACE_MAX_MINUTES = 4320;

export const WEBHOOK_URL_MAX = 2048;
export const WebhookUrl = z
  .url({ protocol: /^https?$/, error: 'url must be an http(s) URL' })
  .max(WEBHOOK_URL_MAX, `url may be at most ${WEBHOOK_URL_MAX} characters`);

const WebhookEvents = z
  .array(SubscribableWebhookEventType)
  .min(1, 'events: name at least one event type')
  .max(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);
const WebhookDescription = z.string().trim().max(500, 'description may be at most 500 characters');

export const CreateWebhookEndpointBody = z.strictObject({
  url: WebhookUrl,
  events: WebhookEvents,
  description: WebhookDescription.default(''),
  /** `full` is refused (403 PHI_APPROVAL_REQUIRED) until an admin approves the endpoint. */
  payload: WebhookPayloadMode.default('id-only'),
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

/** Admins may also limit an endpoint to practices; a client's endpoint takes its key's practices. */
export const AdminCreateWebhookEndpointBody = CreateWebhookEndpointBody.extend({
  practiceIds: z.array(PracticeId).min(1).max(50).nullish(),
});
export type AdminCreateWebhookEndpointBody = z.infer<typeof AdminCreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z
  .strictObject({
    url: WebhookUrl,
    events: WebhookEvents,
    description: WebhookDescription,
    payload: WebhookPayloadMode,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const RotateWebhookSecretBody = z.strictObject({
  /** How long the old secret keeps signing beside the new one; 0 ends it at once. */
  graceMinutes: z
    .number()
    .int('graceMinutes must be a whole number of minutes')
    .min(0, 'graceMinutes must be 0 or more')
    .max(
      WEBHOOK_ROTATION_GRACE_MAX_MINUTES,
      `graceMinutes may be at most ${WEBHOOK_ROTATION_GRACE_MAX_MINUTES}`,
    )
    .default(1440),
});
export type RotateWebhookSecretBody = z.infer<typeof RotateWebhookSecretBody>;

export const WebhookPhiApprovalBody = z.strictObject({ phiApproved: z.boolean() });
export type WebhookPhiApprovalBody = z.infer<typeof WebhookPhiApprovalBody>;

export const WebhookEndpointParams = z.strictObject({ id: Uuid });
export const WebhookDeliveryParams = z.strictObject({ deliveryId: Uuid });

/** An endpoint as shown: never its secret. */
export const WebhookEndpoint = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(WebhookEventType),
  description: z.string(),
  payload: WebhookPayloadMode,
  phiApproved: z.boolean(),
  status: WebhookEndpointStatus,
  /** Deliveries failed in a row (reset by a 2xx). */
  failureStreak: z.number().int(),
  /** When the current run of failures began; null while the endpoint answers. */
  failingSince: IsoDateTime.nullable(),
  disabledAt: IsoDateTime.nullable(),
  /** Null: any practice the gateway serves. */
  practiceIds: z.array(z.string()).nullable(),
  /** The API key that registered it; null for an endpoint an admin created. */
  ownerKeyId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  secretRotatedAt: IsoDateTime.nullable(),
  /** Until when the previous secret still signs beside the current one. */
  previousSecretExpiresAt: IsoDateTime.nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;
export const WebhookEndpointDetail = z.object({ endpoint: WebhookEndpoint });
export type WebhookEndpointDetail = z.infer<typeof WebhookEndpointDetail>;

/** The answers that carry the signing secret: creation and rotation, once each. */
export const WebhookEndpointCreated = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;
export const WebhookSecretRotated = z.object({
  endpoint: WebhookEndpoint,
  secret: z.string(),
  previousSecretExpiresAt: IsoDateTime.nullable(),
});
export type WebhookSecretRotated = z.infer<typeof WebhookSecretRotated>;

/** `pending`: waiting for its first or next attempt; `failed`: retries exhausted or endpoint disabled. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** What one attempt came to; also the `outcome` label of the deliveries metric. */
export const WEBHOOK_ATTEMPT_OUTCOMES = [
  'delivered',
  'http-error',
  'timeout',
  'network-error',
  'refused-address',
] as const;
export const WebhookAttemptOutcome = z.enum(WEBHOOK_ATTEMPT_OUTCOMES);
export type WebhookAttemptOutcome = z.infer<typeof WebhookAttemptOutcome>;

export const WebhookAttempt = z.object({
  id: Uuid,
  attemptedAt: IsoDateTime,
  outcome: WebhookAttemptOutcome,
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first WEBHOOK_RESPONSE_EXCERPT_BYTES of the answer, PHI masked. */
  responseExcerpt: z.string().nullable(),
  /** Why it failed when there was no answer (timeout, refused address), never a secret. */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: Uuid,
  endpointId: Uuid,
  /** The event's id: the `webhook-id` header, the same on every attempt and replay. */
  eventId: Uuid,
  eventType: WebhookEventType,
  status: WebhookDeliveryStatus,
  attemptCount: z.number().int(),
  occurredAt: IsoDateTime,
  createdAt: IsoDateTime,
  nextAttemptAt: IsoDateTime.nullable(),
  deliveredAt: IsoDateTime.nullable(),
  lastResponseStatus: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WEBHOOK_DELIVERY_PAGE_MAX = 200;
export const WebhookDeliveryQuery = z.strictObject({
  status: WebhookDeliveryStatus.optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERY_PAGE_MAX).default(50),
  /** From the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, 'cursor must be a cursor from a previous page')
    .optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookDeliveryPage = z.object({
  deliveries: z.array(WebhookDelivery),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookDeliveryDetail = z.object({
  delivery: WebhookDelivery,
  /** Newest first. */
  attempts: z.array(WebhookAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

/** Test events and replays answer with the delivery they queued. */
export const WebhookDeliveryQueued = z.object({ delivery: WebhookDelivery });
export type WebhookDeliveryQueued = z.infer<typeof WebhookDeliveryQueued>;

export const WebhookStats = z.object({
  /** Since this instance started (Prometheus has the counters per instance). */
  eventsCreated: z.number().int(),
  /** Attempts by outcome, one property per outcome. */
  deliveries: z.object(
    Object.fromEntries(WEBHOOK_ATTEMPT_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as {
      [K in WebhookAttemptOutcome]: z.ZodNumber;
    },
  ),
  /** Event time to first 2xx, over the deliveries of the last 24 hours; null without any. */
  lagP50Ms: z.number().nullable(),
  lagP95Ms: z.number().nullable(),
  pending: z.number().int(),
});
export type WebhookStats = z.infer<typeof WebhookStats>;

/** `data` of an appointment event in `id-only` mode: ids and what changed, nothing identifying. */
export const AppointmentEventIds = z.object({
  appointmentId: z.string(),
  patientId: z.string().nullable(),
  providerId: z.string().nullable(),
  departmentId: z.string().nullable(),
  status: z.string().nullable(),
  /** The fields that changed (`status`, `startTime`, …). */
  changes: z.array(z.string()),
});
export const PatientEventIds = z.object({
  patientId: z.string(),
  departmentId: z.string().nullable(),
  changes: z.array(z.string()),
});
/** `data` in `full` mode: the ids above and the normalised resource. */
export const AppointmentEventFull = AppointmentEventIds.extend({ appointment: Appointment });
export const PatientEventFull = PatientEventIds.extend({ patient: PatientDetail.partial() });
export const TestEventData = z.object({ endpointId: Uuid, message: z.string() });

export const WebhookEventSource = z.enum([...EhrSource.options, 'gateway']);
export type WebhookEventSource = z.infer<typeof WebhookEventSource>;

/** The body every delivery carries (Standard Webhooks: `type`, a timestamp, `data`). */
export const WebhookEventBody = z.object({
  type: WebhookEventType,
  /** The event's id, also the `webhook-id` header. */
  id: Uuid,
  occurredAt: IsoDateTime,
  /** The EHR the change happened in; `gateway` for `endpoint.test`. */
  source: WebhookEventSource,
  practiceId: z.string(),
  data: z.union([
    AppointmentEventFull,
    AppointmentEventIds,
    PatientEventFull,
    PatientEventIds,
    TestEventData,
  ]),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
