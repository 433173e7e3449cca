import type { ReadinessResponse } from '@ehr-gateway/contracts';

import type { RequestLogWriterHealth } from '../request-logs/index.js';

const PING_TIMEOUT_MS = 2000;

export function createHealthService({
  pingDatabase,
  requestLogHealth,
}: {
  pingDatabase: () => Promise<void>;
  requestLogHealth: () => RequestLogWriterHealth;
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
        checks: { database, requestLog },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
