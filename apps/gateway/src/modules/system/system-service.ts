import type { SystemInfo } from '@ehr-gateway/contracts';

import { maskSecret } from '../../lib/secrets.js';
import { isAthenaConfigured, type AthenaSettings } from '../../config/settings.js';

export function createSystemService(settings: {
  environment: string;
  version: string;
  athena: AthenaSettings;
}) {
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
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
