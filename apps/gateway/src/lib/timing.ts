/** Waits `ms`. The global timer, not node:timers/promises, so tests' fake clocks control it. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * The delay before retry number `attempt` (0-based): doubling from `baseMs`, never above `maxMs`.
 * Callers add jitter where many clients could retry in step.
 */
export const exponentialBackoffMs = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** attempt);
