import type { EhrStatus } from '@ehr-gateway/contracts';

import { isAthenaConfigured, type AthenaSettings } from '../../config/settings.js';
import type { AthenaTelemetry } from '../ehr/index.js';

/** How long one successful athena call vouches for the connection without another. */
export const ATHENA_FRESHNESS_MS = 5 * 60_000;

/**
 * Reports which EHR systems the gateway can reach. Athena is connected while its recent calls (or
 * the periodic probe) succeed; the Mock EHR lives in this process, so it is connected whenever the
 * gateway answers.
 */
export function createEhrStatusService({
  athena,
  telemetry = () => null,
  now = () => new Date(),
}: {
  athena: AthenaSettings;
  telemetry?: () => AthenaTelemetry | null;
  now?: () => Date;
}) {
  let lastSuccess: Date | null = null;
  let lastFailure: { at: Date; message: string } | null = null;

  return {
    /** Fed by the Athena connector after every call. */
    recordAthenaOutcome(outcome: { ok: boolean; error?: { message: string } }): void {
      if (outcome.ok) {
        lastSuccess = now();
        lastFailure = null;
      } else {
        lastFailure = { at: now(), message: outcome.error?.message ?? 'Athena EHR call failed' };
      }
    },

    /**
     * Whether athena's latest call failed. Unlike `get().status`, a gateway that has not called
     * athena yet (just started, before its first probe) is not failing: nothing has gone wrong.
     */
    failing(): boolean {
      return lastFailure !== null;
    },

    /** Whether a probe is due: nothing has vouched for the connection recently. */
    probeDue(intervalMs: number): boolean {
      const latest = Math.max(lastSuccess?.getTime() ?? 0, lastFailure?.at.getTime() ?? 0);
      return now().getTime() - latest >= intervalMs;
    },

    async get(): Promise<EhrStatus> {
      const practiceId = athena.practiceId ?? null;
      const connection = telemetry();
      const breakerState = connection?.breakerState ?? null;
      const tokenRefreshes = connection?.tokenRefreshes ?? 0;
      const mockEhr = { status: 'connected' as const };
      if (!isAthenaConfigured(athena)) {
        return {
          athena: {
            status: 'disconnected',
            configured: false,
            practiceId,
            lastSyncedAt: null,
            message: 'not configured',
            breakerState,
            tokenRefreshes,
          },
          mockEhr,
        };
      }
      const lastSyncedAt = lastSuccess?.toISOString() ?? null;
      const fresh =
        lastSuccess !== null && now().getTime() - lastSuccess.getTime() < ATHENA_FRESHNESS_MS;
      if (!lastFailure && fresh) {
        return {
          athena: {
            status: 'connected',
            configured: true,
            practiceId,
            lastSyncedAt,
            message: null,
            breakerState,
            tokenRefreshes,
          },
          mockEhr,
        };
      }
      return {
        athena: {
          status: 'disconnected',
          configured: true,
          practiceId,
          lastSyncedAt,
          message: lastFailure?.message ?? 'No successful call to Athena EHR yet',
          breakerState,
          tokenRefreshes,
        },
        mockEhr,
      };
    },
  };
}

export type EhrStatusService = ReturnType<typeof createEhrStatusService>;
