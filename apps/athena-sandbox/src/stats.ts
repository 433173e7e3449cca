import { createQpsWindow } from '@ehr-gateway/sandbox-kit';

import type { FaultAction } from './faults.js';

/** Counters tests read back through GET /_sandbox/stats. */
export function createStats(now: () => Date) {
  const received = createQpsWindow(() => now().getTime());
  const accepted = createQpsWindow(() => now().getTime());
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
    /** Refused by the qpsLimit ceiling (not counted in faults.overQps). */
    qpsRefused: 0,
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
    /** The most data calls received, and let through the QPS ceiling, in any one second. */
    peakQps() {
      return { received: received.peak, accepted: accepted.peak };
    },
    dataRequest(route: string) {
      counts.dataRequests += 1;
      counts.byRoute[route] = (counts.byRoute[route] ?? 0) + 1;
      received.record();
    },
    /** Whether a data call fits under a ceiling of `limit` per second (0: no ceiling). */
    admitUnderQps(limit: number): boolean {
      if (limit > 0 && accepted.current() >= limit) {
        counts.qpsRefused += 1;
        return false;
      }
      accepted.record();
      return true;
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
      received.reset();
      accepted.reset();
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
