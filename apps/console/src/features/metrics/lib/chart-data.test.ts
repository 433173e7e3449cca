import type { MetricFigures, MetricsResponse } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { errorsBySource, latencyRows, requestsByStatus } from './chart-data';

const figures = (count: number, errors = 0, p95: number | null = null): MetricFigures => ({
  count,
  errors,
  clientErrors: errors,
  serverErrors: 0,
  rateLimited: 0,
  errorRate: count ? errors / count : 0,
  latency: { p50: p95, p95, p99: p95 },
  upstream: { count: 0, p50: null, p95: null, p99: null },
});

const starts = ['2026-11-25T10:00:00.000Z', '2026-11-25T10:01:00.000Z'];
const response = (groups: MetricsResponse['groups']): MetricsResponse => ({
  from: starts[0]!,
  to: '2026-11-25T10:02:00.000Z',
  interval: '1m',
  groupBy: 'status',
  totals: figures(5),
  previous: figures(0),
  series: [
    { start: starts[0]!, ...figures(3, 1, 12) },
    { start: starts[1]!, ...figures(2, 0, 40) },
  ],
  groups,
});
const group = (key: string, label: string, counts: Array<[number, number]>) => ({
  key,
  label,
  totals: figures(
    counts.reduce((sum, [count]) => sum + count, 0),
    counts.reduce((sum, [, errors]) => sum + errors, 0),
  ),
  series: counts.map(([count, errors], index) => ({
    start: starts[index]!,
    ...figures(count, errors),
  })),
});

describe('chart data', () => {
  it('stacks requests by status class in class order, whatever order groups come in', () => {
    const stacked = requestsByStatus(
      response([
        group('4xx', '4xx Client error', [
          [1, 1],
          [0, 0],
        ]),
        group('2xx', '2xx Success', [
          [2, 0],
          [2, 0],
        ]),
      ]),
    );
    expect(stacked.keys.map((key) => key.key)).toEqual(['2xx', '4xx']);
    expect(stacked.rows).toEqual([
      { start: starts[0], '2xx': 2, '4xx': 1 },
      { start: starts[1], '2xx': 2, '4xx': 0 },
    ]);
  });

  it('stacks errors by source, leaving out sources without errors', () => {
    const stacked = errorsBySource(
      response([
        group('mock', 'Mock EHR', [
          [3, 1],
          [2, 0],
        ]),
        group('utility', 'Utility', [
          [1, 0],
          [1, 0],
        ]),
      ]),
    );
    expect(stacked.keys).toEqual([{ key: 'mock', label: 'Mock EHR' }]);
    expect(stacked.rows[0]).toEqual({ start: starts[0], mock: 1 });
  });

  it('reads percentiles per interval', () => {
    expect(latencyRows(response([]), 'latency')[1]).toEqual({
      start: starts[1],
      p50: 40,
      p95: 40,
      p99: 40,
    });
    expect(latencyRows(response([]), 'upstream')[0]).toMatchObject({ p95: null });
  });
});
