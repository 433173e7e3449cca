import { randomUUID } from 'node:crypto';

import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createMonitoringRepository } from './monitoring-repository.js';
import { registerMonitoringRoutes } from './monitoring-routes.js';
import { createMonitoringService } from './monitoring-service.js';
import { monitoringSourcesOf, type MonitoredModules } from './instance-health.js';

export type { InstanceHealth, MonitoringSources } from './monitoring-service.js';

/** Often enough that a lost athena or database shows in the bell within a minute. */
const SAMPLE_EVERY_MS = 15_000;
const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * Health samples and alerts: each instance records what it sees every 15 seconds (one row per
 * minute), uptime is measured from the rows, and alerts are raised and cleared from them.
 */
export function createMonitoringModule({
  db,
  modules,
  errorRatePercent,
  now,
}: {
  db: Db;
  modules: MonitoredModules;
  errorRatePercent: number;
  now?: () => Date;
}) {
  const service = createMonitoringService({
    repository: createMonitoringRepository(db),
    sources: monitoringSourcesOf(modules),
    instanceId: randomUUID(),
    errorRatePercent,
    now,
  });
  return {
    adminRoutes: (admin) => registerMonitoringRoutes(admin, service),
    tasks: [
      {
        name: 'health sampling',
        everyMs: SAMPLE_EVERY_MS,
        firstRunAfterMs: 0,
        run: service.sampleAndEvaluate,
      },
      {
        name: 'health sample retention',
        everyMs: RETENTION_EVERY_MS,
        firstRunAfterMs: 50_000,
        run: service.purgeExpired,
      },
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type MonitoringModule = ReturnType<typeof createMonitoringModule>;
