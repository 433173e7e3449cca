import type { FastifyBaseLogger } from 'fastify';
import type { Tracer } from '@opentelemetry/api';
import { Redis } from 'ioredis';

import type { EhrSource } from '@ehr-gateway/contracts';

import { isAthenaConfigured, type GatewaySettings } from '../../config/settings.js';
import type { Db } from '../../db/database.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createOutageReporter } from '../../lib/outage-reporter.js';
import { traceRedisCommands } from '../../lib/redis-tracing.js';
import type { GatewayConfigModule } from '../gateway-config/index.js';
import { UpstreamBusyError, type AthenaGovernor } from '../traffic-control/index.js';
import { createAthenaConnector } from './athena/athena-connector.js';
import {
  createAthenaHttp,
  type AthenaError,
  type AthenaHttpOptions,
} from './athena/athena-http.js';
import { createCircuitBreaker } from './athena/circuit-breaker.js';
import { registerEhrRoutes } from './ehr-routes.js';
import { createEhrService } from './ehr-service.js';
import { createMockEhr } from './mock/mock-ehr.js';
import { createMockEhrMirror } from './mock/mock-ehr-mirror.js';
import { createMockEhrRepository } from './mock/mock-ehr-repository.js';
import { createMemoryCache, createRedisCache } from './response-cache.js';

export { callContextOf, listAllProviders } from './ehr-client.js';
export type {
  CacheOutcome,
  EhrCallContext,
  EhrClient,
  NewPatient,
  SlotSearch,
} from './ehr-client.js';
export { ATHENA_NOT_CONFIGURED, resolveRange } from './ehr-service.js';
export type { AthenaTelemetry } from './athena/athena-http.js';
export { ehrSourceOf, rewriteEhrUrl } from './ehr-routes.js';

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
  /** Traces the response cache's Redis commands when tracing is on. */
  tracer?: Tracer;
}

const DEFAULT_CACHE_TTL_SECONDS = 60;
const MOCK_MIRROR_SYNC_MS = 2_000;

/**
 * The EHRs behind the gateway: the Mock EHR, the Athena connector when configured, the response
 * cache in front of both, and the EHR routes under the apiRoot.
 */
export function createEhrModule({
  db,
  settings,
  config,
  log,
  athenaTransport,
  athenaGovernor,
  tracer,
}: Deps) {
  const outcomeListeners: Array<(outcome: AthenaOutcome) => void> = [];
  const athenaHttp = isAthenaConfigured(settings.athena)
    ? createAthenaHttp({
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
        onOutcome: (outcome) => outcomeListeners.forEach((listener) => listener(outcome)),
      })
    : null;
  const cacheOutage = createOutageReporter(log, 'EHR response cache (Redis)');
  const cacheRedis = settings.redisUrl
    ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
        .on('error', cacheOutage.failure)
        .on('ready', cacheOutage.success)
    : null;
  if (cacheRedis) {
    traceRedisCommands(cacheRedis, tracer);
  }
  const cache = cacheRedis ? createRedisCache(cacheRedis) : createMemoryCache();

  /** The practice each EHR serves: athena's from settings, the Mock EHR's from the gateway config. */
  const practiceIdFor = (source: EhrSource): string =>
    source === 'athena'
      ? (settings.athena.practiceId ?? config.current().practiceId)
      : config.current().practiceId;

  const mockState = createMockEhrMirror(createMockEhrRepository(db));
  const service = createEhrService({
    mock: createMockEhr({
      repository: mockState.repository,
      practiceId: () => config.current().practiceId,
    }),
    athena: athenaHttp ? createAthenaConnector(athenaHttp) : null,
    practiceIdFor,
    cache,
    ttlMs: (settings.ehrCacheTtlSeconds ?? DEFAULT_CACHE_TTL_SECONDS) * 1000,
    enabled: () => config.current().caching,
    onCacheError: cacheOutage.failure,
  });

  return {
    forSource: service.forSource,
    practiceIdFor,

    /** Tells the listener how each athena call went (EHR status watches this). */
    onAthenaOutcome(listener: (outcome: AthenaOutcome) => void): void {
      outcomeListeners.push(listener);
    },

    /** Breaker state and token requests of the athena connection; null when not configured. */
    athenaTelemetry: () => athenaHttp?.telemetry() ?? null,

    /** One cheap athena call to check the connection; null when athena is not configured. */
    probeAthena:
      athenaHttp && settings.athena.practiceId
        ? async (): Promise<void> => {
            await athenaHttp.request(
              {
                method: 'GET',
                path: '/departments',
                practiceId: settings.athena.practiceId!,
                query: { limit: 1 },
              },
              { requestId: `probe-${Date.now()}` },
            );
          }
        : null,

    routes: (app) => registerEhrRoutes(app, service),
    tasks: [
      {
        name: 'Mock EHR fallback copy',
        everyMs: MOCK_MIRROR_SYNC_MS,
        firstRunAfterMs: 0,
        run: mockState.sync,
      },
    ],
    stop: () => cache.close().catch(() => undefined),
  } satisfies GatewayModule & Record<string, unknown>;
}

export type EhrModule = ReturnType<typeof createEhrModule>;
