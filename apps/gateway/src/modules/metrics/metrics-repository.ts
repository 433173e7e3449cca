import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { ALL, type RollupGranularity, type RollupRow, type RollupView } from './request-rollup.js';

/** Trailing empty buckets are left off: most rows hold fast requests, and sums pad with zeros. */
const histogramLiteral = (counts: readonly number[]) => {
  let length = counts.length;
  while (length > 1 && counts[length - 1] === 0) {
    length -= 1;
  }
  return sql<number[]>`${`{${counts.slice(0, length).join(',')}}`}::integer[]`;
};

/** Adds two stored histograms bucket by bucket (a shorter one counts as zeros). */
const summedHistogram = (column: 'latency_histogram' | 'upstream_histogram') =>
  sql<
    number[]
  >`array(select coalesce(a, 0) + coalesce(b, 0) from unnest(request_rollups.${sql.ref(column)}, excluded.${sql.ref(column)}) with ordinality as t(a, b, i) order by i)`;

/** A stored rollup as read back: the sums of durations are left out (the histograms hold them). */
export type StoredRollup = Omit<RollupRow, 'granularity' | 'totalMs' | 'upstreamMs'>;

export function createMetricsRepository(db: Db) {
  return {
    /** Adds each row to the stored one with its key, or stores it; `tx` is the log batch's transaction. */
    async add(rows: readonly RollupRow[], tx: Db = db): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await tx
        .insertInto('request_rollups')
        .values(
          rows.map((row) => ({
            granularity: row.granularity,
            bucket_start: row.bucketStart,
            source: row.source,
            route: row.route,
            method: row.method,
            status_class: row.statusClass,
            api_key_id: row.apiKeyId,
            count: row.count,
            rate_limited: row.rateLimited,
            total_ms: row.totalMs,
            upstream_count: row.upstreamCount,
            upstream_ms: row.upstreamMs,
            latency_histogram: histogramLiteral(row.latencyHistogram),
            upstream_histogram: histogramLiteral(row.upstreamHistogram),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns([
              'granularity',
              'bucket_start',
              'source',
              'route',
              'method',
              'status_class',
              'api_key_id',
            ])
            .doUpdateSet({
              count: sql`request_rollups.count + excluded.count`,
              rate_limited: sql`request_rollups.rate_limited + excluded.rate_limited`,
              total_ms: sql`request_rollups.total_ms + excluded.total_ms`,
              upstream_count: sql`request_rollups.upstream_count + excluded.upstream_count`,
              upstream_ms: sql`request_rollups.upstream_ms + excluded.upstream_ms`,
              latency_histogram: summedHistogram('latency_histogram'),
              upstream_histogram: summedHistogram('upstream_histogram'),
            }),
        )
        .execute();
    },

    /** The rows of one granularity whose buckets start in [from, to). */
    async rows(
      granularity: RollupGranularity,
      view: RollupView,
      from: Date,
      to: Date,
      source?: string,
    ): Promise<StoredRollup[]> {
      let query = db
        .selectFrom('request_rollups')
        .select([
          'bucket_start',
          'source',
          'route',
          'method',
          'status_class',
          'api_key_id',
          'count',
          'rate_limited',
          'upstream_count',
          'latency_histogram',
          'upstream_histogram',
        ])
        .where('granularity', '=', granularity)
        .where(view === 'route' ? 'api_key_id' : 'route', '=', ALL)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to);
      if (source) {
        query = query.where('source', '=', source);
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        bucketStart: new Date(row.bucket_start),
        source: row.source,
        route: row.route,
        method: row.method,
        statusClass: row.status_class,
        apiKeyId: row.api_key_id,
        count: row.count,
        rateLimited: row.rate_limited,
        upstreamCount: row.upstream_count,
        latencyHistogram: row.latency_histogram,
        upstreamHistogram: row.upstream_histogram,
      }));
    },

    /** Requests and 5xx answers in minute rollups since `from`. */
    async trafficSince(from: Date): Promise<{ count: number; serverErrors: number }> {
      const row = await db
        .selectFrom('request_rollups')
        .select([
          sql<string>`coalesce(sum(count), 0)`.as('count'),
          sql<string>`coalesce(sum(count) filter (where status_class = '5xx'), 0)`.as(
            'server_errors',
          ),
        ])
        .where('granularity', '=', 'minute')
        .where('api_key_id', '=', ALL)
        .where('bucket_start', '>=', from)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), serverErrors: Number(row.server_errors) };
    },

    /** Names of the given API keys (revoked ones too: their rows stay for the logs' sake). */
    async keyNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Deletes rows of a granularity whose buckets started before `before`. */
    async purge(granularity: RollupGranularity, before: Date): Promise<number> {
      const result = await db
        .deleteFrom('request_rollups')
        .where('granularity', '=', granularity)
        .where('bucket_start', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
