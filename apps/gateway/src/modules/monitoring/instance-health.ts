import type { ApiKeysModule } from '../api-keys/index.js';
import type { AuditModule } from '../audit/index.js';
import type { EhrStatusModule } from '../ehr-status/index.js';
import type { HealthModule } from '../health/index.js';
import type { MetricsModule } from '../metrics/index.js';
import type { RequestLogsModule } from '../request-logs/index.js';
import type { WebhooksModule } from '../webhooks/index.js';
import type { InstanceHealth, MonitoringSources } from './monitoring-service.js';

/** Enough to show a run of uses; more than this within a day is one investigation anyway. */
const MAX_BREAK_GLASS_ALERTS = 20;

/** The modules monitoring reads: what this instance sees, and the shared traffic and keys. */
export interface MonitoredModules {
  health: Pick<HealthModule, 'readiness'>;
  ehrStatus: Pick<EhrStatusModule, 'status' | 'athenaFailing'>;
  requestLogs: Pick<RequestLogsModule, 'health'>;
  metrics: Pick<MetricsModule, 'recentTraffic'>;
  apiKeys: Pick<ApiKeysModule, 'expiringWithin'>;
  audit: Pick<AuditModule, 'recent'>;
  webhooks: Pick<WebhooksModule, 'disabledEndpoints'>;
}

/** This instance's dependencies as one sample: readiness checks, athena's status, log drops. */
async function instanceHealth({
  health,
  ehrStatus,
  requestLogs,
}: MonitoredModules): Promise<InstanceHealth> {
  const [readiness, status] = await Promise.all([health.readiness(), ehrStatus.status()]);
  const counters = readiness.checks.trafficCounters;
  return {
    databaseOk: readiness.checks.database.ok,
    redisOk: counters.store === 'redis' || counters.degraded ? !counters.degraded : null,
    athena: {
      configured: status.athena.configured,
      // Before its first call an instance knows nothing bad: only a failure counts.
      connected: !ehrStatus.athenaFailing(),
      breakerOpen: status.athena.breakerState === 'open',
    },
    logDroppedTotal: requestLogs.health().dropped,
    logSpoolFull: requestLogs.health().spoolFull,
  };
}

export function monitoringSourcesOf(modules: MonitoredModules): MonitoringSources {
  return {
    instanceHealth: () => instanceHealth(modules),
    recentTraffic: modules.metrics.recentTraffic,
    expiringKeys: modules.apiKeys.expiringWithin,
    breakGlassSignIns: async (since) =>
      (await modules.audit.recent('break-glass-sign-in', since, MAX_BREAK_GLASS_ALERTS)).map(
        (event) => ({ id: event.id, username: event.target ?? '?', at: new Date(event.at) }),
      ),
    disabledWebhookEndpoints: async () =>
      (await modules.webhooks.disabledEndpoints()).map((row) => ({
        id: row.id,
        disabledAt: row.disabled_at!,
      })),
  };
}
