import type { ConnectionStatus } from '@ehr-gateway/contracts';

/** How long one successful call vouches for a connection without another. */
export const CONNECTION_FRESHNESS_MS = 5 * 60_000;

export interface CallOutcome {
  ok: boolean;
  error?: { message: string };
}

/**
 * One upstream EHR's connection as its calls report it: connected while its recent calls (or
 * the periodic probe) succeed; the latest failure's message otherwise.
 */
export function createConnectionTracker(label: string, now: () => Date) {
  let lastSuccess: Date | null = null;
  let lastFailure: { at: Date; message: string } | null = null;

  return {
    record(outcome: CallOutcome): void {
      if (outcome.ok) {
        lastSuccess = now();
        lastFailure = null;
      } else {
        lastFailure = { at: now(), message: outcome.error?.message ?? `${label} call failed` };
      }
    },

    /** Whether the latest call failed (nothing has gone wrong before the first call). */
    failing: (): boolean => lastFailure !== null,

    /** Whether a probe is due: nothing has vouched for the connection recently. */
    probeDue(intervalMs: number): boolean {
      const latest = Math.max(lastSuccess?.getTime() ?? 0, lastFailure?.at.getTime() ?? 0);
      return now().getTime() - latest >= intervalMs;
    },

    /** The state the status card shows, for a configured connection. */
    state(): { status: ConnectionStatus; lastSyncedAt: string | null; message: string | null } {
      const lastSyncedAt = lastSuccess?.toISOString() ?? null;
      const fresh =
        lastSuccess !== null && now().getTime() - lastSuccess.getTime() < CONNECTION_FRESHNESS_MS;
      if (!lastFailure && fresh) {
        return { status: 'connected', lastSyncedAt, message: null };
      }
      return {
        status: 'disconnected',
        lastSyncedAt,
        message: lastFailure?.message ?? `No successful call to ${label} yet`,
      };
    },
  };
}
