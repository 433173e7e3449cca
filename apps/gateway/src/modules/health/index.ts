import { pingDatabase, type Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import type { RequestLogsModule } from '../request-logs/index.js';
import type { TrafficControlModule } from '../traffic-control/index.js';
import { registerHealthRoutes } from './health-routes.js';
import { createHealthService } from './health-service.js';

/** /healthz and /readyz, for load balancers and orchestrators. */
export function createHealthModule({
  db,
  requestLogs,
  trafficControl,
}: {
  db: Db;
  requestLogs: Pick<RequestLogsModule, 'health'>;
  trafficControl: Pick<TrafficControlModule, 'health'>;
}) {
  const service = createHealthService({
    pingDatabase: () => pingDatabase(db),
    requestLogHealth: requestLogs.health,
    trafficCountersHealth: trafficControl.health,
  });
  return {
    /** The checks /readyz answers with (database, request log, traffic counters). */
    readiness: service.readiness,
    routes: (app) => registerHealthRoutes(app, service),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type HealthModule = ReturnType<typeof createHealthModule>;
