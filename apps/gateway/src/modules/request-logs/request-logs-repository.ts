import type { LogEntryDetail, LogEntrySummary, LogListQuery } from '@ehr-gateway/contracts';
import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { NewRequestLog } from '../../db/schema.js';

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const RETENTION_DELETE_BATCH = 10_000;

export function createRequestLogsRepository(db: Db) {
  return {
    async insertMany(entries: NewRequestLog[]): Promise<void> {
      if (entries.length > 0) {
        await db.insertInto('request_logs').values(entries).execute();
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

    async get(id: string): Promise<LogEntryDetail | undefined> {
      const row = await db
        .selectFrom('request_logs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) {
        return undefined;
      }
      return {
        id: row.id,
        requestId: row.request_id,
        timestamp: row.timestamp.toISOString(),
        endpoint: row.endpoint,
        method: row.method,
        status: row.status,
        responseTime: row.response_time_ms,
        source: row.source,
        apiKeyId: row.api_key_id,
        apiKeyName: row.api_key_name,
        requestData: row.request_data as LogEntryDetail['requestData'],
        responseData: row.response_data ?? null,
        responseTruncated: row.response_truncated,
        error: row.error_message
          ? { message: row.error_message, ...(row.error_stack ? { stack: row.error_stack } : {}) }
          : null,
      };
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
