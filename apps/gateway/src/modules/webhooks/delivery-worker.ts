import {
  WEBHOOK_ANSWER_TIMEOUT_MS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookAttemptOutcome,
} from '@ehr-gateway/contracts';

import { eventBody } from './change-events.js';
import type { DeliveriesRepository } from './deliveries-repository.js';
import type { ClaimedDelivery, DeliveryQueue } from './delivery-queue.js';
import type { EndpointRow } from './endpoints-repository.js';
import { signedHeaders, type SecretSealer } from './webhook-signing.js';
import type { SendResult } from './webhook-sender.js';

/**
 * How long a claimed delivery is this instance's alone. Another instance sends it again only once
 * the lease has run out (a crash), so an attempt must be over, recorded included, well before.
 */
export const DELIVERY_LEASE_MS = 120_000;
/**
 * What an attempt may still need when it starts: the send's own time limits and a minute for the
 * database to record it on a stalled machine. An attempt that would start with less lease left
 * is not made (the lease runs out and the delivery is claimed afresh), so a slow database can
 * delay a delivery but not send it twice.
 */
const ATTEMPT_BUDGET_MS = WEBHOOK_CONNECT_TIMEOUT_MS + WEBHOOK_ANSWER_TIMEOUT_MS + 60_000;
const PER_ENDPOINT_CONCURRENCY = 4;
const ENDPOINTS_PER_ROUND = 50;
const JITTER = 0.2;

/** When attempt `attempt` (1-based, just failed) is retried: null once the schedule is spent. */
export function nextAttemptAt(attempt: number, at: Date, random: () => number): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) {
    return null;
  }
  const jittered = delay * (1 - JITTER + 2 * JITTER * random());
  return new Date(at.getTime() + Math.round(jittered));
}

export interface DeliveryWorkerDeps {
  queue: DeliveryQueue;
  deliveries: DeliveriesRepository;
  findEndpoint: (id: string) => Promise<EndpointRow | undefined>;
  sealer: SecretSealer;
  send: (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;
  /** An endpoint failed throughout WEBHOOK_DISABLE_AFTER_MS: stop it and tell someone. */
  disableEndpoint: (endpoint: EndpointRow) => Promise<void>;
  /** `gaveUp`: failed with the retry schedule spent. */
  onAttempt?: (outcome: WebhookAttemptOutcome, lagMs: number | null, gaveUp: boolean) => void;
  now: () => Date;
  random?: () => number;
}

/**
 * Sends what is due: claims deliveries (leased, in order per resource, bounded per endpoint),
 * signs each body with the endpoint's secrets, records the attempt and schedules the retry.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { queue, deliveries, sealer, now, random = Math.random } = deps;
  let running: Promise<number> | null = null;

  const secretsOf = (endpoint: EndpointRow, at: Date): string[] => {
    const secrets = [sealer.open(endpoint.secret_sealed)];
    if (
      endpoint.previous_secret_sealed &&
      endpoint.previous_secret_expires_at &&
      endpoint.previous_secret_expires_at > at
    ) {
      secrets.push(sealer.open(endpoint.previous_secret_sealed));
    }
    return secrets.filter((secret): secret is string => secret !== null);
  };

  async function dataFor(endpoint: EndpointRow, eventId: string) {
    const event = await deliveries.findEvent(eventId);
    if (!event) {
      return null;
    }
    const full =
      endpoint.payload === 'full' && endpoint.phi_approved && event.data_full_sealed
        ? sealer.open(event.data_full_sealed)
        : null;
    const data = full ? (JSON.parse(full) as Record<string, unknown>) : event.data_ids;
    return { body: eventBody(event, data), occurredAt: event.occurred_at };
  }

  async function deliver(claimed: ClaimedDelivery, claimedAt: Date): Promise<void> {
    const endpoint = await deps.findEndpoint(claimed.endpointId);
    const payload = endpoint ? await dataFor(endpoint, claimed.eventId) : null;
    if (!endpoint || !payload) {
      return;
    }
    if (now().getTime() - claimedAt.getTime() > DELIVERY_LEASE_MS - ATTEMPT_BUDGET_MS) {
      return;
    }
    // The signature's timestamp is the wall clock: receivers check it against theirs.
    const headers = signedHeaders(
      claimed.eventId,
      payload.body,
      secretsOf(endpoint, now()),
      new Date(),
    );
    const result = await deps.send(endpoint.url, headers, payload.body);
    const at = now();
    const delivered = result.outcome === 'delivered';
    const attempt = claimed.attemptCount + 1;
    const retryAt = delivered ? null : nextAttemptAt(attempt, at, random);
    const { failingSince } = await queue.record({
      deliveryId: claimed.id,
      endpointId: endpoint.id,
      at,
      outcome: result.outcome,
      status: result.status,
      durationMs: result.durationMs,
      excerpt: result.excerpt,
      error: result.error,
      delivered,
      nextAttemptAt: retryAt,
    });
    deps.onAttempt?.(
      result.outcome,
      delivered ? at.getTime() - payload.occurredAt.getTime() : null,
      !delivered && retryAt === null,
    );
    if (failingSince && at.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      await deps.disableEndpoint(endpoint);
    }
  }

  async function round(): Promise<number> {
    const claimedAt = now();
    const claimed = await queue.claim(claimedAt, {
      leaseMs: DELIVERY_LEASE_MS,
      perEndpoint: PER_ENDPOINT_CONCURRENCY,
      endpoints: ENDPOINTS_PER_ROUND,
    });
    await Promise.all(claimed.map((delivery) => deliver(delivery, claimedAt)));
    return claimed.length;
  }

  let again = false;
  return {
    /**
     * Sends everything due now, round after round until nothing is left; one run at a time per
     * instance (a call during a run makes it look once more). Returns the attempts made.
     */
    runDue(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        try {
          do {
            again = false;
            for (let sent = await round(); sent > 0; sent = await round()) {
              total += sent;
            }
          } while (again);
          return total;
        } finally {
          running = null;
        }
      })();
      return running;
    },

    /** Waits for the run in progress, if any (the gateway stopping). */
    settle: async (): Promise<void> => {
      await running?.catch(() => undefined);
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
