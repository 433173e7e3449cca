import type { EhrModule } from '../ehr/index.js';
import { createEhrMappingService } from './ehr-mapping-service.js';
import { createEntityQueryService } from './entity-query-service.js';
import { createEntriesService } from './entries-service.js';
import { createGlobalConfigService } from './global-config-service.js';
import { createTenantsService } from './tenants-service.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';
import { demoSeed, type VoiceConfigSeed } from './voice-config-seed.js';

export { MAX_GLOBAL_CONFIG_BYTES } from './global-config-service.js';

interface Deps {
  repository: VoiceConfigRepository;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  /** What ensureSeeded writes on a fresh database; tenant 1 on the Mock EHR's practice. */
  seed?: () => VoiceConfigSeed;
}

/**
 * The voice-agent configuration: tenants and what a voice agent may talk about for each
 * (locations, departments, providers, appointment types, visit reasons), the tenant's EHR data
 * with its mapping, global settings, and the cross-entity query voice agents search with.
 */
export function createVoiceConfigService({ repository, ehr, seed = () => demoSeed() }: Deps) {
  const tenants = createTenantsService({ repository, seed });
  return {
    ...tenants,
    entries: createEntriesService({ repository, tenants }),
    ...createEhrMappingService({ repository, tenants, ehr }),
    ...createGlobalConfigService({ repository }),
    ...createEntityQueryService({ repository, tenants }),
  };
}

export type VoiceConfigService = ReturnType<typeof createVoiceConfigService>;
