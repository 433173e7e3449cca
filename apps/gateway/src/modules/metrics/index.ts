import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createMetricsRepository } from './metrics-repository.js';
import { createPrometheusExporter, type PrometheusSources } from './prometheus-exporter.js';
import { registerMetricsRoutes } from './metrics-routes.js';
import { createMetricsService } from './metrics-service.js';

const RETENTION_MS = 60 * 60_000;

/**
 * Traffic figures: per-minute, hourly and daily rollups added as each request-log batch is written,
 * read by the Metrics screen; and this instance's counters for Prometheus.
 */
export function createMetricsModule({
  db,
  now,
  prometheus,
}: {
  db: Db;
  now?: () => Date;
  /** What the Prometheus exposition reads at each scrape (called only then). */
  prometheus: PrometheusSources;
}) {
  const service = createMetricsService({ repository: createMetricsRepository(db), now });
  const exporter = createPrometheusExporter(prometheus);
  return {
    /** Adds a batch the request log is writing to the rollups, inside the batch's transaction. */
    addRequests: service.addRequests,
    /** Counts an answered gateway request for Prometheus (this instance's counters). */
    observeRequest: exporter.observe,
    /** Requests and 5xx answers across all instances over the last minutes (for alerts). */
    recentTraffic: service.recentTraffic,
    adminRoutes: (admin) => registerMetricsRoutes(admin, service, exporter),
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

export type { ObservedRequest, PoolStats } from './prometheus-exporter.js';

export type MetricsModule = ReturnType<typeof createMetricsModule>;
