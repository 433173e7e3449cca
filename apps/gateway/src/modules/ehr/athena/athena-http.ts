import { randomUUID } from 'node:crypto';

import { HEADERS } from '@ehr-gateway/contracts';

import { exponentialBackoffMs, sleep as defaultSleep } from '../../../lib/timing.js';
import type { EhrCallContext } from '../ehr-client.js';
import {
  createUndiciTransport,
  fetchTransport,
  isTimeout,
  type AthenaResponse,
  type AthenaTransport,
} from './athena-transport.js';
import type { BreakerState, CircuitBreaker } from './circuit-breaker.js';

export type AthenaFailureKind =
  | 'timeout'
  | 'unreachable'
  | 'rate-limited'
  | 'circuit-open'
  | 'credentials'
  | 'upstream-error'
  | 'rejected'
  /** The gateway's own QPS governor found no turn in time; athena was not called. */
  | 'busy';

/** An athena call that did not succeed, with what the gateway needs to answer its caller. */
export class AthenaError extends Error {
  constructor(
    readonly kind: AthenaFailureKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AthenaError';
  }
}

export interface AthenaHttpOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  breaker: CircuitBreaker;
  timeoutMs?: number;
  /** Retries of a throttled or briefly unavailable call (429, 503, 403 "Over Qps"). */
  maxRetries?: number;
  baseRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A token is renewed this long before athena says it expires. */
  tokenRefreshMarginMs?: number;
  /**
   * The longest one gateway call may spend on athena, retries included: a wait that would end
   * past it (a long Retry-After) is not waited for; the caller gets the 503 at once.
   */
  deadlineMs?: number;
  /** How long a refused token request is remembered, so callers do not each ask again. */
  credentialFailureCacheMs?: number;
  /**
   * Grants each call to athena its turn (the fleet-wide QPS governor); the returned function ends
   * the turn. Throws what `isBusy` recognises when no turn came in time.
   */
  governor?: { acquire(): Promise<() => void> };
  isBusy?: (error: unknown) => error is Error & { retryAfterSeconds: number };
  /** A WHATWG fetch to call athena with instead of the gateway's undici pool (tests). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /**
   * Told of every call's outcome, for EHR status. `ok` means athena answered as an API does,
   * which includes rejecting a request (a 404 or 409 still proves the connection works).
   */
  onOutcome?: (outcome: { ok: boolean; error?: AthenaError }) => void;
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

const RETRYABLE_STATUSES = new Set([429, 503]);

function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) {
    return undefined;
  }
  const seconds = Number(header);
  if (Number.isFinite(seconds)) {
    return Math.max(0, seconds);
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function readBody(response: AthenaResponse): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const encodeForm = (fields: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) {
      params.set(key, value);
    }
  }
  return params;
};

/**
 * The transport to athenaOne: OAuth2 client-credentials tokens (cached, renewed early, one
 * request in flight however many calls wait), bearer calls with a timeout, bounded retries with
 * backoff and jitter for throttling, and a circuit breaker that fails fast while athena is down.
 * Tokens and the client secret never leave this module.
 */
export interface AthenaTelemetry {
  breakerState: BreakerState;
  /** Access tokens obtained since start. */
  tokenRefreshes: number;
  /** Token requests refused or failed since start. */
  tokenFailures: number;
}

export function createAthenaHttp(options: AthenaHttpOptions) {
  const {
    baseUrl,
    clientId,
    clientSecret,
    breaker,
    timeoutMs = 8_000,
    maxRetries = 3,
    baseRetryDelayMs = 250,
    maxRetryDelayMs = 10_000,
    tokenRefreshMarginMs = 60_000,
    deadlineMs = 20_000,
    credentialFailureCacheMs = 15_000,
    governor,
    isBusy = (_error: unknown): _error is Error & { retryAfterSeconds: number } => false,
    fetch: fetchFn,
    sleep = defaultSleep,
    random = Math.random,
    now = Date.now,
    onOutcome,
  } = options;
  const tokenRequests = { succeeded: 0, failed: 0 };
  const transport: AthenaTransport = fetchFn
    ? fetchTransport(fetchFn, timeoutMs)
    : createUndiciTransport(timeoutMs);
  const root = baseUrl.replace(/\/+$/, '');

  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;
  /** A refused token request, answered again without asking athena until `until`. */
  let refusedToken: { error: AthenaError; until: number } | null = null;

  async function timedFetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    ctx: EhrCallContext,
  ): Promise<AthenaResponse> {
    let endTurn: () => void = () => undefined;
    try {
      endTurn = (await governor?.acquire()) ?? endTurn;
    } catch (error) {
      if (isBusy(error)) {
        throw new AthenaError(
          'busy',
          'The gateway is already sending Athena EHR all the calls its QPS allowance permits; retry shortly',
          undefined,
          undefined,
          error.retryAfterSeconds,
        );
      }
      throw error;
    }
    const started = performance.now();
    try {
      // The turn ends when athena has answered; reading the body needs no turn of its own.
      return await transport(url, init);
    } catch (error) {
      if (isTimeout(error)) {
        throw new AthenaError('timeout', `Athena EHR did not answer within ${timeoutMs / 1000} s`);
      }
      throw new AthenaError('unreachable', 'Athena EHR is unreachable');
    } finally {
      endTurn();
      ctx.addUpstreamMs?.(performance.now() - started);
    }
  }

  async function requestToken(ctx: EhrCallContext): Promise<string> {
    const response = await timedFetch(
      `${root}/oauth2/v1/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: encodeForm({
          grant_type: 'client_credentials',
          scope: 'athena/service/Athenanet.MDP.*',
        }).toString(),
      },
      ctx,
    );
    const body = (await readBody(response)) as Record<string, unknown> | string | null;
    if (response.status === 429) {
      throw new AthenaError(
        'rate-limited',
        'Athena EHR is limiting new access tokens',
        429,
        undefined,
        retryAfterSeconds(response.headers.get(HEADERS.retryAfter), now()) ?? 60,
      );
    }
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new AthenaError(
        'credentials',
        'Athena EHR refused the gateway\u2019s client credentials',
        response.status,
      );
    }
    const accessToken = typeof body === 'object' && body ? body.access_token : undefined;
    const expiresIn = typeof body === 'object' && body ? Number(body.expires_in) : NaN;
    if (!response.ok || typeof accessToken !== 'string' || !Number.isFinite(expiresIn)) {
      throw new AthenaError(
        'upstream-error',
        `Athena EHR token endpoint answered ${response.status}`,
        response.status,
      );
    }
    const lifetimeMs = expiresIn * 1000;
    token = {
      value: accessToken,
      renewAt: now() + Math.max(lifetimeMs / 2, lifetimeMs - tokenRefreshMarginMs),
    };
    return accessToken;
  }

  /**
   * A valid token; concurrent callers share one token request, and a refusal (wrong credentials,
   * too many token requests) is shared for a while too instead of being asked again per call.
   */
  function getToken(ctx: EhrCallContext): Promise<string> {
    if (token && now() < token.renewAt) {
      return Promise.resolve(token.value);
    }
    if (refusedToken && now() < refusedToken.until) {
      return Promise.reject(refusedToken.error);
    }
    pendingToken ??= requestToken(ctx)
      .then((value) => {
        tokenRequests.succeeded += 1;
        return value;
      })
      .catch((error: unknown) => {
        tokenRequests.failed += 1;
        if (
          error instanceof AthenaError &&
          (error.kind === 'credentials' || error.kind === 'rate-limited')
        ) {
          const holdMs = Math.max(credentialFailureCacheMs, (error.retryAfterSeconds ?? 0) * 1000);
          refusedToken = { error, until: now() + holdMs };
        }
        throw error;
      })
      .finally(() => {
        pendingToken = null;
      });
    return pendingToken;
  }

  function backoffMs(attempt: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) {
      return Math.min(maxRetryDelayMs, retryAfter * 1000);
    }
    // Full jitter: a random wait up to the exponential ceiling.
    return Math.floor(random() * exponentialBackoffMs(attempt, baseRetryDelayMs, maxRetryDelayMs));
  }

  function fail(error: AthenaError, countsAgainstBreaker: boolean): never {
    if (countsAgainstBreaker) {
      breaker.recordFailure();
    } else {
      breaker.recordSuccess();
    }
    onOutcome?.({ ok: error.kind === 'rejected', error });
    throw error;
  }

  async function attempt(request: AthenaRequest, ctx: EhrCallContext) {
    const url = new URL(`${root}/v1/${encodeURIComponent(request.practiceId)}${request.path}`);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) {
        url.searchParams.set(key, String(value));
      }
    }
    const send = async (bearer: string) =>
      timedFetch(
        url.toString(),
        {
          method: request.method,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: 'application/json',
            'x-request-id': ctx.requestId || randomUUID(),
            ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: request.form ? encodeForm(request.form).toString() : undefined,
        },
        ctx,
      );
    let response = await send(await getToken(ctx));
    if (response.status === 401) {
      // The token may have been revoked or expired early: renew once and try again.
      token = null;
      response = await send(await getToken(ctx));
    }
    return response;
  }

  return {
    /** The connection's state for metrics: breaker state and token requests so far. */
    telemetry(): AthenaTelemetry {
      return {
        breakerState: breaker.state,
        tokenRefreshes: tokenRequests.succeeded,
        tokenFailures: tokenRequests.failed,
      };
    },

    async request<T = unknown>(request: AthenaRequest, ctx: EhrCallContext): Promise<T> {
      if (!breaker.tryAcquire()) {
        const error = new AthenaError(
          'circuit-open',
          'Athena EHR is unavailable: the gateway stopped calling it after repeated failures',
          undefined,
          undefined,
          Math.ceil(breaker.retryInMs() / 1000) || 1,
        );
        onOutcome?.({ ok: false, error });
        throw error;
      }
      const deadline = now() + deadlineMs;
      for (let retry = 0; ; retry += 1) {
        let response: AthenaResponse;
        try {
          response = await attempt(request, ctx);
        } catch (error) {
          if (error instanceof AthenaError && error.kind !== 'busy') {
            fail(error, error.kind !== 'credentials' && error.kind !== 'rate-limited');
          }
          throw error;
        }
        const body = await readBody(response);
        const overQps =
          response.status === 403 && typeof body === 'string' && /over\s*qps/i.test(body);
        if (RETRYABLE_STATUSES.has(response.status) || overQps) {
          const retryAfter = retryAfterSeconds(response.headers.get(HEADERS.retryAfter), now());
          const wait = backoffMs(retry, retryAfter);
          // A Retry-After beyond our own retry ceiling or past the call's deadline is answered
          // now, passing athena's Retry-After on, rather than holding the caller.
          const worthWaiting =
            (retryAfter === undefined || retryAfter * 1000 <= maxRetryDelayMs) &&
            now() + wait < deadline;
          if (retry < maxRetries && worthWaiting) {
            await sleep(wait);
            continue;
          }
          const throttled = response.status === 429 || overQps;
          fail(
            new AthenaError(
              throttled ? 'rate-limited' : 'upstream-error',
              throttled
                ? 'Athena EHR is rate limiting the gateway'
                : `Athena EHR is temporarily unavailable (${response.status})`,
              response.status,
              body,
              retryAfter ?? (throttled ? 1 : undefined),
            ),
            !throttled,
          );
        }
        if (response.status === 401 || response.status === 403) {
          fail(
            new AthenaError(
              'credentials',
              'Athena EHR refused the gateway\u2019s access token',
              response.status,
              body,
            ),
            false,
          );
        }
        if (response.status >= 500) {
          fail(
            new AthenaError(
              'upstream-error',
              `Athena EHR answered with an error (${response.status})`,
              response.status,
              body,
            ),
            true,
          );
        }
        if (!response.ok) {
          // A 4xx means athena is up and judged the request: not a failure of the connection.
          fail(
            new AthenaError(
              'rejected',
              `Athena EHR rejected the request (${response.status})`,
              response.status,
              body,
            ),
            false,
          );
        }
        breaker.recordSuccess();
        onOutcome?.({ ok: true });
        return body as T;
      }
    },
  };
}

export type AthenaHttp = ReturnType<typeof createAthenaHttp>;
