export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one trial call is let through. */
  openMs: number;
  now?: () => number;
}

/**
 * Fails fast while an upstream is down. Closed: calls pass and failures are counted. Open: calls
 * are refused until openMs has passed. Half-open: one trial call passes; its success closes the
 * circuit, its failure opens it again.
 */
export function createCircuitBreaker({
  failureThreshold,
  openMs,
  now = Date.now,
}: CircuitBreakerOptions) {
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let trialInFlight = false;

  return {
    get state(): BreakerState {
      if (state === 'open' && now() - openedAt >= openMs) {
        return 'half-open';
      }
      return state;
    },

    /** Milliseconds until a trial call is allowed; 0 when calls may pass now. */
    retryInMs(): number {
      return state === 'open' ? Math.max(0, openedAt + openMs - now()) : 0;
    },

    /** Whether a call may go upstream now; reserves the trial call when half-open. */
    tryAcquire(): boolean {
      if (state === 'closed') {
        return true;
      }
      if (state === 'open' && now() - openedAt < openMs) {
        return false;
      }
      if (trialInFlight) {
        return false;
      }
      state = 'half-open';
      trialInFlight = true;
      return true;
    },

    recordSuccess(): void {
      state = 'closed';
      failures = 0;
      trialInFlight = false;
    },

    recordFailure(): void {
      trialInFlight = false;
      failures += 1;
      if (state === 'half-open' || failures >= failureThreshold) {
        state = 'open';
        openedAt = now();
      }
    },
  };
}

export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;
