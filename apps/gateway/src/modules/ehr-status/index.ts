import type { GatewaySettings } from '../../config/settings.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import type { EhrModule } from '../ehr/index.js';
import { registerEhrStatusRoutes } from './ehr-status-routes.js';
import { createEhrStatusService } from './ehr-status-service.js';

/**
 * How often athena is called to check the connection when no traffic has vouched for it: short
 * enough that a lost connection reaches the alerts within a minute even on a quiet gateway.
 */
const ATHENA_PROBE_MS = 30_000;

/** Which EHRs the gateway can reach, from athena's recent calls and a periodic probe. */
export function createEhrStatusModule({
  settings,
  ehr,
}: {
  settings: GatewaySettings;
  ehr: Pick<
    EhrModule,
    'onAthenaOutcome' | 'probeAthena' | 'athenaTelemetry' | 'onFhirOutcome' | 'fhirTelemetry'
  >;
}) {
  const service = createEhrStatusService({
    athena: settings.athena,
    fhir: settings.fhir,
    telemetry: ehr.athenaTelemetry,
    fhirTelemetry: ehr.fhirTelemetry,
  });
  ehr.onAthenaOutcome((outcome) => service.recordAthenaOutcome(outcome));
  ehr.onFhirOutcome((outcome) => service.recordFhirOutcome(outcome));
  const { probeAthena } = ehr;

  return {
    /** This instance's view of the EHR connections (what the status card shows). */
    status: service.get,
    /** Whether athena's latest call (or probe) failed; false before the first one. */
    athenaFailing: service.failing,
    adminRoutes: (admin) => registerEhrStatusRoutes(admin, service),
    tasks: probeAthena
      ? [
          {
            name: 'Athena probe',
            everyMs: ATHENA_PROBE_MS / 4,
            firstRunAfterMs: 0,
            run: async () => {
              if (service.probeDue(ATHENA_PROBE_MS)) {
                // The outcome reaches the status through onAthenaOutcome, success or not.
                await probeAthena().catch(() => undefined);
              }
            },
          },
        ]
      : [],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type EhrStatusModule = ReturnType<typeof createEhrStatusModule>;
