import { createHash } from 'node:crypto';

import type { Tracer } from '@opentelemetry/api';
import { Redis } from 'ioredis';

import { DEFAULT_ATHENA_GOVERNOR, type GatewaySettings } from '../../config/settings.js';
import type { GatewayModule } from '../../lib/gateway-module.js';
import { createOutageReporter } from '../../lib/outage-reporter.js';
import { traceRedisCommands } from '../../lib/redis-tracing.js';
import {
  createFallbackCounters,
  createMemoryCounters,
  createRedisCounters,
  type CountersHealth,
  type TrafficCounters,
} from './counters.js';
import { createAthenaGovernor } from './athena-governor.js';
import { createKeyLimiter } from './key-limits.js';

export { UpstreamBusyError, type AthenaGovernor } from './athena-governor.js';
export type { KeyLimits } from './key-limits.js';
export type { CountersHealth } from './counters.js';

interface Log {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** How long a Redis call may take before the call is counted in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * Traffic control: per-key rate limits and quotas, and the governor that keeps every instance
 * together within athena's QPS allowance. Counts live in Redis when REDIS_URL is set (falling
 * back to this instance's memory while Redis is unreachable) and in memory otherwise.
 */
export function createTrafficControlModule({
  settings,
  log,
  now = () => new Date(),
  tracer,
}: {
  settings: Pick<
    GatewaySettings,
    'redisUrl' | 'defaultKeyRateLimit' | 'athenaGovernor' | 'athena' | 'fhir'
  >;
  log: Log;
  /** The clock in-memory counts and quota days read (Redis windows use Redis' own clock). */
  now?: () => Date;
  /** Traces each Redis command when tracing is on. */
  tracer?: Tracer;
}) {
  const epochMs = () => now().getTime();
  const local = createMemoryCounters(epochMs);
  let counters: TrafficCounters & { health(): CountersHealth };
  let redis: Redis | null = null;
  if (settings.redisUrl) {
    redis = new Redis(settings.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    traceRedisCommands(redis, tracer);
    const outage = createOutageReporter(log, 'Traffic-control counters (Redis)');
    redis.on('error', outage.failure);
    counters = createFallbackCounters(createRedisCounters(redis), local, outage);
  } else {
    counters = Object.assign(local, {
      health: (): CountersHealth => ({ store: 'memory', degraded: false, message: null }),
    });
  }
  const keyLimiter = createKeyLimiter({
    counters,
    defaultRateLimit: settings.defaultKeyRateLimit,
    now: epochMs,
  });
  // Every instance calling the same athena account with the same credentials shares one allowance.
  const athenaAccount = createHash('sha256')
    .update(`${settings.athena.baseUrl ?? ''}\n${settings.athena.clientId ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  const governor = createAthenaGovernor({
    settings: settings.athenaGovernor ?? DEFAULT_ATHENA_GOVERNOR,
    windowKey: `athena-qps:${athenaAccount}`,
    counters,
    sharedAcrossInstances: () => counters.health().store === 'redis',
  });

  // The FHIR EHR's allowance: the same governor, its own window and FHIR_MAX_QPS.
  const fhirAccount = createHash('sha256')
    .update(`${settings.fhir?.baseUrl ?? ''}\n${settings.fhir?.clientId ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  const athenaShape = settings.athenaGovernor ?? DEFAULT_ATHENA_GOVERNOR;
  const fhirGovernor = createAthenaGovernor({
    settings: { ...athenaShape, maxQps: settings.fhir?.maxQps ?? athenaShape.maxQps },
    windowKey: `fhir-qps:${fhirAccount}`,
    counters,
    sharedAcrossInstances: () => counters.health().store === 'redis',
  });

  return {
    admitKey: keyLimiter.admit,
    athenaGovernor: governor,
    fhirGovernor,
    health: counters.health,
    stop: async () => {
      await redis?.quit().catch(() => undefined);
    },
  } satisfies GatewayModule & Record<string, unknown>;
}

export type TrafficControlModule = ReturnType<typeof createTrafficControlModule>;
