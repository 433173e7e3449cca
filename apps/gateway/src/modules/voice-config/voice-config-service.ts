import type { EhrModule } from '../ehr/index.js';
import { createEhrMappingService } from './ehr-mapping-service.js';
import { createEntityQueryService } from './entity-query-service.js';
import { createEntriesService } from './entries-service.js';
import { createGlobalConfigService } from './global-config-service.js';
import { createTenantsService } from './tenants-service.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';
import { demoSeed, fhirDemoSeed, type VoiceConfigSeed } from './voice-config-seed.js';

export { MAX_GLOBAL_CONFIG_BYTES } from './global-config-service.js';

interface Deps {
  repository: VoiceConfigRepository;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  /**
   * What ensureSeeded writes where missing: tenant 1 on the Mock EHR's practice, and by default
   * the FHIR EHR's line when one is configured.
   */
  seeds?: () => VoiceConfigSeed[];
  /** Whether a FHIR EHR is configured (FHIR_BASE_URL), whose phone line is then seeded. */
  fhirConfigured?: boolean;
}

/**
 * The voice-agent configuration: tenants and what a voice agent may talk about for each
 * (locations, departments, providers, appointment types, visit reasons), the tenant's EHR data
 * with its mapping, global settings, and the cross-entity query voice agents search with.
 */
export function createVoiceConfigService({
  repository,
  ehr,
  fhirConfigured = false,
  seeds = () => (fhirConfigured ? [demoSeed(), fhirDemoSeed()] : [demoSeed()]),
}: Deps) {
  const tenants = createTenantsService({ repository, seeds });
  return {
    ...tenants,
    entries: createEntriesService({ repository, tenants }),
    ...createEhrMappingService({ repository, tenants, ehr }),
    ...createGlobalConfigService({ repository }),
    ...createEntityQueryService({ repository, tenants }),
  };
}

export type VoiceConfigService = ReturnType<typeof createVoiceConfigService>;
