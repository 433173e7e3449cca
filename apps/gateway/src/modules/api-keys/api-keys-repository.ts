import type { Db } from '../../db/database.js';
import type { ApiKeyRow } from '../../db/schema.js';

export function createApiKeysRepository(db: Db) {
  return {
    async insert(key: {
      name: string;
      keyHash: string;
      displayPrefix: string;
      lastFour: string;
      expiresAt: Date | null;
      practiceIds: string[] | null;
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

    async findActiveByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
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
