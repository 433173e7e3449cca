import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { EhrModule } from '../ehr/index.js';
import { createVoiceConfigRepository } from './voice-config-repository.js';
import { registerVoiceConfigRoutes } from './voice-config-routes.js';
import { createVoiceConfigService } from './voice-config-service.js';

/**
 * What voice agents may talk about for each tenant, under /voice-config. Seeds tenant 1 from the
 * Mock EHR's practice on a fresh database, and a line at the FHIR EHR's practice when one is
 * configured and has none yet.
 */
export async function createVoiceConfigModule({
  db,
  ehr,
  fhirConfigured,
}: {
  db: Db;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  fhirConfigured: boolean;
}) {
  const service = createVoiceConfigService({
    repository: createVoiceConfigRepository(db),
    ehr,
    fhirConfigured,
  });
  await service.ensureSeeded();
  return {
    getTenant: service.getTenant,
    getGlobalConfig: service.getGlobalConfig,
    listProviders: service.entries.providers.list,
    query: service.query,
    routes: routesUnder(GATEWAY_PREFIXES.voiceConfig, (scope) =>
      registerVoiceConfigRoutes(scope, service),
    ),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type VoiceConfigModule = Awaited<ReturnType<typeof createVoiceConfigModule>>;
