import {
  API_KEY_REFUSALS,
  type ApiKeyCreated,
  type ApiKeyRefusalCode,
  type ApiKeySummary,
  type CreateApiKeyBody,
} from '@ehr-gateway/contracts';

import { isDatabaseUnavailable } from '../../db/database-errors.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { notFound, unauthorized, validationError } from '../../lib/http-errors.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { ApiKeysRepository } from './api-keys-repository.js';

export const API_KEY_PREFIX = 'ehrgw_';
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
}

interface CachedLookup {
  identity: ApiKeyIdentity | null;
  expiresAt: Date | null;
  fetchedAt: number;
}

interface Deps {
  repository: ApiKeysRepository;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}

const maskKey = (row: ApiKeyRow) => `${row.display_prefix}${'•'.repeat(8)}${row.last_four}`;

const toSummary = (row: ApiKeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  key: maskKey(row),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  expiresAt: row.expires_at?.toISOString() ?? null,
  practiceIds: row.practice_ids,
});

export function createApiKeysService({ repository, audit, now = () => new Date() }: Deps) {
  const cache = new Map<string, CachedLookup>();
  let pendingLastUsed = new Map<string, Date>();

  async function lookup(keyHash: string): Promise<CachedLookup> {
    const cached = cache.get(keyHash);
    if (cached && now().getTime() - cached.fetchedAt < KEY_CACHE_TTL_MS) {
      return cached;
    }
    let row: ApiKeyRow | undefined;
    try {
      row = await repository.findActiveByHash(keyHash);
    } catch (error) {
      // While the database is unreachable, a key this instance has seen keeps its last answer, so
      // routes that need nothing else from the database keep working; unknown keys get the 503.
      if (cached && isDatabaseUnavailable(error)) {
        return cached;
      }
      throw error;
    }
    const fresh: CachedLookup = {
      identity: row ? { id: row.id, name: row.name, practiceIds: row.practice_ids } : null,
      expiresAt: row?.expires_at ?? null,
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
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now().getTime()) {
        throw validationError('expiresAt', 'expiresAt must be in the future');
      }
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const row = await repository.insert({
        name: input.name,
        keyHash: hashToken(key),
        displayPrefix: key.slice(0, API_KEY_PREFIX.length + 4),
        lastFour: key.slice(-4),
        expiresAt,
        practiceIds: input.practiceIds ?? null,
      });
      await audit.record(context, {
        action: 'key-created',
        target: row.id,
        details: {
          name: row.name,
          expiresAt: row.expires_at?.toISOString() ?? null,
          practiceIds: row.practice_ids,
        },
      });
      return {
        apiKey: {
          id: row.id,
          name: row.name,
          createdAt: row.created_at.toISOString(),
          expiresAt: row.expires_at?.toISOString() ?? null,
          practiceIds: row.practice_ids,
          key,
        },
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

    async revoke(id: string, context: AuditContext): Promise<void> {
      const revoked = await repository.revoke(id, now());
      if (!revoked) {
        throw notFound(`No API key with id ${id}`, 'API_KEY_NOT_FOUND');
      }
      await audit.record(context, { action: 'key-deleted', target: id });
      for (const [hash, entry] of cache) {
        if (entry.identity?.id === id) {
          cache.delete(hash);
        }
      }
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
