import { createQpsWindow } from '@ehr-gateway/sandbox-kit';

import type { FaultAction } from './faults.js';

const FAULT_NAMES: Record<FaultAction, 'dropped' | 'errors503' | 'forced429'> = {
  drop: 'dropped',
  '503': 'errors503',
  '429': 'forced429',
};

/** Counters for tests and demos, read through GET /_sandbox/stats. */
export function createStats(now: () => Date) {
  const clock = () => now().getTime();
  const received = createQpsWindow(clock);
  const admitted = createQpsWindow(clock);
  const empty = () => ({
    since: now().toISOString(),
    tokenRequests: 0,
    tokensIssued: 0,
    /** Refused token requests by OAuth error (invalid_client, invalid_scope…). */
    tokensRefused: {} as Record<string, number>,
    fhirRequests: 0,
    byRoute: {} as Record<string, number>,
    byStatus: {} as Record<string, number>,
    faults: { latencyApplied: 0, errors503: 0, forced429: 0, dropped: 0, overQps: 0 },
    appointmentsBooked: 0,
    appointmentsCancelled: 0,
  });
  let counts = empty();
  const bump = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };

  return {
    get counts() {
      return { ...counts, peakQps: { received: received.peak, accepted: admitted.peak } };
    },
    fhirRequest(route: string) {
      counts.fhirRequests += 1;
      bump(counts.byRoute, route);
      received.record();
    },
    /** Whether one more FHIR call fits under `limit` per second (0: always). */
    admit(limit: number): boolean {
      if (limit > 0 && admitted.current() >= limit) {
        counts.faults.overQps += 1;
        return false;
      }
      admitted.record();
      return true;
    },
    status: (code: number) => bump(counts.byStatus, String(code)),
    fault: (action: FaultAction) => {
      counts.faults[FAULT_NAMES[action]] += 1;
    },
    latency: () => {
      counts.faults.latencyApplied += 1;
    },
    tokenRequest: () => {
      counts.tokenRequests += 1;
    },
    tokenIssued: () => {
      counts.tokensIssued += 1;
    },
    tokenRefused: (error: string) => bump(counts.tokensRefused, error),
    booked: () => {
      counts.appointmentsBooked += 1;
    },
    cancelled: () => {
      counts.appointmentsCancelled += 1;
    },
    reset() {
      counts = empty();
      received.reset();
      admitted.reset();
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
