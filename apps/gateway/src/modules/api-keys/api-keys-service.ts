import {
  API_KEY_PREFIX,
  API_KEY_REFUSALS,
  type ApiKeyCreated,
  type ApiKeyRefusalCode,
  type ApiKeyRotated,
  type ApiKeySummary,
  type ApiKeyUsage,
  type ApiKeyUsageBucket,
  type ApiScope,
  type CreateApiKeyBody,
  type RotateApiKeyBody,
  type UpdateApiKeyBody,
} from '@ehr-gateway/contracts';

import { isDatabaseUnavailable } from '../../db/database-errors.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { notFound, unauthorized, validationError } from '../../lib/http-errors.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { ApiKeysRepository, UsageRow } from './api-keys-repository.js';

/** The 401 for a refusal the docs list, with its code and message. */
const refusal = (code: ApiKeyRefusalCode) => {
  const { message } = API_KEY_REFUSALS.find((known) => known.code === code)!;
  return unauthorized(message, code);
};

/**
 * How long an instance trusts what it read about a key. A key revoked on another instance is
 * refused here within this time, which is how revocation reaches every instance within 2 s.
 */
export const KEY_CACHE_TTL_MS = 1000;
const KEY_CACHE_MAX_ENTRIES = 10_000;
/** Longer than any real key; anything longer is refused without hashing. */
const MAX_KEY_LENGTH = 200;

/** Who called a gateway route: an API key, or (id null) another credential such as Vapi's secret. */
export interface ApiKeyIdentity {
  id: string | null;
  name: string;
  /** The practices the caller may use; null for any. */
  practiceIds: readonly string[] | null;
  /** The scopes the caller holds; null for every scope. */
  scopes: readonly ApiScope[] | null;
  /** Requests per minute; null for the gateway default. */
  rateLimit: number | null;
  /** Requests per UTC day; null for none. */
  quota: number | null;
}

interface CachedLookup {
  identity: ApiKeyIdentity | null;
  expiresAt: Date | null;
  /** Set when the presented key is one a rotation replaced: when its grace ends. */
  replacedKeyExpiresAt: Date | null;
  fetchedAt: number;
}

interface Deps {
  repository: ApiKeysRepository;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
  /** Requests per minute for keys without their own; undefined is unlimited. */
  defaultRateLimit?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const USAGE_HOURS = 24;
const USAGE_DAYS = 30;

/** Every bucket from the first to now, zero where the log has nothing. */
function fillBuckets(rows: UsageRow[], first: number, stepMs: number, count: number) {
  const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
  const buckets: ApiKeyUsageBucket[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = first + index * stepMs;
    const row = byStart.get(start);
    buckets.push({
      start: new Date(start).toISOString(),
      requests: row?.requests ?? 0,
      errors: row?.errors ?? 0,
      rateLimited: row?.rateLimited ?? 0,
    });
  }
  return buckets;
}

const identityOf = (row: ApiKeyRow): ApiKeyIdentity => ({
  id: row.id,
  name: row.name,
  practiceIds: row.practice_ids,
  scopes: row.scopes as ApiScope[] | null,
  rateLimit: row.rate_limit,
  quota: row.quota,
});

const maskKey = (row: ApiKeyRow) => `${row.display_prefix}${'•'.repeat(8)}${row.last_four}`;

export function createApiKeysService({
  repository,
  audit,
  now = () => new Date(),
  defaultRateLimit,
}: Deps) {
  const cache = new Map<string, CachedLookup>();
  let pendingLastUsed = new Map<string, Date>();
  const toSummary = (row: ApiKeyRow): ApiKeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    key: maskKey(row),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    practiceIds: row.practice_ids,
    scopes: row.scopes as ApiScope[] | null,
    rateLimit: row.rate_limit,
    quota: row.quota,
    effectiveRateLimit: row.rate_limit ?? defaultRateLimit ?? null,
    rotatedAt: row.rotated_at?.toISOString() ?? null,
    previousKeyExpiresAt:
      row.previous_key_expires_at && row.previous_key_expires_at > now()
        ? row.previous_key_expires_at.toISOString()
        : null,
  });

  const newSecret = () => {
    const key = `${API_KEY_PREFIX}${randomToken(32)}`;
    return {
      key,
      keyHash: hashToken(key),
      displayPrefix: key.slice(0, API_KEY_PREFIX.length + 4),
      lastFour: key.slice(-4),
    };
  };

  const futureExpiry = (expiresAt: string | null | undefined) => {
    const at = expiresAt ? new Date(expiresAt) : null;
    if (at && at.getTime() <= now().getTime()) {
      throw validationError('expiresAt', 'expiresAt must be in the future');
    }
    return at;
  };

  const keyNotFound = (id: string) => notFound(`No API key with id ${id}`, 'API_KEY_NOT_FOUND');

  /** Changes reach this instance at once and every other within KEY_CACHE_TTL_MS. */
  const forget = (id: string) => {
    for (const [hash, entry] of cache) {
      if (entry.identity?.id === id) {
        cache.delete(hash);
      }
    }
  };

  async function lookup(keyHash: string): Promise<CachedLookup> {
    const cached = cache.get(keyHash);
    if (cached && now().getTime() - cached.fetchedAt < KEY_CACHE_TTL_MS) {
      return cached;
    }
    let found: Awaited<ReturnType<ApiKeysRepository['findActiveByHash']>>;
    try {
      found = await repository.findActiveByHash(keyHash);
    } catch (error) {
      // While the database is unreachable, a key this instance has seen keeps its last answer, so
      // routes that need nothing else from the database keep working; unknown keys get the 503.
      if (cached && isDatabaseUnavailable(error)) {
        return cached;
      }
      throw error;
    }
    const row = found?.row;
    const fresh: CachedLookup = {
      identity: row ? identityOf(row) : null,
      expiresAt: row?.expires_at ?? null,
      replacedKeyExpiresAt: found?.isPreviousKey ? (row?.previous_key_expires_at ?? null) : null,
      fetchedAt: now().getTime(),
    };
    if (cache.size >= KEY_CACHE_MAX_ENTRIES) {
      cache.clear();
    }
    cache.set(keyHash, fresh);
    return fresh;
  }

  return {
    async create(input: CreateApiKeyBody, context: AuditContext): Promise<ApiKeyCreated> {
      const expiresAt = futureExpiry(input.expiresAt);
      const { key, ...secret } = newSecret();
      const row = await repository.insert({
        name: input.name,
        ...secret,
        expiresAt,
        practiceIds: input.practiceIds ?? null,
        scopes: input.scopes ?? null,
        rateLimit: input.rateLimit ?? null,
        quota: input.quota ?? null,
      });
      await audit.record(context, {
        action: 'key-created',
        target: row.id,
        details: {
          name: row.name,
          expiresAt: row.expires_at?.toISOString() ?? null,
          practiceIds: row.practice_ids,
          scopes: row.scopes,
          rateLimit: row.rate_limit,
          quota: row.quota,
        },
      });
      return { apiKey: { ...toSummary(row), key } };
    },

    async get(id: string): Promise<ApiKeySummary> {
      const row = await repository.findActive(id);
      if (!row) {
        throw keyNotFound(id);
      }
      return toSummary(row);
    },

    async update(
      id: string,
      input: UpdateApiKeyBody,
      context: AuditContext,
    ): Promise<ApiKeySummary> {
      const row = await repository.update(id, {
        name: input.name,
        expires_at: input.expiresAt === undefined ? undefined : futureExpiry(input.expiresAt),
        practice_ids: input.practiceIds,
        scopes: input.scopes,
        rate_limit: input.rateLimit,
        quota: input.quota,
      });
      if (!row) {
        throw keyNotFound(id);
      }
      forget(id);
      await audit.record(context, { action: 'key-changed', target: id, details: { ...input } });
      return toSummary(row);
    },

    /** A new secret for the key; the old one keeps working for `graceMinutes`. */
    async rotate(
      id: string,
      input: RotateApiKeyBody,
      context: AuditContext,
    ): Promise<ApiKeyRotated> {
      const at = now();
      const graceEnds = new Date(at.getTime() + input.graceMinutes * 60_000);
      const { key, ...secret } = newSecret();
      const row = await repository.rotate(id, secret, at, graceEnds);
      if (!row) {
        throw keyNotFound(id);
      }
      forget(id);
      await audit.record(context, {
        action: 'key-rotated',
        target: id,
        details: {
          graceMinutes: input.graceMinutes,
          previousKeyExpiresAt: graceEnds.toISOString(),
        },
      });
      return {
        apiKey: { ...toSummary(row), key },
        previousKeyExpiresAt: graceEnds.toISOString(),
      };
    },

    /** Hourly buckets for the last 24 hours and daily (UTC) ones for the last 30 days. */
    async usage(id: string): Promise<ApiKeyUsage> {
      if (!(await repository.findActive(id))) {
        throw keyNotFound(id);
      }
      const at = now().getTime();
      const firstHour = Math.floor(at / HOUR_MS) * HOUR_MS - (USAGE_HOURS - 1) * HOUR_MS;
      const firstDay = Math.floor(at / DAY_MS) * DAY_MS - (USAGE_DAYS - 1) * DAY_MS;
      const [hourly, daily] = await Promise.all([
        repository.usage(id, 'hour', new Date(firstHour)),
        repository.usage(id, 'day', new Date(firstDay)),
      ]);
      return {
        hourly: fillBuckets(hourly, firstHour, HOUR_MS, USAGE_HOURS),
        daily: fillBuckets(daily, firstDay, DAY_MS, USAGE_DAYS),
      };
    },

    async list(): Promise<ApiKeySummary[]> {
      const rows = await repository.listActive();
      return rows.map((row) => {
        const pending = pendingLastUsed.get(row.id);
        const summary = toSummary(row);
        return pending && (!row.last_used_at || pending > row.last_used_at)
          ? { ...summary, lastUsedAt: pending.toISOString() }
          : summary;
      });
    },

    /** Keys still in use that expire within `days` (an alert each). */
    async expiringWithin(
      days: number,
    ): Promise<Array<{ id: string; name: string; expiresAt: Date }>> {
      const from = now();
      const rows = await repository.listExpiringBetween(
        from,
        new Date(from.getTime() + days * 86_400_000),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        expiresAt: new Date(row.expires_at ?? from),
      }));
    },

    async revoke(id: string, context: AuditContext): Promise<void> {
      const revoked = await repository.revoke(id, now());
      if (!revoked) {
        throw keyNotFound(id);
      }
      await audit.record(context, { action: 'key-deleted', target: id });
      forget(id);
      pendingLastUsed.delete(id);
    },

    /** Resolves the caller of a gateway route, or throws the 401 that names why not. */
    async authenticate(rawKey: string | string[] | undefined): Promise<ApiKeyIdentity> {
      const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
      if (!key) {
        throw refusal('API_KEY_MISSING');
      }
      if (key.length > MAX_KEY_LENGTH || !key.startsWith(API_KEY_PREFIX)) {
        throw refusal('API_KEY_INVALID');
      }
      const found = await lookup(hashToken(key));
      if (!found.identity) {
        throw refusal('API_KEY_INVALID');
      }
      const at = now();
      if (found.replacedKeyExpiresAt && found.replacedKeyExpiresAt.getTime() <= at.getTime()) {
        throw refusal('API_KEY_ROTATED');
      }
      if (found.expiresAt && found.expiresAt.getTime() <= at.getTime()) {
        throw refusal('API_KEY_EXPIRED');
      }
      if (found.identity.id) {
        pendingLastUsed.set(found.identity.id, at);
      }
      return found.identity;
    },

    /** Writes the last-used times gathered since the previous flush. */
    async flushLastUsed(): Promise<void> {
      if (pendingLastUsed.size === 0) {
        return;
      }
      const batch = pendingLastUsed;
      pendingLastUsed = new Map();
      try {
        await repository.recordLastUsed(batch);
      } catch (error) {
        for (const [id, at] of batch) {
          if (!pendingLastUsed.has(id)) {
            pendingLastUsed.set(id, at);
          }
        }
        throw error;
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
