import type { Db } from '../../db/database.js';

export interface StoredAnswer {
  requestHash: string;
  status: 'pending' | 'done';
  statusCode: number | null;
  /** The answer, sealed by the service; null while pending. */
  sealedResponse: string | null;
}

export function createIdempotencyRepository(db: Db) {
  return {
    /** Claims a key for this request; false when someone already holds or finished it. */
    async claim(scope: string, key: string, requestHash: string): Promise<boolean> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, status: 'pending' })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(scope: string, key: string): Promise<StoredAnswer | undefined> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status', 'status_code', 'sealed_response'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      return row
        ? {
            requestHash: row.request_hash,
            status: row.status,
            statusCode: row.status_code,
            sealedResponse: row.sealed_response,
          }
        : undefined;
    },

    async complete(
      scope: string,
      key: string,
      statusCode: number,
      sealedResponse: string,
    ): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status: 'done', status_code: statusCode, sealed_response: sealedResponse })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },

    async release(scope: string, key: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('status', '=', 'pending')
        .execute();
    },

    async deleteOlderThan(cutoff: Date): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
