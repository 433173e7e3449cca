import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import type { CorsPolicy } from '../../lib/cors-policy.js';
import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import { registerUtilityRoutes } from './utility-routes.js';
import { createUtilityService } from './utility-service.js';

/** Small helpers for integrators under /utility: DOB check, date/time, CORS check, echo. */
export function createUtilityModule({ cors }: { cors: CorsPolicy }) {
  const service = createUtilityService({ cors });
  return {
    routes: routesUnder(GATEWAY_PREFIXES.utility, (scope) => registerUtilityRoutes(scope, service)),
  } satisfies GatewayModule;
}
