import type { ReadinessResponse } from '@ehr-gateway/contracts';

import type { RequestLogWriterHealth } from '../request-logs/index.js';
import type { CountersHealth } from '../traffic-control/index.js';

const PING_TIMEOUT_MS = 2000;

export function createHealthService({
  pingDatabase,
  requestLogHealth,
  trafficCountersHealth,
}: {
  pingDatabase: () => Promise<void>;
  requestLogHealth: () => RequestLogWriterHealth;
  trafficCountersHealth: () => CountersHealth;
}) {
  return {
    async readiness(): Promise<ReadinessResponse> {
      const database = await Promise.race([
        pingDatabase().then(() => ({ ok: true })),
        new Promise<{ ok: boolean; message: string }>((resolve) =>
          setTimeout(
            () => resolve({ ok: false, message: 'database did not answer in time' }),
            PING_TIMEOUT_MS,
          ).unref(),
        ),
      ]).catch(() => ({ ok: false, message: 'database unreachable' }));
      const requestLog = requestLogHealth();
      return {
        status: database.ok && requestLog.ok ? 'ready' : 'not_ready',
        // Degraded traffic counting never makes an instance unready: limits still hold per instance.
        checks: { database, requestLog, trafficCounters: trafficCountersHealth() },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
