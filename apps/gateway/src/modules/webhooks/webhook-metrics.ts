import type { WebhookAttemptOutcome, WebhookEventType } from '@ehr-gateway/contracts';

/**
 * What the webhooks module tells the metrics module as it happens (this instance's figures for
 * Prometheus). Only the event type and the attempt's outcome: never an endpoint, a URL or a body.
 */
export interface WebhookObserver {
  /** An event was written to the outbox. */
  event: (type: WebhookEventType) => void;
  /**
   * An attempt finished; `lagMs` (event time → this 2xx) when delivered, and `gaveUp` when it
   * failed with no retry left (retry schedule spent).
   */
  attempt: (outcome: WebhookAttemptOutcome, lagMs: number | null, gaveUp: boolean) => void;
}

export const IGNORING_OBSERVER: WebhookObserver = {
  event: () => undefined,
  attempt: () => undefined,
};
