import type { EhrStatus } from '@ehr-gateway/contracts';

import {
  isAthenaConfigured,
  isFhirConfigured,
  type AthenaSettings,
  type FhirSettings,
} from '../../config/settings.js';
import type { AthenaTelemetry, FhirTelemetry } from '../ehr/index.js';
import { createConnectionTracker, type CallOutcome } from './connection-tracker.js';

const NOT_CONFIGURED = {
  status: 'disconnected',
  configured: false,
  lastSyncedAt: null,
  message: 'not configured',
} as const;

/**
 * Reports which EHR systems the gateway can reach. Athena and the FHIR EHR are connected while
 * their recent calls (or the periodic probe) succeed; the Mock EHR lives in this process, so it is
 * connected whenever the gateway answers.
 */
export function createEhrStatusService({
  athena,
  fhir,
  telemetry = () => null,
  fhirTelemetry = () => null,
  fhirChangeFeedProblem = () => null,
  now = () => new Date(),
}: {
  athena: AthenaSettings;
  fhir?: FhirSettings;
  telemetry?: () => AthenaTelemetry | null;
  fhirTelemetry?: () => FhirTelemetry | null;
  /** Why the FHIR EHR's `_lastUpdated` change poll cannot run (fully); null when it can. */
  fhirChangeFeedProblem?: () => string | null;
  now?: () => Date;
}) {
  const athenaConnection = createConnectionTracker('Athena EHR', now);
  const fhirConnection = createConnectionTracker('FHIR EHR', now);

  function athenaStatus(): EhrStatus['athena'] {
    const connection = telemetry();
    const facts = {
      practiceId: athena.practiceId ?? null,
      breakerState: connection?.breakerState ?? null,
      tokenRefreshes: connection?.tokenRefreshes ?? 0,
    };
    return isAthenaConfigured(athena)
      ? { ...facts, configured: true, ...athenaConnection.state() }
      : { ...facts, ...NOT_CONFIGURED };
  }

  function fhirStatus(): EhrStatus['fhir'] {
    const connection = fhirTelemetry();
    const configured = isFhirConfigured(fhir);
    const facts = {
      vendor: configured ? fhir.vendor : null,
      practiceId: fhir?.practiceId ?? null,
      breakerState: connection?.breakerState ?? null,
      tokenRefreshes: connection?.tokenRefreshes ?? 0,
      lastTokenAt: connection?.lastTokenAt ?? null,
      changeFeedProblem: fhirChangeFeedProblem(),
    };
    return configured
      ? { ...facts, configured: true, ...fhirConnection.state() }
      : { ...facts, ...NOT_CONFIGURED };
  }

  return {
    /** Fed by the Athena connector after every call. */
    recordAthenaOutcome: (outcome: CallOutcome): void => athenaConnection.record(outcome),
    /** Fed by the FHIR connector after every call. */
    recordFhirOutcome: (outcome: CallOutcome): void => fhirConnection.record(outcome),

    /**
     * Whether athena's latest call failed. Unlike `get().status`, a gateway that has not called
     * athena yet (just started, before its first probe) is not failing: nothing has gone wrong.
     */
    failing: athenaConnection.failing,
    fhirFailing: fhirConnection.failing,

    /** Whether an athena probe is due: nothing has vouched for the connection recently. */
    probeDue: athenaConnection.probeDue,
    fhirProbeDue: fhirConnection.probeDue,

    get(): Promise<EhrStatus> {
      return Promise.resolve({
        athena: athenaStatus(),
        fhir: fhirStatus(),
        mockEhr: { status: 'connected' },
      });
    },
  };
}

export type EhrStatusService = ReturnType<typeof createEhrStatusService>;
