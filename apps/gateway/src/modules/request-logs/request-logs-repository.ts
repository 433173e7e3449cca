import type { LogEntrySummary, LogListQuery } from '@ehr-gateway/contracts';
import { sql, type Selectable } from 'kysely';

import type { Db } from '../../db/database.js';

import type { NewRequestLog, RequestLogsTable } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql-text.js';

const SUMMARY_COLUMNS = [
  'id',
  'timestamp',
  'endpoint',
  'method',
  'status',
  'response_time_ms',
  'source',
  'api_key_name',
] as const;

const RETENTION_DELETE_BATCH = 10_000;
const EMPTY_REQUEST_DATA = JSON.stringify({ query: {}, body: null, headers: {} });

export type StoredLogEntry = Selectable<RequestLogsTable>;

export function createRequestLogsRepository(db: Db) {
  return {
    async insertMany(entries: NewRequestLog[]): Promise<void> {
      if (entries.length > 0) {
        // Entries replayed from the spool may already be in: their ids make the replay a no-op.
        await db
          .insertInto('request_logs')
          .values(entries)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
    },

    async list(filter: LogListQuery): Promise<LogEntrySummary[]> {
      let query = db.selectFrom('request_logs').select(SUMMARY_COLUMNS);
      if (filter.endpoint) {
        const pattern = `%${escapeLike(filter.endpoint.toLowerCase())}%`;
        query = query.where(sql<boolean>`lower(endpoint) like ${pattern}`);
      }
      if (filter.source) {
        query = query.where('source', '=', filter.source);
      }
      const rows = await query.orderBy('timestamp', 'desc').limit(filter.limit).execute();
      return rows.map((row) => ({
        id: row.id,
        timestamp: row.timestamp.toISOString(),
        endpoint: row.endpoint,
        method: row.method,
        status: row.status,
        responseTime: row.response_time_ms,
        source: row.source,
        apiKeyName: row.api_key_name,
      }));
    },

    async get(id: string): Promise<StoredLogEntry | undefined> {
      return db.selectFrom('request_logs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Payload retention: entries older than the cutoff lose their bodies (masked and sealed) and
     * keep their metadata; in bounded batches, through a partial index of entries still holding
     * bodies, so each run touches only what is due.
     */
    async purgePayloadsOlderThan(cutoff: Date): Promise<number> {
      let total = 0;
      for (;;) {
        const result = await db
          .updateTable('request_logs')
          .set({
            request_data: EMPTY_REQUEST_DATA,
            response_data: null,
            request_data_sealed: null,
            response_data_sealed: null,
            payload_purged: true,
          })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('request_logs')
              .select('id')
              .where('timestamp', '<', cutoff)
              .where('payload_purged', '=', false)
              .limit(RETENTION_DELETE_BATCH),
          )
          .executeTakeFirst();
        const purged = Number(result.numUpdatedRows);
        total += purged;
        if (purged < RETENTION_DELETE_BATCH) {
          return total;
        }
      }
    },

    /** Deletes in bounded batches so retention never holds a long lock on a large table. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      let total = 0;
      for (;;) {
        const result = await db
          .deleteFrom('request_logs')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('request_logs')
              .select('id')
              .where('timestamp', '<', cutoff)
              .limit(RETENTION_DELETE_BATCH),
          )
          .executeTakeFirst();
        const deleted = Number(result.numDeletedRows);
        total += deleted;
        if (deleted < RETENTION_DELETE_BATCH) {
          return total;
        }
      }
    },
  };
}

export type RequestLogsRepository = ReturnType<typeof createRequestLogsRepository>;
