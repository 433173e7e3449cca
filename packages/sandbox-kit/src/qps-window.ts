const WINDOW_MS = 1_000;

/**
 * Calls seen in the last second (a sliding window, as athena's per-second QPS allowance is
 * counted: athena per second, FHIR servers per their rate limit) and the most ever seen in any one second since the last reset.
 */
export function createQpsWindow(now: () => number) {
  let arrivals: number[] = [];
  let peak = 0;

  const drop = (at: number) => {
    let stale = 0;
    while (stale < arrivals.length && arrivals[stale]! <= at - WINDOW_MS) {
      stale += 1;
    }
    if (stale > 0) {
      arrivals = arrivals.slice(stale);
    }
  };

  return {
    /** How many calls the last second holds, not counting one about to be made. */
    current(): number {
      drop(now());
      return arrivals.length;
    },
    record(): void {
      const at = now();
      drop(at);
      arrivals.push(at);
      peak = Math.max(peak, arrivals.length);
    },
    get peak(): number {
      return peak;
    },
    reset(): void {
      arrivals = [];
      peak = 0;
    },
  };
}

export type QpsWindow = ReturnType<typeof createQpsWindow>;
