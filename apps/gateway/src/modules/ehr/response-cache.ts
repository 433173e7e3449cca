import type { Redis } from 'ioredis';

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

/** One process's cache: bounded, oldest entries evicted first. */
export function createMemoryCache(now: () => number = Date.now): ResponseCache {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const generations = new Map<string, number>();
  const fullKey = (scope: string, key: string) => `${scope}#${generations.get(scope) ?? 0}#${key}`;

  return {
    async get(scope, key) {
      const id = fullKey(scope, key);
      const entry = entries.get(id);
      if (!entry) {
        return null;
      }
      if (entry.expiresAt <= now()) {
        entries.delete(id);
        return null;
      }
      return entry.value;
    },
    async set(scope, key, value, ttlMs) {
      if (entries.size >= MEMORY_MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) {
          entries.delete(oldest);
        }
      }
      entries.set(fullKey(scope, key), { value, expiresAt: now() + ttlMs });
    },
    async invalidate(scope) {
      generations.set(scope, (generations.get(scope) ?? 0) + 1);
      for (const id of entries.keys()) {
        if (id.startsWith(`${scope}#`)) {
          entries.delete(id);
        }
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
