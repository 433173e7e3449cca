import type { LogEntrySummary, LogFilter } from '@ehr-gateway/contracts';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';

import type { Db } from '../../db/database.js';

import type { Database, NewRequestLog, RequestLogsTable } from '../../db/schema.js';
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

/** Where an entry sits in the newest-first order: its timestamp in microseconds, then its id. */
export interface LogPosition {
  micros: string;
  id: string;
}

const STATUS_CLASS = /^([1-5])xx$/;

function filtered<O>(
  query: SelectQueryBuilder<Database, 'request_logs', O>,
  filter: LogFilter,
): SelectQueryBuilder<Database, 'request_logs', O> {
  let where = query;
  if (filter.endpoint) {
    const pattern = `%${escapeLike(filter.endpoint.toLowerCase())}%`;
    where = where.where(sql<boolean>`lower(endpoint) like ${pattern}`);
  }
  if (filter.source) {
    where = where.where('source', '=', filter.source);
  }
  if (filter.status) {
    const statusClass = STATUS_CLASS.exec(filter.status);
    where = statusClass
      ? where
          .where('status', '>=', Number(statusClass[1]) * 100)
          .where('status', '<', Number(statusClass[1]) * 100 + 100)
      : where.where('status', '=', Number(filter.status));
  }
  if (filter.method) {
    where = where.where('method', '=', filter.method);
  }
  if (filter.route) {
    where = where.where('route', '=', filter.route);
  }
  if (filter.apiKeyId) {
    where = where.where('api_key_id', '=', filter.apiKeyId);
  }
  if (filter.from) {
    where = where.where('timestamp', '>=', new Date(filter.from));
  }
  if (filter.to) {
    where = where.where('timestamp', '<', new Date(filter.to));
  }
  if (filter.minLatencyMs !== undefined) {
    where = where.where('response_time_ms', '>=', filter.minLatencyMs);
  }
  if (filter.requestId) {
    where = where.where('request_id', '=', filter.requestId);
  }
  return where;
}

/** Each column the writer fills, with its type: one array parameter per column (see insertRows). */
const INSERT_COLUMNS = [
  ['id', 'uuid'],
  ['request_id', 'text'],
  ['timestamp', 'timestamptz'],
  ['endpoint', 'text'],
  ['method', 'text'],
  ['status', 'int4'],
  ['response_time_ms', 'float8'],
  ['source', 'text'],
  ['api_key_id', 'uuid'],
  ['api_key_name', 'text'],
  ['request_data', 'jsonb'],
  ['response_data', 'jsonb'],
  ['response_truncated', 'bool'],
  ['error_message', 'text'],
  ['error_stack', 'text'],
  ['payload_capture', 'text'],
  ['request_data_sealed', 'text'],
  ['response_data_sealed', 'text'],
  ['route', 'text'],
  ['upstream_ms', 'float4'],
  ['trace_id', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof NewRequestLog, string]>;

type InsertColumn = (typeof INSERT_COLUMNS)[number][0];

function columnValue(entry: NewRequestLog, column: InsertColumn): unknown {
  const value = entry[column];
  if (column === 'payload_capture') {
    return value ?? 'full';
  }
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * One statement whatever the batch size: each column travels as one array and `unnest` turns
 * them back into rows, so PostgreSQL parses and plans 21 parameters instead of 21 per row.
 */
async function insertRows(db: Db, entries: NewRequestLog[]): Promise<Array<{ id: string }>> {
  const arrays = INSERT_COLUMNS.map(
    ([column, type]) =>
      sql`${entries.map((entry) => columnValue(entry, column))}::${sql.raw(type)}[]`,
  );
  const columns = INSERT_COLUMNS.map(([column]) => sql.id(column));
  const result = await sql<{ id: string }>`
    insert into request_logs (${sql.join(columns)})
    select * from unnest(${sql.join(arrays)})
    on conflict (id) do nothing
    returning id`.execute(db);
  return result.rows;
}

export function createRequestLogsRepository(db: Db) {
  return {
    /** Stores the entries not stored yet; answers those it stored. */
    async insertMany(entries: NewRequestLog[]): Promise<NewRequestLog[]> {
      if (entries.length === 0) {
        return [];
      }
      // Entries replayed from the spool may already be in: their ids make the replay a no-op.
      const inserted = await insertRows(db, entries);
      if (inserted.length === entries.length) {
        return entries;
      }
      const ids = new Set(inserted.map((row) => row.id));
      return entries.filter((entry) => ids.has(entry.id));
    },

    /**
     * Newest first, `limit` entries from the position after `before` (keyset: timestamp to the
     * microsecond, then id), so a page is as fast at the millionth entry as at the first.
     */
    async page(
      filter: LogFilter & { before?: LogPosition; limit: number },
    ): Promise<Array<LogEntrySummary & { position: LogPosition; requestId: string }>> {
      let query = filtered(db.selectFrom('request_logs'), filter).select([
        ...SUMMARY_COLUMNS,
        'request_id',
        sql<string>`(extract(epoch from timestamp) * 1000000)::bigint::text`.as('micros'),
      ]);
      if (filter.before) {
        query = query.where(
          sql<boolean>`(timestamp, id) < (timestamptz 'epoch' + ${filter.before.micros}::bigint * interval '1 microsecond', ${filter.before.id}::uuid)`,
        );
      }
      const rows = await query
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        timestamp: row.timestamp.toISOString(),
        endpoint: row.endpoint,
        method: row.method,
        status: row.status,
        responseTime: row.response_time_ms,
        source: row.source,
        apiKeyName: row.api_key_name,
        requestId: row.request_id,
        position: { micros: row.micros, id: row.id },
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

    /**
     * Planner statistics for the filters' indexes. PGlite has no autovacuum, and after a day's
     * inserts and the retention deletes stale statistics can make combined filters scan the table.
     */
    async refreshStatistics(): Promise<void> {
      await sql`analyze request_logs`.execute(db);
    },
  };
}

export type RequestLogsRepository = ReturnType<typeof createRequestLogsRepository>;
