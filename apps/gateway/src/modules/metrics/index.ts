import type { Db } from '../../db/database.js';
import type { NewRequestLog } from '../../db/schema.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createMetricsRepository } from './metrics-repository.js';
import { ROLLUP_RETENTION_MS, rollUp } from './request-rollup.js';
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
    /** Counts webhook events and delivery attempts for Prometheus (the webhooks module calls it). */
    webhookObserver: exporter.webhooks,
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

/**
 * Writes the rollups a batch of past requests leaves, as the writer and the retention task would
 * have left them (minute rows only within their retention before `now`): for tools that seed a
 * database, such as the metrics benchmark. Batched so no insert grows past the driver's limits.
 */
export async function seedRequestRollups(
  db: Db,
  entries: readonly NewRequestLog[],
  now: Date,
): Promise<void> {
  const minuteCutoff = now.getTime() - ROLLUP_RETENTION_MS.minute;
  const rows = rollUp(entries).filter(
    (row) => row.granularity !== 'minute' || row.bucketStart.getTime() >= minuteCutoff,
  );
  const repository = createMetricsRepository(db);
  for (let offset = 0; offset < rows.length; offset += 2_000) {
    await repository.add(rows.slice(offset, offset + 2_000));
  }
}

export type { ObservedRequest, PoolStats } from './prometheus-exporter.js';

export type MetricsModule = ReturnType<typeof createMetricsModule>;
