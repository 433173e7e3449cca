import { sql, type Updateable } from 'kysely';

import type { Db } from '../../db/database.js';
import type { ApiKeyRow, ApiKeysTable } from '../../db/schema.js';

export interface UsageRow {
  start: Date;
  requests: number;
  errors: number;
  rateLimited: number;
}

/** A key found by what a client presented: the current key, or the one a rotation replaced. */
export interface PresentedKey {
  row: ApiKeyRow;
  isPreviousKey: boolean;
}

export function createApiKeysRepository(db: Db) {
  return {
    async insert(key: {
      name: string;
      keyHash: string;
      displayPrefix: string;
      lastFour: string;
      expiresAt: Date | null;
      practiceIds: string[] | null;
      scopes: string[] | null;
      rateLimit: number | null;
      quota: number | null;
    }): Promise<ApiKeyRow> {
      return db
        .insertInto('api_keys')
        .values({
          name: key.name,
          key_hash: key.keyHash,
          display_prefix: key.displayPrefix,
          last_four: key.lastFour,
          expires_at: key.expiresAt,
          practice_ids: key.practiceIds,
          scopes: key.scopes,
          rate_limit: key.rateLimit,
          quota: key.quota,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async listActive(): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** Unrevoked keys whose expiry falls in [from, to). */
    async listExpiringBetween(from: Date, to: Date): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('revoked_at', 'is', null)
        .where('expires_at', '>=', from)
        .where('expires_at', '<', to)
        .orderBy('expires_at')
        .execute();
    },

    async findActive(id: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    async findActiveByHash(keyHash: string): Promise<PresentedKey | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where((eb) => eb.or([eb('key_hash', '=', keyHash), eb('previous_key_hash', '=', keyHash)]))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && { row, isPreviousKey: row.key_hash !== keyHash };
    },

    async update(id: string, changes: Updateable<ApiKeysTable>): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('api_keys')
        .set(changes)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** The new secret takes the key's place; the old one is kept, by hash, for its grace window. */
    async rotate(
      id: string,
      next: { keyHash: string; displayPrefix: string; lastFour: string },
      at: Date,
      previousKeyExpiresAt: Date,
    ): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('api_keys')
        .set((eb) => ({
          previous_key_hash: eb.ref('key_hash'),
          previous_key_expires_at: previousKeyExpiresAt,
          key_hash: next.keyHash,
          display_prefix: next.displayPrefix,
          last_four: next.lastFour,
          rotated_at: at,
        }))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Requests, errors and 429s per `unit` (UTC) since `since`; buckets with none are absent. */
    async usage(id: string, unit: 'hour' | 'day', since: Date): Promise<UsageRow[]> {
      const bucket = sql<Date>`date_trunc(${sql.lit(unit)}, timestamp at time zone 'UTC') at time zone 'UTC'`;
      const rows = await db
        .selectFrom('request_logs')
        .select([
          bucket.as('start'),
          sql<string>`count(*)`.as('requests'),
          sql<string>`count(*) filter (where status >= 400)`.as('errors'),
          sql<string>`count(*) filter (where status = 429)`.as('rate_limited'),
        ])
        .where('api_key_id', '=', id)
        .where('timestamp', '>=', since)
        .groupBy(sql`1`)
        .execute();
      return rows.map((row) => ({
        start: new Date(row.start),
        requests: Number(row.requests),
        errors: Number(row.errors),
        rateLimited: Number(row.rate_limited),
      }));
    },

    /** Revoked keys keep their row so request logs can still name them. */
    async revoke(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** One transaction for a whole batch of last-used times; never moves a time backwards. */
    async recordLastUsed(usages: ReadonlyMap<string, Date>): Promise<void> {
      if (usages.size === 0) {
        return;
      }
      await db.transaction().execute(async (tx) => {
        for (const [id, at] of usages) {
          await tx
            .updateTable('api_keys')
            .set({ last_used_at: at })
            .where('id', '=', id)
            .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
            .execute();
        }
      });
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
