import type { FastifyInstance } from 'fastify';

import { registerEhrMappingRoutes } from './ehr-mapping-routes.js';
import { registerTenantEntryRoutes } from './entry-kinds.js';
import { registerGlobalConfigAndQueryRoutes } from './global-config-routes.js';
import { registerTenantRoutes } from './tenant-routes.js';
import type { VoiceConfigService } from './voice-config-service.js';

/** Voice-config routes: tenants, their entries, EHR mapping, global config and the query. */
export function registerVoiceConfigRoutes(app: FastifyInstance, service: VoiceConfigService) {
  registerTenantRoutes(app, service);
  registerTenantEntryRoutes(app, service);
  registerEhrMappingRoutes(app, service);
  registerGlobalConfigAndQueryRoutes(app, service);
}
