import {
  ALL_WEBHOOK_EVENT_TYPES,
  WEBHOOK_ATTEMPT_OUTCOMES,
  type WebhookAttemptOutcome,
  type WebhookEventType,
} from '@ehr-gateway/contracts';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

const PREFIX = 'ehr_gateway_webhook_';
/** Seconds from the event to its first 2xx: immediate sends up to a receiver down for days. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 3_600, 86_400, 259_200];

/**
 * Webhook figures in the Prometheus registry. Labels are the event type and the attempt's outcome,
 * both closed lists from contracts: no endpoint id, URL or payload (bounded cardinality, no PHI).
 */
export function registerWebhookMetrics(
  registry: Registry,
  backlog: (() => Promise<number>) | undefined,
) {
  const events = new Counter({
    name: `${PREFIX}events_total`,
    help: 'Webhook events written to the outbox, by event type',
    labelNames: ['type'],
    registers: [registry],
  });
  const attempts = new Counter({
    name: `${PREFIX}deliveries_total`,
    help: 'Webhook delivery attempts, by outcome (delivered, http-error, timeout, network-error, refused-address)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const gaveUp = new Counter({
    name: `${PREFIX}deliveries_dead_total`,
    help: 'Webhook deliveries that failed with the retry schedule spent (not retried again)',
    registers: [registry],
  });
  const lag = new Histogram({
    name: `${PREFIX}delivery_lag_seconds`,
    help: 'Time from a webhook event occurring to its delivery (first 2xx)',
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  // Every label value from the start, so a rate() sees the series before its first increment.
  for (const type of ALL_WEBHOOK_EVENT_TYPES) {
    events.inc({ type }, 0);
  }
  for (const outcome of WEBHOOK_ATTEMPT_OUTCOMES) {
    attempts.inc({ outcome }, 0);
  }
  if (backlog) {
    new Gauge({
      name: `${PREFIX}outbox_backlog`,
      help: 'Webhook deliveries waiting for their first or next attempt (all instances: the shared outbox)',
      registers: [registry],
      async collect() {
        this.set(await backlog());
      },
    });
  }
  return {
    event(type: WebhookEventType): void {
      events.inc({ type });
    },
    attempt(outcome: WebhookAttemptOutcome, lagMs: number | null, dead: boolean): void {
      attempts.inc({ outcome });
      if (lagMs !== null) {
        lag.observe(Math.max(0, lagMs) / 1000);
      }
      if (dead) {
        gaveUp.inc();
      }
    },
  };
}
