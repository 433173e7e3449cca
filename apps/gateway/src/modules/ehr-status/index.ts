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
/** The FHIR EHR's probe, on the same terms. */
const FHIR_PROBE_MS = 30_000;

interface Probe {
  name: string;
  intervalMs: number;
  due: (intervalMs: number) => boolean;
  probe: (() => Promise<void>) | null;
}

/** A task that checks one connection when nothing has vouched for it lately. */
const probeTask = ({ name, intervalMs, due, probe }: Probe) =>
  probe
    ? [
        {
          name,
          everyMs: intervalMs / 4,
          firstRunAfterMs: 0,
          run: async () => {
            if (due(intervalMs)) {
              // The outcome reaches the status through the connector's listener, success or not.
              await probe().catch(() => undefined);
            }
          },
        },
      ]
    : [];

/** Which EHRs the gateway can reach, from their recent calls and a periodic probe of each. */
export function createEhrStatusModule({
  settings,
  ehr,
}: {
  settings: GatewaySettings;
  ehr: Pick<
    EhrModule,
    | 'onAthenaOutcome'
    | 'probeAthena'
    | 'athenaTelemetry'
    | 'onFhirOutcome'
    | 'fhirTelemetry'
    | 'probeFhir'
    | 'fhirChangeFeedProblem'
  >;
}) {
  const service = createEhrStatusService({
    athena: settings.athena,
    fhir: settings.fhir,
    telemetry: ehr.athenaTelemetry,
    fhirTelemetry: ehr.fhirTelemetry,
    fhirChangeFeedProblem: ehr.fhirChangeFeedProblem,
  });
  ehr.onAthenaOutcome((outcome) => service.recordAthenaOutcome(outcome));
  ehr.onFhirOutcome((outcome) => service.recordFhirOutcome(outcome));

  return {
    /** This instance's view of the EHR connections (what the status card shows). */
    status: service.get,
    /** Whether athena's latest call (or probe) failed; false before the first one. */
    athenaFailing: service.failing,
    adminRoutes: (admin) => registerEhrStatusRoutes(admin, service),
    tasks: [
      ...probeTask({
        name: 'Athena probe',
        intervalMs: ATHENA_PROBE_MS,
        due: service.probeDue,
        probe: ehr.probeAthena,
      }),
      ...probeTask({
        name: 'FHIR probe',
        intervalMs: FHIR_PROBE_MS,
        due: service.fhirProbeDue,
        probe: ehr.probeFhir,
      }),
    ],
  } satisfies GatewayModule & Record<string, unknown>;
}

export type EhrStatusModule = ReturnType<typeof createEhrStatusModule>;
