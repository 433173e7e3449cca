import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Where cached EHR answers live. Entries are grouped by scope (source and practice); bumping a
 * scope's generation makes every entry written before it unreachable, which is how writes
 * invalidate what they change without listing keys.
 */
export interface ResponseCache {
  get(scope: string, key: string): Promise<string | null>;
  set(scope: string, key: string, value: string, ttlMs: number): Promise<void>;
  invalidate(scope: string): Promise<void>;
  close(): Promise<void>;
}

const MEMORY_MAX_ENTRIES = 5_000;

/**
 * One process's cache on lru-cache: bounded, the least recently read entry evicted first, each
 * entry with its own time to live. Scopes are key prefixes; invalidating one drops its entries.
 */
export function createMemoryCache(now: () => number = Date.now): ResponseCache {
  const entries = new LRUCache<string, string>({
    max: MEMORY_MAX_ENTRIES,
    // Every read asks the clock (no cached "now"), so an injected clock is obeyed exactly.
    perf: { now },
    ttlResolution: 0,
  });
  const prefixOf = (scope: string) => `${scope}#`;

  return {
    async get(scope, key) {
      return entries.get(prefixOf(scope) + key) ?? null;
    },
    async set(scope, key, value, ttlMs) {
      entries.set(prefixOf(scope) + key, value, { ttl: ttlMs });
    },
    async invalidate(scope) {
      const prefix = prefixOf(scope);
      for (const id of [...entries.keys()].filter((key) => key.startsWith(prefix))) {
        entries.delete(id);
      }
    },
    async close() {
      entries.clear();
    },
  };
}

/** A cache shared by every instance through Redis; generations live in Redis too. */
export function createRedisCache(redis: Redis, prefix = 'ehrgw:cache'): ResponseCache {
  const generationKey = (scope: string) => `${prefix}:gen:${scope}`;
  const entryKey = async (scope: string, key: string) => {
    const generation = (await redis.get(generationKey(scope))) ?? '0';
    return `${prefix}:${scope}:${generation}:${key}`;
  };
  return {
    async get(scope, key) {
      return redis.get(await entryKey(scope, key));
    },
    async set(scope, key, value, ttlMs) {
      await redis.set(await entryKey(scope, key), value, 'PX', ttlMs);
    },
    async invalidate(scope) {
      await redis.incr(generationKey(scope));
    },
    async close() {
      await redis.quit();
    },
  };
}
