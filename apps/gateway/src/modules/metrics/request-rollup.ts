import type { NewRequestLog, RequestRollupsTable } from '../../db/schema.js';
import { emptyHistogram, latencyBucketOf } from '../../lib/latency-histogram.js';

export type RollupGranularity = RequestRollupsTable['granularity'];
export const ROLLUP_GRANULARITIES: readonly RollupGranularity[] = ['minute', 'hour', 'day'];

const GRANULARITY_MS: Record<RollupGranularity, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** How long each granularity is kept. */
export const ROLLUP_RETENTION_MS: Record<RollupGranularity, number> = {
  minute: 2 * 86_400_000,
  hour: 90 * 86_400_000,
  day: 731 * 86_400_000,
};

export interface RollupRow {
  granularity: RollupGranularity;
  bucketStart: Date;
  source: string;
  route: string;
  method: string;
  statusClass: string;
  apiKeyId: string;
  count: number;
  rateLimited: number;
  totalMs: number;
  upstreamCount: number;
  upstreamMs: number;
  latencyHistogram: number[];
  upstreamHistogram: number[];
}

/** The UTC start of the bucket of the given size that holds `epochMs`. */
export const bucketStartOf = (epochMs: number, sizeMs: number) =>
  Math.floor(epochMs / sizeMs) * sizeMs;

export const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/** Stands for "every value" in a rollup dimension a view adds up (never a route, method or key id). */
export const ALL = '*';

/**
 * The two views every request is counted in. Keeping both routes and keys in one row would make a
 * row per route × key × status class and bucket, and a month's query would read hundreds of
 * thousands of them; each view has a few dozen per bucket.
 */
export const ROLLUP_VIEWS = {
  /** By source, route template, method and status class, all keys together. */
  route: { routeOf: (route: string) => route, keyOf: () => ALL },
  /** By source, key and status class, all routes together. */
  key: { routeOf: () => ALL, keyOf: (key: string) => key },
} as const;
export type RollupView = keyof typeof ROLLUP_VIEWS;

/**
 * A batch of request-log entries as rollup rows: for each granularity and view, one row per key the
 * batch touches, each to be added to whatever the database already holds for that key. Hour and day
 * rows are summed from the same entries as the minute ones, so every granularity agrees without a
 * compaction job. Rows come sorted by key, so concurrent writers lock them in the same order.
 */
export function rollUp(entries: readonly NewRequestLog[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const entry of entries) {
    const at = new Date(entry.timestamp).getTime();
    const statusClass = statusClassOf(entry.status);
    for (const view of Object.values(ROLLUP_VIEWS)) {
      const route = view.routeOf(entry.route ?? '');
      const method = route === ALL ? ALL : entry.method;
      const apiKeyId = view.keyOf(entry.api_key_id ?? '');
      for (const granularity of ROLLUP_GRANULARITIES) {
        const bucketStart = bucketStartOf(at, GRANULARITY_MS[granularity]);
        const key = [
          granularity,
          bucketStart,
          entry.source,
          route,
          method,
          statusClass,
          apiKeyId,
        ].join('\u0000');
        let row = rows.get(key);
        if (!row) {
          row = {
            granularity,
            bucketStart: new Date(bucketStart),
            source: entry.source,
            route,
            method,
            statusClass,
            apiKeyId,
            count: 0,
            rateLimited: 0,
            totalMs: 0,
            upstreamCount: 0,
            upstreamMs: 0,
            latencyHistogram: emptyHistogram(),
            upstreamHistogram: emptyHistogram(),
          };
          rows.set(key, row);
        }
        row.count += 1;
        row.rateLimited += entry.status === 429 ? 1 : 0;
        row.totalMs += entry.response_time_ms;
        row.latencyHistogram[latencyBucketOf(entry.response_time_ms)]! += 1;
        if (entry.upstream_ms !== null && entry.upstream_ms !== undefined) {
          row.upstreamCount += 1;
          row.upstreamMs += entry.upstream_ms;
          row.upstreamHistogram[latencyBucketOf(entry.upstream_ms)]! += 1;
        }
      }
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
