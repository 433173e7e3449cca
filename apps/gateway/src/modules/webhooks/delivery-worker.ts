import {
  WEBHOOK_ANSWER_TIMEOUT_MS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookAttemptOutcome,
} from '@ehr-gateway/contracts';

import { eventBody } from './change-events.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  ClaimedEvent,
  DeliveryQueue,
} from './delivery-queue.js';
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
 * is not made (the delivery is let go and claimed afresh), so a slow database can delay a
 * delivery but not send it twice.
 */
const ATTEMPT_BUDGET_MS = WEBHOOK_CONNECT_TIMEOUT_MS + WEBHOOK_ANSWER_TIMEOUT_MS + 60_000;
/**
 * No attempt of a round starts later than this after its claim: an endpoint that answers slowly
 * (up to the send's limits) holds the round, and so the other endpoints, for seconds, not for
 * its whole batch. What it did not start is let go and claimed again by the next round.
 */
export const ROUND_STARTS_WITHIN_MS = Math.min(5_000, DELIVERY_LEASE_MS - ATTEMPT_BUDGET_MS);
/** Deliveries in flight at once per endpoint, per instance. */
export const PER_ENDPOINT_CONCURRENCY = 4;
/**
 * How many of an endpoint's due deliveries one round claims (fewer while some are still leased).
 * A round is one claim transaction and one recording transaction whatever it carries, so the
 * batch, not the concurrency, sets what the database spends per delivery.
 */
export const PER_ENDPOINT_BATCH = 25;
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
  sealer: SecretSealer;
  send: (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;
  /** An endpoint failed throughout WEBHOOK_DISABLE_AFTER_MS: stop it and tell someone. */
  disableEndpoint: (endpoint: EndpointRow) => Promise<void>;
  /** `gaveUp`: failed with the retry schedule spent. */
  onAttempt?: (outcome: WebhookAttemptOutcome, lagMs: number | null, gaveUp: boolean) => void;
  now: () => Date;
  random?: () => number;
}

/** The secrets a delivery is signed with: the current one, and the previous during its grace. */
function secretsOf(sealer: SecretSealer, endpoint: EndpointRow, at: Date): string[] {
  const secrets = [sealer.open(endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > at
  ) {
    secrets.push(sealer.open(endpoint.previous_secret_sealed));
  }
  return secrets.filter((secret): secret is string => secret !== null);
}

/** The signed body: id-only data, or the full resource for a PHI-approved `full` endpoint. */
function bodyFor(sealer: SecretSealer, endpoint: EndpointRow, event: ClaimedEvent): string {
  const full =
    endpoint.payload === 'full' && endpoint.phi_approved && event.data_full_sealed
      ? sealer.open(event.data_full_sealed)
      : null;
  const data = full ? (JSON.parse(full) as Record<string, unknown>) : event.data_ids;
  return eventBody(event, data);
}

/** What one round did: attempts to record, deliveries not started, and what went wrong. */
interface RoundOutcome {
  attempts: Array<{ record: AttemptRecord; occurredAt: Date }>;
  unsent: string[];
  errors: unknown[];
}

/**
 * Sends what is due: claims deliveries in rounds (leased, in order per resource, a batch per
 * endpoint), sends each endpoint's at most PER_ENDPOINT_CONCURRENCY at a time, signed with the
 * endpoint's secrets, then records the round's attempts and retries together.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { queue, sealer, now, random = Math.random } = deps;
  let running: Promise<number> | null = null;

  async function attempt(endpoint: EndpointRow, claimed: ClaimedDelivery) {
    const body = bodyFor(sealer, endpoint, claimed.event);
    // The signature's timestamp is the wall clock: receivers check it against theirs.
    const headers = signedHeaders(
      claimed.eventId,
      body,
      secretsOf(sealer, endpoint, now()),
      new Date(),
    );
    const result = await deps.send(endpoint.url, headers, body);
    const at = now();
    const delivered = result.outcome === 'delivered';
    const record: AttemptRecord = {
      deliveryId: claimed.id,
      endpointId: endpoint.id,
      at,
      outcome: result.outcome,
      status: result.status,
      durationMs: result.durationMs,
      excerpt: result.excerpt,
      error: result.error,
      delivered,
      nextAttemptAt: delivered ? null : nextAttemptAt(claimed.attemptCount + 1, at, random),
    };
    return { record, occurredAt: claimed.event.occurred_at };
  }

  /**
   * One endpoint's share of a round, in claim order, PER_ENDPOINT_CONCURRENCY at a time. One that
   * could not be attempted (it threw) keeps its lease: it is tried again once the lease runs out.
   */
  async function sendAll(
    endpoint: EndpointRow,
    queued: ClaimedDelivery[],
    claimedAt: Date,
    outcome: RoundOutcome,
  ) {
    let next = 0;
    const lane = async () => {
      for (let claimed = queued[next++]; claimed; claimed = queued[next++]) {
        if (now().getTime() - claimedAt.getTime() > ROUND_STARTS_WITHIN_MS) {
          outcome.unsent.push(claimed.id);
          continue;
        }
        try {
          outcome.attempts.push(await attempt(endpoint, claimed));
        } catch (error) {
          outcome.errors.push(error);
        }
      }
    };
    const lanes = Math.min(PER_ENDPOINT_CONCURRENCY, queued.length);
    await Promise.all(Array.from({ length: lanes }, lane));
  }

  async function round(): Promise<number> {
    const claimedAt = now();
    const claim = await queue.claim(claimedAt, {
      leaseMs: DELIVERY_LEASE_MS,
      perEndpoint: PER_ENDPOINT_BATCH,
      endpoints: ENDPOINTS_PER_ROUND,
    });
    if (claim.deliveries.length === 0) {
      return 0;
    }
    const outcome: RoundOutcome = { attempts: [], unsent: [], errors: [] };
    await Promise.all(
      claim.endpoints.map((endpoint) =>
        sendAll(
          endpoint,
          claim.deliveries.filter((delivery) => delivery.endpointId === endpoint.id),
          claimedAt,
          outcome,
        ),
      ),
    );
    const failing = await queue.record(
      outcome.attempts.map((attempt) => attempt.record),
      { ids: outcome.unsent, leasedUntil: claim.leasedUntil },
    );
    for (const { record, occurredAt } of outcome.attempts) {
      const lagMs = record.delivered ? record.at.getTime() - occurredAt.getTime() : null;
      deps.onAttempt?.(
        record.outcome as WebhookAttemptOutcome,
        lagMs,
        !record.delivered && !record.nextAttemptAt,
      );
    }
    const at = now().getTime();
    for (const endpoint of claim.endpoints) {
      const since = failing.get(endpoint.id);
      if (since && at - since.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
        await deps.disableEndpoint(endpoint);
      }
    }
    if (outcome.errors.length > 0) {
      throw outcome.errors[0];
    }
    return claim.deliveries.length;
  }

  let again = false;
  let stopping = false;
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
            for (let sent = await round(); sent > 0 && !stopping; sent = await round()) {
              total += sent;
            }
          } while (again && !stopping);
          return total;
        } finally {
          running = null;
        }
      })();
      return running;
    },

    /**
     * Ends the run in progress after its round and waits for it (the gateway stopping): a backlog
     * would otherwise hold the stop for as long as it takes to send. What is left stays due, for
     * the next start or another instance.
     */
    settle: async (): Promise<void> => {
      stopping = true;
      await running?.catch(() => undefined);
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
