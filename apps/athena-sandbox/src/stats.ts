import type { FaultAction } from './faults.js';

/** Counters tests read back through GET /_sandbox/stats. */
export function createStats(now: () => Date) {
  const fresh = () => ({
    since: now().toISOString(),
    tokenRequests: 0,
    tokensIssued: 0,
    tokensRateLimited: 0,
    tokensRefused: 0,
    dataRequests: 0,
    unauthorized: 0,
    byRoute: {} as Record<string, number>,
    byStatus: {} as Record<string, number>,
    faults: { latencyApplied: 0, errors503: 0, forced429: 0, overQps: 0, dropped: 0 },
  });
  let counts = fresh();

  const FAULT_COUNTER: Record<FaultAction, keyof ReturnType<typeof fresh>['faults']> = {
    drop: 'dropped',
    '503': 'errors503',
    '429': 'forced429',
    'over-qps': 'overQps',
  };

  return {
    get counts() {
      return counts;
    },
    dataRequest(route: string) {
      counts.dataRequests += 1;
      counts.byRoute[route] = (counts.byRoute[route] ?? 0) + 1;
    },
    status(code: number) {
      counts.byStatus[code] = (counts.byStatus[code] ?? 0) + 1;
    },
    fault(action: FaultAction) {
      counts.faults[FAULT_COUNTER[action]] += 1;
    },
    latency() {
      counts.faults.latencyApplied += 1;
    },
    reset() {
      counts = fresh();
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
