import { isFhirConfigured, type FhirSettings } from '../../../config/settings.js';
import { createCircuitBreaker } from '../athena/circuit-breaker.js';
import type { AthenaError } from '../athena/athena-failure.js';
import type { ObservedChangeRecorder } from '../athena/athena-change-feed.js';
import type { Db } from '../../../db/database.js';
import { createChangeWatermarkStore } from '../change-watermarks.js';
import type { EhrClient } from '../ehr-client.js';
import { createFhirChangePoll } from './fhir-change-poll.js';
import { createFhirConnector } from './fhir-connector.js';
import { createFhirHttp, type FhirHttp, type FhirHttpOptions } from './fhir-http.js';
import { publicKeySet, signingKeyFrom, type SigningKey } from './fhir-keys.js';
import { createFhirSearch } from './fhir-search.js';

const DEFAULT_CHANGES_POLL_SECONDS = 30;
const DEFAULT_CHANGES_OVERLAP_SECONDS = 60;

/** Overrides of the FHIR connector's transport (tests shorten retries and breaker times). */
export type FhirTransportOverrides = Partial<
  Omit<
    FhirHttpOptions,
    'baseUrl' | 'clientId' | 'clientSecret' | 'signingKey' | 'scopes' | 'breaker'
  >
> & { breakerFailureThreshold?: number; breakerOpenMs?: number };

export interface FhirConnection {
  http: FhirHttp;
  client: EhrClient;
}

/**
 * The FHIR EHR's connection when FHIR_* settings are complete: its transport with the athena
 * policies, the connector, and the signing key (read once; its errors name the variable).
 */
export function createFhirConnection(
  fhir: FhirSettings | undefined,
  {
    transport,
    governor,
    isBusy,
    onOutcome,
  }: {
    transport?: FhirTransportOverrides;
    governor?: { acquire(): Promise<() => void> };
    isBusy: NonNullable<FhirHttpOptions['isBusy']>;
    onOutcome: (outcome: { ok: boolean; error?: AthenaError }) => void;
  },
): FhirConnection | null {
  if (!isFhirConfigured(fhir)) {
    return null;
  }
  const signingKey = fhir.privateKey ? signingKeyFrom(fhir.privateKey) : null;
  // A key that cannot be read fails each token request, naming FHIR_PRIVATE_KEY; never the process.
  signingKey?.catch(() => undefined);
  const http = createFhirHttp({
    baseUrl: fhir.baseUrl!,
    clientId: fhir.clientId!,
    signingKey,
    clientSecret: fhir.clientSecret,
    scopes: fhir.scopes,
    timeoutMs: fhir.timeoutMs,
    governor,
    isBusy,
    ...transport,
    breaker: createCircuitBreaker({
      failureThreshold: transport?.breakerFailureThreshold ?? 5,
      openMs: transport?.breakerOpenMs ?? 30_000,
    }),
    onOutcome,
  });
  return {
    http,
    client: createFhirConnector(http, { vendor: fhir.vendor, practiceId: fhir.practiceId! }),
  };
}

/** The gateway's public key set: empty when it signs nothing (no FHIR_PRIVATE_KEY). */
export function gatewayJwks(fhir: FhirSettings | undefined) {
  let keySet: ReturnType<typeof publicKeySet> | null = null;
  return () => {
    const current: Promise<SigningKey | null> = fhir?.privateKey
      ? signingKeyFrom(fhir.privateKey)
      : Promise.resolve(null);
    keySet ??= current.then((key) => publicKeySet(key, fhir?.previousPublicKey));
    return keySet;
  };
}

/**
 * One cheap FHIR call to check the connection: the CapabilityStatement, under a token (so the
 * credentials are checked too); its outcome reaches the EHR status like any call's. Null when
 * the FHIR EHR is not configured.
 */
export function fhirProbe(connection: FhirConnection | null) {
  if (!connection) {
    return null;
  }
  return async (): Promise<void> => {
    await connection.http.request(
      { method: 'GET', path: '/metadata' },
      { requestId: `probe-${Date.now()}` },
    );
  };
}

/**
 * The FHIR EHR's `_lastUpdated` change poll and how often it runs; null when the EHR is not
 * configured, nothing takes observed changes, or FHIR_CHANGES_POLL_SECONDS is 0.
 */
export function fhirChangeFeed(
  connection: FhirConnection | null,
  fhir: FhirSettings | undefined,
  deps: {
    db: Db;
    record: ObservedChangeRecorder | undefined;
    log: { warn: (message: string) => void };
    now?: () => Date;
  },
) {
  const everySeconds = fhir?.changesPollSeconds ?? DEFAULT_CHANGES_POLL_SECONDS;
  if (!connection || !fhir?.practiceId || !deps.record || everySeconds === 0) {
    return null;
  }
  const poll = createFhirChangePoll({
    search: createFhirSearch(connection.http, fhir.vendor),
    practiceId: fhir.practiceId,
    store: createChangeWatermarkStore(deps.db, 'fhir'),
    record: deps.record,
    overlapMs: (fhir.changesOverlapSeconds ?? DEFAULT_CHANGES_OVERLAP_SECONDS) * 1000,
    log: deps.log,
    now: deps.now,
  });
  return { ...poll, everyMs: everySeconds * 1000 };
}
