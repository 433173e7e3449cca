import type { SystemInfo } from '@ehr-gateway/contracts';

import { maskSecret } from '../../lib/secrets.js';
import {
  DEFAULT_ATHENA_GOVERNOR,
  isAthenaConfigured,
  type GatewaySettings,
} from '../../config/settings.js';
import type { CountersHealth } from '../traffic-control/index.js';

export function createSystemService(
  settings: Pick<
    GatewaySettings,
    'environment' | 'version' | 'athena' | 'athenaGovernor' | 'defaultKeyRateLimit'
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
        trafficControl: {
          ...trafficCountersHealth(),
          athenaMaxQps: (settings.athenaGovernor ?? DEFAULT_ATHENA_GOVERNOR).maxQps,
          defaultKeyRateLimit: settings.defaultKeyRateLimit ?? null,
        },
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
