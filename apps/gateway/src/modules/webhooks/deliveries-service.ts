import type {
  WebhookAttempt,
  WebhookAttemptOutcome,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryQuery,
  WebhookEventType,
  WebhookStats,
} from '@ehr-gateway/contracts';
import { WEBHOOK_ATTEMPT_OUTCOMES } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/http-errors.js';
import type { AuditContext } from '../audit/index.js';
import { eventOfChange, testEvent, type EhrChange } from './change-events.js';
import {
  createDeliveriesRepository,
  type AttemptRow,
  type DeliveriesRepository,
  type DeliveryRow,
  type NewEvent,
} from './deliveries-repository.js';
import type { Caller, EndpointsService } from './endpoints-service.js';
import type { WebhookObserver } from './webhook-metrics.js';
import type { SecretSealer } from './webhook-signing.js';

const DAY_MS = 86_400_000;
const iso = (at: Date | null) => at?.toISOString() ?? null;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type as WebhookEventType,
  status: row.status as WebhookDelivery['status'],
  attemptCount: row.attempt_count,
  occurredAt: row.occurred_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  deliveredAt: iso(row.delivered_at),
  lastResponseStatus: row.last_response_status,
});

const toAttempt = (row: AttemptRow): WebhookAttempt => ({
  id: row.id,
  attemptedAt: row.attempted_at.toISOString(),
  outcome: row.outcome as WebhookAttemptOutcome,
  responseStatus: row.response_status,
  durationMs: row.duration_ms,
  responseExcerpt: row.response_excerpt,
  error: row.error,
});

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

interface Deps {
  db: Db;
  repository: DeliveriesRepository;
  endpoints: EndpointsService;
  sealer: SecretSealer;
  audit: {
    record: (
      context: AuditContext,
      record: { action: 'webhook-test-sent' | 'webhook-delivery-replayed'; target: string },
    ) => Promise<void>;
  };
  now: () => Date;
  /** Something was queued: deliver soon rather than at the next tick. */
  onQueued: () => void;
  counters: WebhookCounters;
  observer: WebhookObserver;
}

export interface WebhookCounters {
  eventsCreated: number;
  outcomes: Record<WebhookAttemptOutcome, number>;
}

/** The outbox and what became of each event: deliveries, attempts, test events and replays. */
export function createDeliveriesService(deps: Deps) {
  const { db, repository, endpoints, sealer, now, onQueued, counters } = deps;

  async function ownedDelivery(deliveryId: string, caller: Caller): Promise<DeliveryRow> {
    const row = await repository.find(deliveryId);
    if (!row) {
      throw notFound(`No webhook delivery ${deliveryId}`, 'WEBHOOK_DELIVERY_NOT_FOUND');
    }
    await endpoints.load(row.endpoint_id, caller);
    return row;
  }

  return {
    /**
     * Writes the event for an EHR change to the outbox with its deliveries inside `tx`, so the
     * event commits with the change's own record; the caller calls `onQueued` once it committed.
     */
    async recordChange(change: EhrChange, tx: Db): Promise<void> {
      const event: NewEvent = eventOfChange(change, now(), sealer);
      await createDeliveriesRepository(tx).insertEvent(event, now());
      counters.eventsCreated += 1;
      deps.observer.event(change.type);
    },

    async page(
      endpointId: string,
      query: WebhookDeliveryQuery,
      caller: Caller,
    ): Promise<WebhookDeliveryPage> {
      await endpoints.load(endpointId, caller);
      const rows = await repository.page(endpointId, {
        status: query.status,
        before: query.cursor,
        limit: query.limit,
      });
      return {
        deliveries: rows.map(toDelivery),
        nextCursor: rows.length === query.limit ? (rows.at(-1)?.seq ?? null) : null,
      };
    },

    async detail(deliveryId: string, caller: Caller): Promise<WebhookDeliveryDetail> {
      const row = await ownedDelivery(deliveryId, caller);
      return {
        delivery: toDelivery(row),
        attempts: (await repository.attempts(row.id)).map(toAttempt),
      };
    },

    async sendTest(endpointId: string, caller: Caller, context: AuditContext) {
      const endpoint = await endpoints.load(endpointId, caller);
      const event = testEvent(endpoint.id, now());
      await db
        .transaction()
        .execute((tx) => createDeliveriesRepository(tx).insertEvent(event, now(), endpoint.id));
      counters.eventsCreated += 1;
      deps.observer.event('endpoint.test');
      await deps.audit.record(context, { action: 'webhook-test-sent', target: endpoint.id });
      onQueued();
      const [row] = await repository.page(endpoint.id, { limit: 1 });
      return { delivery: toDelivery(row!) };
    },

    async replay(deliveryId: string, caller: Caller, context: AuditContext) {
      const original = await ownedDelivery(deliveryId, caller);
      const id = await repository.requeue(original, now());
      await deps.audit.record(context, { action: 'webhook-delivery-replayed', target: deliveryId });
      onQueued();
      return { delivery: toDelivery((await repository.find(id))!) };
    },

    async stats(): Promise<WebhookStats> {
      const lags = (await repository.lagsSince(new Date(now().getTime() - DAY_MS))).sort(
        (a, b) => a - b,
      );
      return {
        eventsCreated: counters.eventsCreated,
        deliveries: Object.fromEntries(
          WEBHOOK_ATTEMPT_OUTCOMES.map((outcome) => [outcome, counters.outcomes[outcome]]),
        ) as WebhookStats['deliveries'],
        lagP50Ms: quantile(lags, 0.5),
        lagP95Ms: quantile(lags, 0.95),
        pending: await repository.pendingCount(),
      };
    },

    purgeExpired: (retentionDays: number) =>
      repository.deleteOlderThan(new Date(now().getTime() - retentionDays * DAY_MS)),
  };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
