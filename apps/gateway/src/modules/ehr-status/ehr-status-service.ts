import type { EhrStatus } from '@ehr-gateway/contracts';

export interface AthenaSettings {
  baseUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  practiceId: string | undefined;
}

export const isAthenaConfigured = (athena: AthenaSettings) =>
  Boolean(athena.baseUrl && athena.clientId && athena.clientSecret && athena.practiceId);

/**
 * Reports which EHR systems the gateway can reach. The Mock EHR lives in this process, so it is
 * connected whenever the gateway answers.
 */
export function createEhrStatusService({ athena }: { athena: AthenaSettings }) {
  return {
    async get(): Promise<EhrStatus> {
      const configured = isAthenaConfigured(athena);
      return {
        athena: {
          status: 'disconnected',
          practiceId: athena.practiceId ?? null,
          lastSyncedAt: null,
          message: configured
            ? 'Athena credentials are set, but this gateway build has no Athena connector yet'
            : 'not configured',
        },
        mockEhr: { status: 'connected' },
      };
    },
  };
}

export type EhrStatusService = ReturnType<typeof createEhrStatusService>;
