import {
  GATEWAY_PREFIXES,
  WEBHOOK_ATTEMPT_OUTCOMES,
  type WebhookAttemptOutcome,
} from '@ehr-gateway/contracts';

import type { GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { AuditModule } from '../audit/index.js';
import { createDeliveriesRepository } from './deliveries-repository.js';
import { createDeliveriesService, type WebhookCounters } from './deliveries-service.js';
import { createDeliveryQueue } from './delivery-queue.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { createEndpointsRepository } from './endpoints-repository.js';
import { createEndpointsService } from './endpoints-service.js';
import type { EhrChange } from './change-events.js';
import { createObservedChangeRecorder, recordUnlessRecorded } from './observed-changes.js';
import { IGNORING_OBSERVER, type WebhookObserver } from './webhook-metrics.js';
import { sendWebhook } from './webhook-sender.js';
import { createSecretSealer, resolveSecretsKey } from './webhook-signing.js';
import { registerAdminWebhookRoutes, registerClientWebhookRoutes } from './webhooks-routes.js';

export type { EhrChange } from './change-events.js';
export { isForbiddenAddress } from './address-guard.js';
export type { WebhookObserver } from './webhook-metrics.js';

/** How often each instance looks for due deliveries (new events are also sent at once). */
const DELIVERY_TICK_MS = 1_000;
const RETENTION_EVERY_MS = 60 * 60_000;

const emptyCounters = (): WebhookCounters => ({
  eventsCreated: 0,
  outcomes: Object.fromEntries(WEBHOOK_ATTEMPT_OUTCOMES.map((o) => [o, 0])) as Record<
    WebhookAttemptOutcome,
    number
  >,
});

/** What the delivery worker is built from: the module's own services and its injected clock. */
interface WorkerParts {
  db: Db;
  endpoints: ReturnType<typeof createEndpointsService>;
  sealer: ReturnType<typeof createSecretSealer>;
  allowPrivate: boolean;
  counters: WebhookCounters;
  observer: WebhookObserver;
  now: () => Date;
  random: (() => number) | undefined;
}

/** The worker that sends due deliveries, counting each attempt's outcome. */
function createWorker(parts: WorkerParts) {
  const { counters, observer } = parts;
  return createDeliveryWorker({
    queue: createDeliveryQueue(parts.db),
    sealer: parts.sealer,
    send: (url, headers, body) =>
      sendWebhook(url, headers, body, { allowPrivate: parts.allowPrivate }),
    disableEndpoint: parts.endpoints.disable,
    onAttempt: (outcome, lagMs, gaveUp) => {
      counters.outcomes[outcome] += 1;
      observer.attempt(outcome, lagMs, gaveUp);
    },
    now: parts.now,
    random: parts.random,
  });
}

/** The delivery tick, and the retention of old attempts. */
const backgroundTasks = (
  worker: ReturnType<typeof createDeliveryWorker>,
  deliveries: ReturnType<typeof createDeliveriesService>,
  settings: GatewaySettings,
) => [
  { name: 'webhook delivery', everyMs: DELIVERY_TICK_MS, run: () => worker.runDue() },
  {
    name: 'webhook attempt retention',
    everyMs: RETENTION_EVERY_MS,
    firstRunAfterMs: 55_000,
    run: () => deliveries.purgeExpired(settings.requestLogRetentionDays),
  },
];

/**
 * The outbox as the EHR module takes it: an event written in the caller's transaction (with
 * `since`, only when no event for the same record and kind is there yet), delivery started once
 * that transaction committed, and the key write intents seal a patient's identity with.
 */
function createChangeOutbox(
  recordChange: (change: EhrChange, tx: Db) => Promise<void>,
  deliverSoon: () => void,
  sealer: ReturnType<typeof createSecretSealer>,
) {
  return {
    async write(change: EhrChange, tx: Db, since?: Date): Promise<boolean> {
      if (!since) {
        await recordChange(change, tx);
        return true;
      }
      return (await recordUnlessRecorded(tx, [change], since, recordChange)).length > 0;
    },
    committed: deliverSoon,
    seal: (plain: string) => sealer.seal(plain),
    open: (sealed: string) => sealer.open(sealed),
  };
}

/**
 * Signed webhooks (Standard Webhooks): endpoints registered by API clients and admins, the outbox
 * every EHR change is written to, and the worker that delivers it, signed, with retries.
 */
export function createWebhooksModule({
  db,
  settings,
  audit,
  now = () => new Date(),
  random,
  deliverOnWrite = true,
  observer = IGNORING_OBSERVER,
}: {
  db: Db;
  settings: GatewaySettings;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
  /** Retry jitter (tests make it predictable). */
  random?: () => number;
  /** Send new events at once rather than at the next tick (off when background tasks are). */
  deliverOnWrite?: boolean;
  /** Counts events and attempts as they happen (Prometheus). */
  observer?: WebhookObserver;
}) {
  const allowPrivate = settings.webhooks?.allowPrivate ?? false;
  const sealer = createSecretSealer(
    resolveSecretsKey(settings.webhooks, settings.payloadEncryptionKey),
  );
  const counters = emptyCounters();
  const endpointsRepository = createEndpointsRepository(db);
  const endpoints = createEndpointsService({
    repository: endpointsRepository,
    sealer,
    audit,
    allowPrivate,
    now,
  });
  let stopped = false;
  const worker = createWorker({
    db,
    endpoints,
    sealer,
    allowPrivate,
    counters,
    observer,
    now,
    random,
  });
  const deliverSoon = () => {
    if (!stopped && deliverOnWrite) {
      void worker.runDue().catch(() => undefined);
    }
  };
  const deliveriesRepository = createDeliveriesRepository(db);
  const deliveries = createDeliveriesService({
    db,
    repository: deliveriesRepository,
    endpoints,
    sealer,
    audit,
    now,
    counters,
    observer,
    onQueued: deliverSoon,
  });
  const services = { endpoints, deliveries };
  return {
    /** The outbox the EHR module writes each change's event to, inside its own transaction. */
    outbox: createChangeOutbox(deliveries.recordChange, deliverSoon, sealer),
    /** Writes the changes an EHR's feed reported, unless the gateway's own reported back. */
    recordObservedChanges: createObservedChangeRecorder(db, deliveries.recordChange, deliverSoon),
    /** Sends what is due now (the tick does this; tests call it after moving their clock). */
    deliverDue: () => worker.runDue(),
    /** Endpoints the gateway disabled after failing, for the bell. */
    disabledEndpoints: () => endpointsRepository.disabled(),
    /** Deliveries waiting in the shared outbox (the Prometheus backlog gauge). */
    backlog: () => deliveriesRepository.pendingCount(),
    routes: routesUnder(GATEWAY_PREFIXES.webhooks, (scope) =>
      registerClientWebhookRoutes(scope, services),
    ),
    adminRoutes: routesUnder(GATEWAY_PREFIXES.webhooks, (scope) =>
      registerAdminWebhookRoutes(scope, services),
    ),
    tasks: backgroundTasks(worker, deliveries, settings),
    stop: async () => {
      stopped = true;
      await worker.settle();
    },
  } satisfies GatewayModule & Record<string, unknown>;
}

export type WebhooksModule = ReturnType<typeof createWebhooksModule>;
