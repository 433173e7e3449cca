import type { SystemInfo } from '@ehr-gateway/contracts';

import { maskSecret } from '../../lib/secrets.js';
import {
  DEFAULT_ATHENA_GOVERNOR,
  isAthenaConfigured,
  isFhirConfigured,
  type GatewaySettings,
} from '../../config/settings.js';
import { DEFAULT_FHIR_SCOPES } from '../../config/fhir-env.js';
import type { CountersHealth } from '../traffic-control/index.js';

export function createSystemService(
  settings: Pick<
    GatewaySettings,
    'environment' | 'version' | 'athena' | 'athenaGovernor' | 'defaultKeyRateLimit' | 'fhir'
  >,
  trafficCountersHealth: () => CountersHealth,
) {
  return {
    info(): SystemInfo {
      const { athena } = settings;
      return {
        environment: settings.environment,
        version: settings.version,
        athena: {
          configured: isAthenaConfigured(athena),
          baseUrl: athena.baseUrl ?? null,
          clientIdMasked: athena.clientId ? maskSecret(athena.clientId) : null,
        },
        mockEhr: { enabled: true },
        fhir: fhirInfo(settings.fhir),
        trafficControl: {
          ...trafficCountersHealth(),
          athenaMaxQps: (settings.athenaGovernor ?? DEFAULT_ATHENA_GOVERNOR).maxQps,
          defaultKeyRateLimit: settings.defaultKeyRateLimit ?? null,
        },
      };
    },
  };
}

/** The FHIR EHR's settings as the console shows them: no key, no secret, the client id masked. */
function fhirInfo(fhir: GatewaySettings['fhir']): SystemInfo['fhir'] {
  const configured = isFhirConfigured(fhir);
  return {
    configured,
    baseUrl: fhir?.baseUrl ?? null,
    clientIdMasked: fhir?.clientId ? maskSecret(fhir.clientId) : null,
    vendor: fhir?.vendor ?? 'generic',
    practiceId: fhir?.practiceId ?? null,
    scopes: fhir?.scopes ?? DEFAULT_FHIR_SCOPES,
    authMethod: !configured ? null : fhir.privateKey ? 'private_key_jwt' : 'client_secret_basic',
    maxQps: fhir?.maxQps ?? 10,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
