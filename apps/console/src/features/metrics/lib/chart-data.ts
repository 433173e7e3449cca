import { METRIC_STATUS_CLASSES, type MetricsResponse } from '@ehr-gateway/contracts';

export type ChartRow = { start: string } & Record<string, number | string | null>;

export interface StackedSeries {
  rows: ChartRow[];
  /** The stacks, in drawing order, with what a legend says of each. */
  keys: Array<{ key: string; label: string }>;
}

/** Requests per interval, one stack per status class (from a response grouped by status). */
export function requestsByStatus(response: MetricsResponse): StackedSeries {
  const groups = METRIC_STATUS_CLASSES.flatMap((statusClass) => {
    const group = response.groups.find((candidate) => candidate.key === statusClass);
    return group ? [group] : [];
  });
  return {
    keys: groups.map((group) => ({ key: group.key, label: group.key })),
    rows: response.series.map((point, index) => {
      const row: ChartRow = { start: point.start };
      for (const group of groups) {
        row[group.key] = group.series[index]?.count ?? 0;
      }
      return row;
    }),
  };
}

/** Errors (4xx and 5xx) per interval, one stack per source (from a response grouped by source). */
export function errorsBySource(response: MetricsResponse): StackedSeries {
  const groups = response.groups.filter((group) => group.totals.errors > 0);
  return {
    keys: groups.map((group) => ({ key: group.key, label: group.label })),
    rows: response.series.map((point, index) => {
      const row: ChartRow = { start: point.start };
      for (const group of groups) {
        row[group.key] = group.series[index]?.errors ?? 0;
      }
      return row;
    }),
  };
}

/** p50, p95 and p99 per interval, of the whole request or of the time spent upstream. */
export function latencyRows(response: MetricsResponse, part: 'latency' | 'upstream'): ChartRow[] {
  return response.series.map((point) => ({
    start: point.start,
    p50: point[part].p50,
    p95: point[part].p95,
    p99: point[part].p99,
  }));
}
