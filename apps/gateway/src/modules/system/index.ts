import type { GatewaySettings } from '../../config/settings.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { registerSystemRoutes } from './system-routes.js';
import type { TrafficControlModule } from '../traffic-control/index.js';
import { createSystemService } from './system-service.js';

/** Deployment facts the console shows read-only. */
export function createSystemModule({
  settings,
  trafficControl,
}: {
  settings: GatewaySettings;
  trafficControl: Pick<TrafficControlModule, 'health'>;
}) {
  const service = createSystemService(settings, trafficControl.health);
  return {
    adminRoutes: (admin) => registerSystemRoutes(admin, service),
  } satisfies GatewayModule;
}
