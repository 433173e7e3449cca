import {
  LOG_SOURCE_LABELS,
  type LogSource,
  METRIC_INTERVALS,
  METRIC_MAX_POINTS,
  METRIC_MAX_WINDOW_DAYS,
  type MetricFigures,
  type MetricGroup,
  type MetricGroupFigures,
  type MetricInterval,
  type MetricPoint,
  type MetricsQuery,
  type MetricsResponse,
} from '@ehr-gateway/contracts';

import { validationError } from '../../lib/http-errors.js';
import { addHistogram, emptyHistogram, histogramQuantile } from '../../lib/latency-histogram.js';
import type { MetricsRepository, StoredRollup } from './metrics-repository.js';
import {
  bucketStartOf,
  ROLLUP_GRANULARITIES,
  ROLLUP_RETENTION_MS,
  rollUp,
  type RollupGranularity,
} from './request-rollup.js';
import type { NewRequestLog } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

/** The interval a window is drawn at when the query names none: the finest with ≤ 60 points. */
const DEFAULT_POINTS = 60;
const DEFAULT_WINDOW_MS = 3_600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_GROUPS = 100;

const STATUS_CLASS_LABELS: Record<string, string> = {
  '1xx': '1xx Informational',
  '2xx': '2xx Success',
  '3xx': '3xx Redirect',
  '4xx': '4xx Client error',
  '5xx': '5xx Server error',
};

/** A running sum of rollup rows: what one point, group or window adds up to. */
class Tally {
  count = 0;
  clientErrors = 0;
  serverErrors = 0;
  rateLimited = 0;
  upstreamCount = 0;
  readonly latency = emptyHistogram();
  readonly upstream = emptyHistogram();

  add(row: StoredRollup) {
    this.count += row.count;
    if (row.statusClass === '4xx') {
      this.clientErrors += row.count;
    } else if (row.statusClass === '5xx') {
      this.serverErrors += row.count;
    }
    this.rateLimited += row.rateLimited;
    this.upstreamCount += row.upstreamCount;
    addHistogram(this.latency, row.latencyHistogram);
    addHistogram(this.upstream, row.upstreamHistogram);
  }

  figures(): MetricFigures {
    const errors = this.clientErrors + this.serverErrors;
    return {
      count: this.count,
      errors,
      clientErrors: this.clientErrors,
      serverErrors: this.serverErrors,
      rateLimited: this.rateLimited,
      errorRate: this.count === 0 ? 0 : Math.round((errors / this.count) * 10_000) / 10_000,
      latency: percentiles(this.latency),
      upstream: { count: this.upstreamCount, ...percentiles(this.upstream) },
    };
  }
}

const percentiles = (histogram: readonly number[]) => ({
  p50: histogramQuantile(histogram, 0.5),
  p95: histogramQuantile(histogram, 0.95),
  p99: histogramQuantile(histogram, 0.99),
});

/** The rollups an interval is summed from: the coarsest that still divides it. */
function granularityFor(intervalSeconds: number): RollupGranularity {
  if (intervalSeconds % 86_400 === 0) {
    return 'day';
  }
  return intervalSeconds % 3_600 === 0 ? 'hour' : 'minute';
}

function defaultInterval(windowSeconds: number): MetricInterval {
  const intervals = Object.entries(METRIC_INTERVALS) as Array<[MetricInterval, number]>;
  return (
    intervals.find(([, seconds]) => Math.floor(windowSeconds / seconds) <= DEFAULT_POINTS)?.[0] ??
    '1d'
  );
}

function groupKeyOf(row: StoredRollup, groupBy: MetricGroup): string {
  switch (groupBy) {
    case 'source':
      return row.source;
    case 'route':
      return `${row.method} ${row.route}`;
    case 'key':
      return row.apiKeyId;
    case 'status':
      return row.statusClass;
  }
}

/** The window a query asks for, cut into whole intervals; one too wide or too fine is refused. */
function queryWindow(query: MetricsQuery, at: Date) {
  const requestedTo = query.to ? Date.parse(query.to) : at.getTime();
  const requestedFrom = query.from ? Date.parse(query.from) : requestedTo - DEFAULT_WINDOW_MS;
  const windowSeconds = (requestedTo - requestedFrom) / 1000;
  if (windowSeconds > METRIC_MAX_WINDOW_DAYS * 86_400) {
    throw validationError('from', `the window may cover at most ${METRIC_MAX_WINDOW_DAYS} days`);
  }
  const interval = query.interval ?? defaultInterval(windowSeconds);
  const intervalMs = METRIC_INTERVALS[interval] * 1000;
  const from = bucketStartOf(requestedFrom, intervalMs);
  const to = Math.max(from + intervalMs, -bucketStartOf(-requestedTo, intervalMs));
  const points = (to - from) / intervalMs;
  if (points > METRIC_MAX_POINTS) {
    throw validationError(
      'interval',
      `${interval} cuts this window into ${points} points; the most is ${METRIC_MAX_POINTS}`,
    );
  }
  return { from, to, interval, intervalMs, points };
}

interface GroupTally {
  /** A row of the group, for the labels its key alone does not give (method, route). */
  sample: StoredRollup;
  totals: Tally;
  points: Map<number, Tally>;
}

/** The window's rows summed: in total, per point, and per group and point when grouped. */
function tallyRows(
  rows: StoredRollup[],
  window: { from: number; intervalMs: number; points: number },
  groupBy: MetricGroup | undefined,
) {
  const totals = new Tally();
  const pointTallies = Array.from({ length: window.points }, () => new Tally());
  const groups = new Map<string, GroupTally>();
  for (const row of rows) {
    const index = Math.floor((row.bucketStart.getTime() - window.from) / window.intervalMs);
    totals.add(row);
    pointTallies[index]?.add(row);
    if (groupBy) {
      const key = groupKeyOf(row, groupBy);
      let group = groups.get(key);
      if (!group) {
        group = { sample: row, totals: new Tally(), points: new Map() };
        groups.set(key, group);
      }
      group.totals.add(row);
      let point = group.points.get(index);
      if (!point) {
        point = new Tally();
        group.points.set(index, point);
      }
      point.add(row);
    }
  }
  return { totals, pointTallies, groups };
}

/** What a group is called on screen: a source's name, a route, a key's name, a status class. */
function groupLabel(
  groupBy: MetricGroup | undefined,
  key: string,
  sample: StoredRollup,
  keyNames: Map<string, string>,
): string {
  switch (groupBy) {
    case 'source':
      return LOG_SOURCE_LABELS[key as LogSource] ?? key;
    case 'route':
      return `${sample.method} ${sample.route || '(no matching route)'}`;
    case 'key':
      return key === '' ? 'No API key' : (keyNames.get(key) ?? 'Deleted key');
    default:
      return STATUS_CLASS_LABELS[key] ?? key;
  }
}

export function createMetricsService({
  repository,
  now = () => new Date(),
}: {
  repository: MetricsRepository;
  now?: () => Date;
}) {
  return {
    /** Adds a written batch of log entries to the rollups, in the batch's transaction. */
    async addRequests(entries: readonly NewRequestLog[], tx: Db): Promise<void> {
      await repository.add(rollUp(entries), tx);
    },

    async query(query: MetricsQuery): Promise<MetricsResponse> {
      const window = queryWindow(query, now());
      const { from, to, interval, intervalMs, points } = window;
      const granularity = granularityFor(METRIC_INTERVALS[interval]);
      const span = to - from;
      const view = query.groupBy === 'key' ? 'key' : 'route';
      const [rows, previousRows] = await Promise.all([
        repository.rows(granularity, view, new Date(from), new Date(to), query.source),
        repository.rows(granularity, view, new Date(from - span), new Date(from), query.source),
      ]);
      const previous = new Tally();
      for (const row of previousRows) {
        previous.add(row);
      }
      const { totals, pointTallies, groups } = tallyRows(rows, window, query.groupBy);

      const startOf = (index: number) => new Date(from + index * intervalMs).toISOString();
      const emptyFigures = new Tally().figures();
      const busiest = [...groups.entries()]
        .sort(([, a], [, b]) => b.totals.count - a.totals.count)
        .slice(0, MAX_GROUPS);
      const keyNames =
        query.groupBy === 'key'
          ? await repository.keyNames(busiest.map(([key]) => key).filter((key) => UUID.test(key)))
          : new Map<string, string>();

      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        interval,
        groupBy: query.groupBy ?? null,
        totals: totals.figures(),
        previous: previous.figures(),
        series: pointTallies.map((tally, index) => ({ start: startOf(index), ...tally.figures() })),
        groups: busiest.map(([key, group]): MetricGroupFigures => ({
          key,
          label: groupLabel(query.groupBy, key, group.sample, keyNames),
          ...(query.groupBy === 'route'
            ? { method: group.sample.method, route: group.sample.route }
            : {}),
          totals: group.totals.figures(),
          series: Array.from({ length: points }, (_, index): MetricPoint => ({
            start: startOf(index),
            ...(group.points.get(index)?.figures() ?? emptyFigures),
          })),
        })),
      };
    },

    /** Requests and 5xx answers in the last `minutes` whole minutes and the current one. */
    recentTraffic(minutes: number): Promise<{ count: number; serverErrors: number }> {
      const currentMinute = Math.floor(now().getTime() / 60_000) * 60_000;
      return repository.trafficSince(new Date(currentMinute - minutes * 60_000));
    },

    /** Deletes rollups past their granularity's retention. */
    async purgeExpired(): Promise<void> {
      const at = now().getTime();
      for (const granularity of ROLLUP_GRANULARITIES) {
        await repository.purge(granularity, new Date(at - ROLLUP_RETENTION_MS[granularity]));
      }
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
