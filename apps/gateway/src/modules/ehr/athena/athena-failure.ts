import { HEADERS } from '@ehr-gateway/contracts';

import type { AthenaResponse } from './athena-transport.js';

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

/** Seconds athena asks us to wait (Retry-After as seconds or as an HTTP date), if it says. */
export function retryAfterOf(response: AthenaResponse, now: number): number | undefined {
  const header = response.headers.get(HEADERS.retryAfter);
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

/** The body as JSON when it is JSON, as text otherwise, null when empty. */
export async function readBody(response: AthenaResponse): Promise<unknown> {
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

/** athena's legacy throttle: a 403 whose body says "Over Qps". */
const isOverQps = (status: number, body: unknown) =>
  status === 403 && typeof body === 'string' && /over\s*qps/i.test(body);

/** Throttling (429, "Over Qps") or a brief outage (503): worth a retry after a wait. */
export const isRetryable = (status: number, body: unknown): boolean =>
  status === 429 || status === 503 || isOverQps(status, body);

/** A failed call, and whether it says athena is unwell (and so counts against the breaker). */
export interface AthenaFailure {
  error: AthenaError;
  countsAgainstBreaker: boolean;
}

const failure = (error: AthenaError, countsAgainstBreaker: boolean): AthenaFailure => ({
  error,
  countsAgainstBreaker,
});

/**
 * What a final (not retried) athena answer means: null for a success. Throttling and refused
 * credentials do not count against the breaker (athena is up); nor does a 4xx, which means athena
 * judged the request, so it also reports `rejected` rather than a failure of the connection.
 */
export function failureOf(
  status: number,
  body: unknown,
  retryAfter: number | undefined,
  label = 'Athena EHR',
): AthenaFailure | null {
  if (status === 429 || isOverQps(status, body)) {
    const message = `${label} is rate limiting the gateway`;
    return failure(new AthenaError('rate-limited', message, status, body, retryAfter ?? 1), false);
  }
  if (status === 503) {
    const message = `${label} is temporarily unavailable (${status})`;
    return failure(new AthenaError('upstream-error', message, status, body, retryAfter), true);
  }
  if (status === 401 || status === 403) {
    const message = `${label} refused the gateway\u2019s access token`;
    return failure(new AthenaError('credentials', message, status, body), false);
  }
  if (status >= 500) {
    const message = `${label} answered with an error (${status})`;
    return failure(new AthenaError('upstream-error', message, status, body), true);
  }
  if (status < 200 || status >= 300) {
    const message = `${label} rejected the request (${status})`;
    return failure(new AthenaError('rejected', message, status, body), false);
  }
  return null;
}
