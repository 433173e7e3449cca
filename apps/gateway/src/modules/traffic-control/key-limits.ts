import { HEADERS } from '@ehr-gateway/contracts';

import { HttpError } from '../../lib/http-errors.js';
import type { TrafficCounters } from './counters.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The limits one key is under; null is unlimited. */
export interface KeyLimits {
  id: string;
  rateLimit: number | null;
  quota: number | null;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

const nextUtcMidnight = (at: number) => new Date(Math.floor(at / DAY_MS) * DAY_MS + DAY_MS);
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Per-key rate limits (a sliding minute) and quotas (per UTC day), with the IETF RateLimit-Policy
 * and RateLimit headers (draft-ietf-httpapi-ratelimit-headers): one named policy per limit.
 * A refusal is a 429 naming the limit, with an honest Retry-After.
 */
export function createKeyLimiter({
  counters,
  defaultRateLimit,
  now = Date.now,
}: {
  counters: TrafficCounters;
  defaultRateLimit?: number;
  now?: () => number;
}) {
  return {
    /** Counts the call against the key's limits; the headers to send, or the 429 to throw. */
    async admit(key: KeyLimits): Promise<Record<string, string>> {
      const rateLimit = key.rateLimit ?? defaultRateLimit ?? null;
      if (rateLimit === null && key.quota === null) {
        return {};
      }
      const policies: string[] = [];
      const states: string[] = [];
      const headers = () => ({
        [HEADERS.rateLimitPolicy]: policies.join(', '),
        [HEADERS.rateLimit]: states.join(', '),
      });
      const at = now();
      const quotaKey = `quota:${key.id}:${utcDay(at)}`;

      if (key.quota !== null) {
        const resetAt = nextUtcMidnight(at);
        const untilReset = seconds(resetAt.getTime() - at);
        const day = await counters.countInPeriod(quotaKey, key.quota, resetAt);
        policies.push(`"day";q=${key.quota};w=86400`);
        states.push(`"day";r=${Math.max(0, key.quota - day.count)};t=${untilReset}`);
        if (!day.allowed) {
          throw new HttpError(
            429,
            `Daily quota of ${key.quota} requests reached; it resets at 00:00 UTC`,
            'QUOTA_EXCEEDED',
            undefined,
            { ...headers(), [HEADERS.retryAfter]: String(untilReset) },
          );
        }
      }

      if (rateLimit !== null) {
        const minute = await counters.takeFromWindow(`rate:${key.id}`, rateLimit, MINUTE_MS);
        policies.push(`"minute";q=${rateLimit};w=60`);
        states.push(
          `"minute";r=${Math.max(0, rateLimit - minute.count)};t=${seconds(minute.freesInMs)}`,
        );
        if (!minute.allowed) {
          if (key.quota !== null) {
            // The call was refused, so it is not part of today's quota either.
            await counters.uncountInPeriod(quotaKey);
          }
          const retryAfter = Math.max(1, seconds(minute.freesInMs));
          throw new HttpError(
            429,
            `Rate limit of ${rateLimit} requests per minute reached; retry after ${retryAfter} s`,
            'RATE_LIMITED',
            undefined,
            { ...headers(), [HEADERS.retryAfter]: String(retryAfter) },
          );
        }
      }
      return headers();
    },
  };
}

export type KeyLimiter = ReturnType<typeof createKeyLimiter>;
