import type { FastifyBaseLogger } from 'fastify';
import type { Tracer } from '@opentelemetry/api';
import { Redis } from 'ioredis';

import type { EhrSource } from '@ehr-gateway/contracts';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import { isAthenaConfigured, type GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { BackgroundTask, GatewayModule } from '../../lib/gateway-module.js';
import { createOutageReporter } from '../../lib/outage-reporter.js';
import { traceRedisCommands } from '../../lib/redis-tracing.js';
import type { GatewayConfigModule } from '../gateway-config/index.js';
import { UpstreamBusyError, type AthenaGovernor } from '../traffic-control/index.js';
import {
  createAthenaChangeFeed,
  type ObservedChangeRecorder,
  type ObservedChangesRecorder,
} from './athena/athena-change-feed.js';
import { createAthenaConnector } from './athena/athena-connector.js';
import {
  createAthenaHttp,
  type AthenaError,
  type AthenaHttp,
  type AthenaHttpOptions,
} from './athena/athena-http.js';
import { createCircuitBreaker } from './athena/circuit-breaker.js';
import { createReferenceCache, withReferenceCache } from './reference-cache.js';
import { inOneTransaction, journaled, type ChangeOutbox } from './change-reporting.js';
import { registerEhrRoutes } from './ehr-routes.js';
import { registerJwksRoute } from './fhir/jwks-route.js';
import {
  createFhirConnection,
  fhirChangeFeed,
  fhirProbe,
  gatewayJwks,
  type FhirTransportOverrides,
} from './fhir/fhir-wiring.js';
import { createEhrService } from './ehr-service.js';
import { createMockEhr } from './mock/mock-ehr.js';
import { createMockEhrMirror } from './mock/mock-ehr-mirror.js';
import { createMockEhrRepository, type MockEhrRepository } from './mock/mock-ehr-repository.js';
import type { EhrClient } from './ehr-client.js';
import { createWriteIntents } from './write-intents.js';
import { createWriteRecovery } from './write-recovery.js';
import { createMemoryCache, createRedisCache } from './response-cache.js';

export { callContextOf, listAllProviders, openSlotsIn } from './ehr-client.js';
export type {
  CacheOutcome,
  EhrCallContext,
  EhrClient,
  NewPatient,
  SlotSearch,
  SlotSearchIn,
} from './ehr-client.js';
export { createCallMemos, type CallMemos } from './call-memo.js';
export { ATHENA_NOT_CONFIGURED, FHIR_NOT_CONFIGURED, resolveRange } from './ehr-service.js';
export type { AthenaTelemetry } from './athena/athena-http.js';
export type { FhirTelemetry } from './fhir/fhir-telemetry.js';
export type { ChangeOutbox, EhrWriteChange } from './change-reporting.js';
export type { FhirTransportOverrides } from './fhir/fhir-wiring.js';
export { ehrSourceOf, rewriteEhrUrl } from './ehr-routes.js';
export { requireEhrIds } from './ehr-ids.js';

/** Overrides of the Athena connector's transport (tests shorten retries and breaker times). */
export type AthenaTransportOverrides = Partial<
  Omit<AthenaHttpOptions, 'baseUrl' | 'clientId' | 'clientSecret' | 'breaker'>
> & {
  breakerFailureThreshold?: number;
  breakerOpenMs?: number;
};

export type AthenaOutcome = { ok: boolean; error?: AthenaError };

interface Deps {
  db: Db;
  settings: GatewaySettings;
  config: GatewayConfigModule;
  log: FastifyBaseLogger;
  athenaTransport?: AthenaTransportOverrides;
  /** Turns for calls to athena, so the fleet stays within its QPS allowance. */
  athenaGovernor?: Pick<AthenaGovernor, 'acquire'>;
  fhirTransport?: FhirTransportOverrides;
  /** Turns for calls to the FHIR EHR (FHIR_MAX_QPS across the fleet). */
  fhirGovernor?: Pick<AthenaGovernor, 'acquire'>;
  /** Traces the response cache's Redis commands when tracing is on. */
  tracer?: Tracer;
  /** Where every write an EHR took is reported (the webhooks outbox). */
  outbox?: ChangeOutbox;
  /** Where changes athena's feed reports are written (the gateway's own are skipped there). */
  recordObservedChanges?: ObservedChangesRecorder;
  now?: () => Date;
}

const DEFAULT_CACHE_TTL_SECONDS = 60;
const MOCK_MIRROR_SYNC_MS = 2_000;
/** How often athena's changed-data feed is fetched. */
export const ATHENA_CHANGES_POLL_MS = 30_000;
/** How often write intents a crash left are looked for (and once at start). */
const WRITE_RECOVERY_EVERY_MS = 60_000;

/** athena's changed-data feed when athena is configured and the outbox takes its changes. */
function athenaChangeFeed(athenaHttp: AthenaHttp | null, deps: Deps) {
  const practiceId = deps.settings.athena.practiceId;
  if (!athenaHttp || !practiceId || !deps.recordObservedChanges) {
    return null;
  }
  return createAthenaChangeFeed({
    http: athenaHttp,
    practiceId,
    record: deps.recordObservedChanges,
    now: deps.now,
  });
}

/** The athena transport when ATHENA_* settings are complete; it tells `listeners` each outcome. */
function createAthenaTransport(
  { settings, athenaTransport, athenaGovernor }: Deps,
  listeners: Array<(outcome: AthenaOutcome) => void>,
) {
  if (!isAthenaConfigured(settings.athena)) {
    return null;
  }
  return createAthenaHttp({
    baseUrl: settings.athena.baseUrl!,
    clientId: settings.athena.clientId!,
    clientSecret: settings.athena.clientSecret!,
    timeoutMs: settings.athenaTimeoutMs,
    governor: athenaGovernor,
    isBusy: (error): error is UpstreamBusyError => error instanceof UpstreamBusyError,
    ...athenaTransport,
    breaker: createCircuitBreaker({
      failureThreshold: athenaTransport?.breakerFailureThreshold ?? 5,
      openMs: athenaTransport?.breakerOpenMs ?? 30_000,
    }),
    onOutcome: (outcome) => listeners.forEach((listener) => listener(outcome)),
  });
}

/** The response cache: in Redis when REDIS_URL is set (shared by the fleet), else in memory. */
function createResponseCache({ settings, log, tracer }: Deps) {
  const outage = createOutageReporter(log, 'EHR response cache (Redis)');
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
        .on('error', outage.failure)
        .on('ready', outage.success)
    : null;
  if (redis) {
    traceRedisCommands(redis, tracer);
  }
  return { cache: redis ? createRedisCache(redis) : createMemoryCache(), outage };
}

/** One cheap athena call to check the connection; null when athena is not configured. */
function athenaProbe(athenaHttp: AthenaHttp | null, practiceId: string | undefined) {
  if (!athenaHttp || !practiceId) {
    return null;
  }
  return async (): Promise<void> => {
    await athenaHttp.request(
      { method: 'GET', path: '/departments', practiceId, query: { limit: 1 } },
      { requestId: `probe-${Date.now()}` },
    );
  };
}

/** The Mock EHR's fallback copy, and the change feeds of the EHRs that have one. */
function ehrTasks(
  syncMockCopy: () => Promise<unknown>,
  writeRecovery: { run: () => Promise<number> } | null,
  athenaFeed: { poll: () => Promise<number> } | null,
  fhirChanges: { poll: () => Promise<number>; everyMs: number } | null,
): BackgroundTask[] {
  const tasks: BackgroundTask[] = [
    {
      name: 'Mock EHR fallback copy',
      everyMs: MOCK_MIRROR_SYNC_MS,
      firstRunAfterMs: 0,
      run: syncMockCopy,
    },
  ];
  if (writeRecovery) {
    tasks.push({
      name: 'EHR write recovery',
      everyMs: WRITE_RECOVERY_EVERY_MS,
      firstRunAfterMs: 0,
      run: writeRecovery.run,
    });
  }
  if (athenaFeed) {
    tasks.push({
      name: 'athena changed-data feed',
      everyMs: ATHENA_CHANGES_POLL_MS,
      firstRunAfterMs: 5_000,
      run: athenaFeed.poll,
    });
  }
  if (fhirChanges) {
    tasks.push({
      name: 'FHIR _lastUpdated change poll',
      everyMs: fhirChanges.everyMs,
      firstRunAfterMs: 5_000,
      run: fhirChanges.poll,
    });
  }
  return tasks;
}

/** The feed recorder one change at a time (the FHIR poll records each as it reads it). */
const recordOne = (
  record: ObservedChangesRecorder | undefined,
): ObservedChangeRecorder | undefined =>
  record && (async (change, since) => (await record([change], since)) > 0);

/**
 * The Mock EHR, and the same EHR working inside a transaction (its writes then commit with their
 * outbox event). The transaction's copy bypasses the fallback mirror, which reads committed rows.
 */
function createMockEhrs(db: Db, repository: MockEhrRepository, practiceId: () => string) {
  const practice = createPractice();
  return {
    client: createMockEhr({ practice, repository, practiceId }),
    within: (tx: Db) =>
      createMockEhr({ practice, repository: createMockEhrRepository(tx), practiceId }),
  };
}

/**
 * How each EHR's writes reach the outbox durably (change-reporting.ts): the Mock EHR's in one
 * transaction with its own tables, the remote EHRs' through write intents, which `recovery`
 * settles after a crash. Null when there is no outbox.
 */
function durableWrites(
  { db, outbox, now = () => new Date() }: Deps,
  mockWithin: (tx: Db) => EhrClient,
  clients: Record<EhrSource, EhrClient | null>,
) {
  if (!outbox) {
    return null;
  }
  const intents = createWriteIntents(db, now);
  return {
    reporting: {
      outbox,
      durableFor: (client: EhrClient) =>
        client.source === 'mock'
          ? inOneTransaction(db, mockWithin, outbox)
          : journaled(db, client, intents, outbox),
    },
    recovery: createWriteRecovery({
      db,
      intents,
      outbox,
      clientFor: (source) => clients[source],
    }),
  };
}

/**
 * The EHRs behind the gateway: the Mock EHR, the Athena connector when configured, the response
 * cache in front of them, and the EHR routes under the apiRoot.
 */
/**
 * The athena connector with the practice's reference data (departments, providers, visit types)
 * kept across calls in one bounded cache: a voice caller waits for every athena round trip.
 */
function athenaWithReferenceCache(http: AthenaHttp): EhrClient {
  const reference = createReferenceCache();
  return withReferenceCache(createAthenaConnector(http, { reference }), reference);
}

export function createEhrModule(deps: Deps) {
  const { db, settings, config } = deps;
  const outcomeListeners: Array<(outcome: AthenaOutcome) => void> = [];
  const athenaHttp = createAthenaTransport(deps, outcomeListeners);
  const fhirListeners: Array<(outcome: AthenaOutcome) => void> = [];
  const fhir = createFhirConnection(settings.fhir, {
    transport: deps.fhirTransport,
    governor: deps.fhirGovernor,
    isBusy: (error): error is UpstreamBusyError => error instanceof UpstreamBusyError,
    onOutcome: (outcome) => fhirListeners.forEach((listener) => listener(outcome)),
  });
  const { cache, outage: cacheOutage } = createResponseCache(deps);

  /** The practice each EHR serves: athena's and FHIR's from settings, the Mock EHR's from config. */
  const practiceIdFor = (source: EhrSource): string =>
    (source === 'athena'
      ? settings.athena.practiceId
      : source === 'fhir'
        ? settings.fhir?.practiceId
        : undefined) ?? config.current().practiceId;

  const mockState = createMockEhrMirror(createMockEhrRepository(db));
  const mockEhr = createMockEhrs(db, mockState.repository, () => config.current().practiceId);
  const clients = {
    mock: mockEhr.client,
    athena: athenaHttp ? athenaWithReferenceCache(athenaHttp) : null,
    fhir: fhir?.client ?? null,
  } satisfies Record<EhrSource, EhrClient | null>;
  const writes = durableWrites(deps, mockEhr.within, clients);
  const service = createEhrService({
    ...clients,
    practiceIdFor,
    cache,
    ttlMs: (settings.ehrCacheTtlSeconds ?? DEFAULT_CACHE_TTL_SECONDS) * 1000,
    enabled: () => config.current().caching,
    onCacheError: cacheOutage.failure,
    reporting: writes?.reporting,
  });

  const changeFeed = athenaChangeFeed(athenaHttp, deps);
  const fhirChanges = fhirChangeFeed(fhir, settings.fhir, {
    ...deps,
    record: recordOne(deps.recordObservedChanges),
    log: { warn: (message) => deps.log.warn(message) },
  });

  return {
    forSource: service.forSource,
    /** One round of athena's changed-data feed; 0 when there is none. */
    pollAthenaChanges: async (): Promise<number> => (changeFeed ? changeFeed.poll() : 0),
    /** One round of the FHIR EHR's `_lastUpdated` poll; 0 when there is none. */
    pollFhirChanges: async (): Promise<number> => (fhirChanges ? fhirChanges.poll() : 0),
    /** Why the FHIR EHR's changes are not (all) polled; null when they are or there is no poll. */
    fhirChangeFeedProblem: (): string | null => fhirChanges?.problem() ?? null,
    /** One round of settling writes a crash interrupted; answers the events written. */
    recoverWrites: async (): Promise<number> => (writes ? writes.recovery.run() : 0),
    practiceIdFor,

    /** Tells the listener how each athena call went (EHR status watches this). */
    onAthenaOutcome(listener: (outcome: AthenaOutcome) => void): void {
      outcomeListeners.push(listener);
    },

    /** Breaker state and token requests of the athena connection; null when not configured. */
    athenaTelemetry: () => athenaHttp?.telemetry() ?? null,

    /** One cheap athena call to check the connection; null when athena is not configured. */
    probeAthena: athenaProbe(athenaHttp, settings.athena.practiceId),

    /** Tells the listener how each FHIR call went (EHR status watches this). */
    onFhirOutcome(listener: (outcome: AthenaOutcome) => void): void {
      fhirListeners.push(listener);
    },

    /** Breaker state and token requests of the FHIR connection; null when not configured. */
    fhirTelemetry: () => fhir?.http.telemetry() ?? null,

    /** One cheap FHIR call to check the connection; null when the FHIR EHR is not configured. */
    probeFhir: fhirProbe(fhir),

    routes: (app) => {
      registerEhrRoutes(app, service);
      registerJwksRoute(app, gatewayJwks(settings.fhir));
    },
    tasks: ehrTasks(mockState.sync, writes?.recovery ?? null, changeFeed, fhirChanges),
    stop: () => cache.close().catch(() => undefined),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type EhrModule = ReturnType<typeof createEhrModule>;
