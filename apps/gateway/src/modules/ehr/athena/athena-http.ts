import { randomUUID } from 'node:crypto';

import { HEADERS } from '@ehr-gateway/contracts';

import { exponentialBackoffMs, sleep as defaultSleep } from '../../../lib/timing.js';
import type { EhrCallContext } from '../ehr-client.js';
import {
  AthenaError,
  failureOf,
  isRetryable,
  readBody,
  retryAfterOf,
  type AthenaFailure,
} from './athena-failure.js';
import { createAthenaSend, encodeForm, sendWithBearer } from './athena-send.js';
import { createAthenaTokens } from './athena-token.js';
import { createUndiciTransport, fetchTransport, type AthenaResponse } from './athena-transport.js';
import type { BreakerState, CircuitBreaker } from './circuit-breaker.js';

export { AthenaError, type AthenaFailureKind } from './athena-failure.js';

/**
 * How a call to an upstream EHR is carried: transport, timeouts, retries, breaker, governor. The
 * athena client and the FHIR connector take the same policies (fhir-http.ts reuses them).
 */
export interface UpstreamCallOptions {
  baseUrl: string;
  breaker: CircuitBreaker;
  timeoutMs?: number;
  /** Retries of a throttled or briefly unavailable call (429, 503, 403 "Over Qps"). */
  maxRetries?: number;
  baseRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A token is renewed this long before the EHR says it expires. */
  tokenRefreshMarginMs?: number;
  /**
   * The longest one gateway call may spend on the EHR, retries included: a wait that would end
   * past it (a long Retry-After) is not waited for; the caller gets the 503 at once.
   */
  deadlineMs?: number;
  /**
   * Grants each call to the EHR its turn (the fleet-wide QPS governor); the returned function ends
   * the turn. Throws what `isBusy` recognises when no turn came in time.
   */
  governor?: { acquire(): Promise<() => void> };
  isBusy?: (error: unknown) => error is Error & { retryAfterSeconds: number };
  /** A WHATWG fetch to call the EHR with instead of the gateway's undici pool (tests). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /**
   * Told of every call's outcome, for EHR status. `ok` means the EHR answered as an API does,
   * which includes rejecting a request (a 404 or 409 still proves the connection works).
   */
  onOutcome?: (outcome: { ok: boolean; error?: AthenaError }) => void;
}

export interface AthenaHttpOptions extends UpstreamCallOptions {
  clientId: string;
  clientSecret: string;
  /** How long a refused token request is remembered, so callers do not each ask again. */
  credentialFailureCacheMs?: number;
}

export interface AthenaRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under /v1/{practiceid}, starting with a slash. */
  path: string;
  practiceId: string;
  query?: Record<string, string | number | undefined>;
  /** Sent form-encoded, as athena expects for writes. */
  form?: Record<string, string | undefined>;
}

export interface AthenaTelemetry {
  breakerState: BreakerState;
  /** Access tokens obtained since start. */
  tokenRefreshes: number;
  /** Token requests refused or failed since start. */
  tokenFailures: number;
}

const neverBusy = (_error: unknown): _error is Error & { retryAfterSeconds: number } => false;

/** The options with their defaults filled in. */
export function withDefaults(options: AthenaHttpOptions) {
  return {
    timeoutMs: 8_000,
    maxRetries: 3,
    baseRetryDelayMs: 250,
    maxRetryDelayMs: 10_000,
    tokenRefreshMarginMs: 60_000,
    deadlineMs: 20_000,
    credentialFailureCacheMs: 15_000,
    isBusy: neverBusy,
    sleep: defaultSleep,
    random: Math.random,
    now: Date.now,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  } as Required<Omit<AthenaHttpOptions, 'governor' | 'fetch' | 'onOutcome'>> & AthenaHttpOptions;
}

/**
 * The transport to athenaOne: OAuth2 client-credentials tokens (athena-token), bearer calls with a
 * timeout, bounded retries with backoff and jitter for throttling, and a circuit breaker that
 * fails fast while athena is down.
 */
export function createAthenaHttp(options: AthenaHttpOptions) {
  const settings = withDefaults(options);
  const { breaker } = settings;
  const { attempt, tokens } = bearerCalls(settings);
  const call = callWithPolicies(settings);

  return {
    /** The connection's state for metrics: breaker state and token requests so far. */
    telemetry(): AthenaTelemetry {
      const { succeeded, failed } = tokens.counts();
      return { breakerState: breaker.state, tokenRefreshes: succeeded, tokenFailures: failed };
    },

    async request<T = unknown>(request: AthenaRequest, ctx: EhrCallContext): Promise<T> {
      const { body } = await call(() => attempt(request, ctx));
      return body as T;
    },
  };
}

/**
 * One gateway call to an upstream EHR under the connectors' shared policies: refused at once while
 * the circuit is open, retried while the EHR throttles or is briefly unavailable (honouring its
 * Retry-After within the call's deadline, see `retryPolicy`), and its outcome told to the breaker
 * and the outcome listener. `attempt` is one try, token renewal after a 401 included.
 */
export function callWithPolicies(settings: ReturnType<typeof withDefaults>, label = 'Athena EHR') {
  const retries = retryPolicy(settings);
  const outcomes = breakerOutcomes(settings.breaker, settings.onOutcome, label);
  return async (attempt: () => Promise<AthenaResponse>) => {
    outcomes.admit();
    const deadline = settings.now() + settings.deadlineMs;
    for (let retry = 0; ; retry += 1) {
      const response = await attempt().catch((error: unknown) => {
        if (error instanceof AthenaError && error.kind !== 'busy') {
          // Refused credentials and throttling are answers: the EHR itself is up.
          const upstreamIsUp = error.kind === 'credentials' || error.kind === 'rate-limited';
          outcomes.fail({ error, countsAgainstBreaker: !upstreamIsUp });
        }
        throw error;
      });
      const body = await readBody(response);
      const retryAfter = retryAfterOf(response, settings.now());
      const wait = isRetryable(response.status, body)
        ? retries.waitMs(retry, retryAfter, deadline)
        : null;
      if (wait !== null) {
        await settings.sleep(wait);
        continue;
      }
      const failure = failureOf(response.status, body, retryAfter, label);
      if (failure) {
        outcomes.fail(failure);
      }
      outcomes.succeed();
      return { response, body };
    }
  };
}

/** The gateway's undici pool, or the fetch a test gave. */
export function transportOf(settings: ReturnType<typeof withDefaults>) {
  return settings.fetch
    ? fetchTransport(settings.fetch, settings.timeoutMs)
    : createUndiciTransport(settings.timeoutMs);
}

/** Calls with a bearer token: tokens from athena-token, each call within a governor turn. */
function bearerCalls(settings: ReturnType<typeof withDefaults>) {
  const { now } = settings;
  const root = settings.baseUrl.replace(/\/+$/, '');
  const send = createAthenaSend({
    transport: transportOf(settings),
    timeoutMs: settings.timeoutMs,
    governor: settings.governor,
    isBusy: settings.isBusy,
  });
  const tokens = createAthenaTokens({
    root,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    send,
    refreshMarginMs: settings.tokenRefreshMarginMs,
    credentialFailureCacheMs: settings.credentialFailureCacheMs,
    now,
  });

  /** One try: bearer call, and when athena refuses the token, one more with a renewed token. */
  async function attempt(request: AthenaRequest, ctx: EhrCallContext) {
    const url = athenaUrl(root, request);
    const body = request.form ? encodeForm(request.form) : undefined;
    const headers = {
      accept: 'application/json',
      [HEADERS.requestId]: ctx.requestId || randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    };
    return sendWithBearer(send, tokens, url, { method: request.method, headers, body }, ctx);
  }

  return { attempt, tokens };
}

/** Keeps the breaker and the outcome listener told of each call's end. */
function breakerOutcomes(
  breaker: CircuitBreaker,
  onOutcome: AthenaHttpOptions['onOutcome'],
  label = 'Athena EHR',
) {
  return {
    /** Refuses the call at once, with a Retry-After, while the circuit is open. */
    admit(): void {
      if (breaker.tryAcquire()) {
        return;
      }
      const error = new AthenaError(
        'circuit-open',
        `${label} is unavailable: the gateway stopped calling it after repeated failures`,
        undefined,
        undefined,
        Math.ceil(breaker.retryInMs() / 1000) || 1,
      );
      onOutcome?.({ ok: false, error });
      throw error;
    },
    fail({ error, countsAgainstBreaker }: AthenaFailure): never {
      if (countsAgainstBreaker) {
        breaker.recordFailure();
      } else {
        breaker.recordSuccess();
      }
      onOutcome?.({ ok: error.kind === 'rejected', error });
      throw error;
    },
    succeed(): void {
      breaker.recordSuccess();
      onOutcome?.({ ok: true });
    },
  };
}

/** The URL of a call under /v1/{practiceid}, with its query. */
function athenaUrl(root: string, request: AthenaRequest): string {
  const url = new URL(`${root}/v1/${encodeURIComponent(request.practiceId)}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) {
      url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

/** When to retry a throttled or briefly unavailable call, and after how long. */
function retryPolicy(settings: ReturnType<typeof withDefaults>) {
  const { maxRetries, baseRetryDelayMs, maxRetryDelayMs, random, now } = settings;
  return {
    /**
     * The wait before retry number `retry` (0-based), or null to answer now: the retries are
     * spent, or athena's Retry-After is beyond our own retry ceiling, or the wait would end past
     * the call's deadline (the caller then gets athena's Retry-After passed on).
     */
    waitMs(retry: number, retryAfter: number | undefined, deadline: number): number | null {
      const wait =
        retryAfter === undefined
          ? // Full jitter: a random wait up to the exponential ceiling.
            Math.floor(random() * exponentialBackoffMs(retry, baseRetryDelayMs, maxRetryDelayMs))
          : Math.min(maxRetryDelayMs, retryAfter * 1000);
      const worthWaiting =
        (retryAfter === undefined || retryAfter * 1000 <= maxRetryDelayMs) &&
        now() + wait < deadline;
      return retry < maxRetries && worthWaiting ? wait : null;
    },
  };
}

export type AthenaHttp = ReturnType<typeof createAthenaHttp>;
