import { HEADERS } from '@ehr-gateway/contracts';

/** Request headers a browser client of the gateway may send. */
const ALLOWED_HEADERS = [
  'content-type',
  HEADERS.apiKey,
  HEADERS.requestId,
  HEADERS.idempotencyKey,
].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** Response headers a browser client may read. */
const EXPOSED_HEADERS = [
  HEADERS.requestId,
  HEADERS.serverTiming,
  HEADERS.cache,
  HEADERS.retryAfter,
  HEADERS.rateLimitPolicy,
  HEADERS.rateLimit,
].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Which browser origins may call the gateway routes, and the headers that says so. `*` in the list
 * allows any origin. Admin routes are never CORS-enabled.
 */
export function createCorsPolicy(allowedOrigins: readonly string[]) {
  const allowAny = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins);

  const isAllowed = (origin: string | undefined): origin is string =>
    origin !== undefined && (allowAny || allowed.has(origin));

  return {
    allowedOrigins: [...allowedOrigins],
    isAllowed,

    /** Headers for an actual (non-preflight) response. */
    responseHeaders(origin: string | undefined): Record<string, string> {
      if (!isAllowed(origin)) {
        return { vary: 'Origin' };
      }
      return {
        'access-control-allow-origin': origin,
        'access-control-expose-headers': EXPOSED_HEADERS,
        vary: 'Origin',
      };
    },

    preflightHeaders(origin: string | undefined): Record<string, string> {
      if (!isAllowed(origin)) {
        return { vary: 'Origin' };
      }
      return {
        ...this.responseHeaders(origin),
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      };
    },
  };
}

export type CorsPolicy = ReturnType<typeof createCorsPolicy>;
