import type { GatewaySettings } from '../../config/settings.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { registerSystemRoutes } from './system-routes.js';
import { createSystemService } from './system-service.js';

/** Deployment facts the console shows read-only. */
export function createSystemModule({ settings }: { settings: GatewaySettings }) {
  const service = createSystemService(settings);
  return {
    adminRoutes: (admin) => registerSystemRoutes(admin, service),
  } satisfies GatewayModule;
}
