import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

/** One call's answer from a sliding window. */
export interface WindowDecision {
  allowed: boolean;
  /** Calls the window holds, this one included when allowed. */
  count: number;
  /** Milliseconds until the oldest call leaves the window (a slot frees); 0 when empty. */
  freesInMs: number;
}

/** One call's answer from a fixed-period counter (a daily quota). */
export interface PeriodDecision {
  allowed: boolean;
  count: number;
}

/**
 * The counting behind per-key limits and the athena governor. A sliding window counts every call
 * in the last `windowMs`, as athena counts its QPS allowance, so no burst at a window boundary lets
 * twice the limit through.
 */
export interface TrafficCounters {
  /** Records the call if the window holds fewer than `limit`; refused calls are not recorded. */
  takeFromWindow(key: string, limit: number, windowMs: number): Promise<WindowDecision>;
  /** Counts the call in the period ending at `resetAt`; refused calls count too (and stay refused). */
  countInPeriod(key: string, limit: number, resetAt: Date): Promise<PeriodDecision>;
  /** Takes back one call counted in the period (it was refused by a later check). */
  uncountInPeriod(key: string): Promise<void>;
}

const MAX_MEMORY_KEYS = 50_000;

/** Counters in this process: exact for one instance, and what each instance falls back to. */
export function createMemoryCounters(now: () => number = Date.now): TrafficCounters {
  const windows = new Map<string, number[]>();
  const periods = new Map<string, { count: number; resetAt: number }>();

  const evictIfFull = <V>(map: Map<string, V>) => {
    if (map.size >= MAX_MEMORY_KEYS) {
      // Oldest-inserted first: keys idle longest are the first to go.
      const first = map.keys().next();
      if (!first.done) {
        map.delete(first.value);
      }
    }
  };

  return {
    async takeFromWindow(key, limit, windowMs) {
      const at = now();
      const calls = windows.get(key) ?? [];
      // Calls are kept in arrival order, so the stale ones are a prefix.
      let stale = 0;
      while (stale < calls.length && calls[stale]! <= at - windowMs) {
        stale += 1;
      }
      calls.splice(0, stale);
      const allowed = calls.length < limit;
      if (allowed) {
        calls.push(at);
      }
      if (calls.length === 0) {
        windows.delete(key);
      } else {
        if (!windows.has(key)) {
          evictIfFull(windows);
        }
        windows.set(key, calls);
      }
      const oldest = calls[0];
      return {
        allowed,
        count: calls.length,
        freesInMs: oldest === undefined ? 0 : Math.max(0, oldest + windowMs - at),
      };
    },

    async countInPeriod(key, limit, resetAt) {
      const at = now();
      let entry = periods.get(key);
      if (!entry || entry.resetAt <= at) {
        evictIfFull(periods);
        entry = { count: 0, resetAt: resetAt.getTime() };
        periods.set(key, entry);
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, count: entry.count };
    },

    async uncountInPeriod(key) {
      const entry = periods.get(key);
      if (entry && entry.count > 0) {
        entry.count -= 1;
      }
    },
  };
}

/**
 * A sliding-window log in a sorted set, trimmed and counted atomically, timed by Redis' own clock
 * so instances with skewed clocks still share one window. Returns {allowed, count, freesInMs}.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  count = count + 1
  allowed = 1
end
local frees = 0
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] then
  frees = tonumber(oldest[2]) + window - now
end
return {allowed, count, frees}
`;

const PERIOD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[1])
end
return count
`;

/** Counters every instance shares through Redis. */
export function createRedisCounters(redis: Redis, prefix = 'ehrgw:limits'): TrafficCounters {
  return {
    async takeFromWindow(key, limit, windowMs) {
      const [allowed, count, frees] = (await redis.eval(
        SLIDING_WINDOW_SCRIPT,
        1,
        `${prefix}:window:${key}`,
        limit,
        windowMs,
        randomUUID(),
      )) as [number, number, number];
      return { allowed: allowed === 1, count, freesInMs: Math.max(0, frees) };
    },

    async countInPeriod(key, limit, resetAt) {
      const count = (await redis.eval(
        PERIOD_SCRIPT,
        1,
        `${prefix}:period:${key}`,
        resetAt.getTime(),
      )) as number;
      return { allowed: count <= limit, count };
    },

    async uncountInPeriod(key) {
      await redis.decr(`${prefix}:period:${key}`);
    },
  };
}

export interface CountersHealth {
  /** Where the counts live now. */
  store: 'redis' | 'memory';
  /** True while Redis is configured but unreachable and this instance counts alone. */
  degraded: boolean;
  message: string | null;
}

/**
 * Redis counters that never fail a request: while Redis is unreachable each call is counted in
 * this instance's memory instead (limits then hold per instance), and the health says so.
 */
export function createFallbackCounters(
  shared: TrafficCounters,
  local: TrafficCounters,
  onOutage: { failure(error: unknown): void; success(): void; readonly failing: boolean },
): TrafficCounters & { health(): CountersHealth } {
  const attempt = async <T>(call: (counters: TrafficCounters) => Promise<T>): Promise<T> => {
    try {
      const result = await call(shared);
      onOutage.success();
      return result;
    } catch (error) {
      onOutage.failure(error);
      return call(local);
    }
  };
  return {
    takeFromWindow: (key, limit, windowMs) =>
      attempt((counters) => counters.takeFromWindow(key, limit, windowMs)),
    countInPeriod: (key, limit, resetAt) =>
      attempt((counters) => counters.countInPeriod(key, limit, resetAt)),
    uncountInPeriod: (key) => attempt((counters) => counters.uncountInPeriod(key)),
    health: () =>
      onOutage.failing
        ? {
            store: 'memory',
            degraded: true,
            message:
              'Redis is unreachable: rate limits, quotas and the athena QPS allowance are counted per instance',
          }
        : { store: 'redis', degraded: false, message: null },
  };
}
