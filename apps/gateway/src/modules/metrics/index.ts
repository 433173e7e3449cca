import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createMetricsRepository } from './metrics-repository.js';
import { registerMetricsRoutes } from './metrics-routes.js';
import { createMetricsService } from './metrics-service.js';

const RETENTION_MS = 60 * 60_000;

/**
 * Traffic figures: per-minute, hourly and daily rollups added as each request-log batch is written,
 * read by the Metrics screen.
 */
export function createMetricsModule({ db, now }: { db: Db; now?: () => Date }) {
  const service = createMetricsService({ repository: createMetricsRepository(db), now });
  return {
    /** Adds a batch the request log is writing to the rollups, inside the batch's transaction. */
    addRequests: service.addRequests,
    adminRoutes: (admin) => registerMetricsRoutes(admin, service),
    tasks: [
      {
        name: 'metrics retention',
        everyMs: RETENTION_MS,
        firstRunAfterMs: 45_000,
        run: () => service.purgeExpired(),
      },
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type MetricsModule = ReturnType<typeof createMetricsModule>;
