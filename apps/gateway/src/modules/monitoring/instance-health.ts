import type { ApiKeysModule } from '../api-keys/index.js';
import type { EhrStatusModule } from '../ehr-status/index.js';
import type { HealthModule } from '../health/index.js';
import type { MetricsModule } from '../metrics/index.js';
import type { RequestLogsModule } from '../request-logs/index.js';
import type { InstanceHealth, MonitoringSources } from './monitoring-service.js';

/** The modules monitoring reads: what this instance sees, and the shared traffic and keys. */
export interface MonitoredModules {
  health: Pick<HealthModule, 'readiness'>;
  ehrStatus: Pick<EhrStatusModule, 'status' | 'athenaFailing'>;
  requestLogs: Pick<RequestLogsModule, 'health'>;
  metrics: Pick<MetricsModule, 'recentTraffic'>;
  apiKeys: Pick<ApiKeysModule, 'expiringWithin'>;
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
  };
}
