import { describe, expect, it } from 'vitest';

import type { NewRequestLog } from '../../db/schema.js';
import { latencyBucketOf } from '../../lib/latency-histogram.js';
import { ALL, rollUp } from './request-rollup.js';

const entry = (overrides: Partial<NewRequestLog>): NewRequestLog => ({
  id: crypto.randomUUID(),
  request_id: 'r',
  timestamp: '2026-11-25T10:15:30.123456Z',
  endpoint: '/api/12345/patients',
  route: '/api/{practiceId}/patients',
  method: 'GET',
  status: 200,
  response_time_ms: 12,
  upstream_ms: null,
  source: 'mock',
  api_key_id: 'key-1',
  api_key_name: 'client',
  request_data: '{}',
  response_data: null,
  response_truncated: false,
  error_message: null,
  error_stack: null,
  request_data_sealed: null,
  response_data_sealed: null,
  ...overrides,
});

describe('rollUp', () => {
  it('adds a batch into one row per granularity and key, with histograms and 429s', () => {
    const rows = rollUp([
      entry({ response_time_ms: 4 }),
      entry({ response_time_ms: 40, upstream_ms: 30, timestamp: '2026-11-25T10:15:59.999Z' }),
      entry({ status: 429, response_time_ms: 1 }),
      entry({ timestamp: '2026-11-25T10:16:00.000Z' }),
    ]);
    const byRoute = rows.filter((row) => row.apiKeyId === ALL);
    // The key view counts the same requests again, all routes together.
    expect(rows.filter((row) => row.route === ALL).map((row) => row.count)).toEqual(
      byRoute.map((row) => row.count),
    );
    const minute = byRoute.filter((row) => row.granularity === 'minute');
    expect(
      minute.map((row) => [row.bucketStart.toISOString(), row.statusClass, row.count]),
    ).toEqual([
      ['2026-11-25T10:15:00.000Z', '2xx', 2],
      ['2026-11-25T10:15:00.000Z', '4xx', 1],
      ['2026-11-25T10:16:00.000Z', '2xx', 1],
    ]);
    const hour = byRoute.filter((row) => row.granularity === 'hour');
    expect(hour.map((row) => [row.bucketStart.toISOString(), row.statusClass, row.count])).toEqual([
      ['2026-11-25T10:00:00.000Z', '2xx', 3],
      ['2026-11-25T10:00:00.000Z', '4xx', 1],
    ]);
    const day = byRoute.filter((row) => row.granularity === 'day');
    expect(day.map((row) => row.bucketStart.toISOString())).toEqual([
      '2026-11-25T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
    ]);
    const busy = minute[0]!;
    expect(busy.latencyHistogram[latencyBucketOf(4)]).toBe(1);
    expect(busy.latencyHistogram[latencyBucketOf(40)]).toBe(1);
    expect(busy.upstreamCount).toBe(1);
    expect(busy.upstreamHistogram[latencyBucketOf(30)]).toBe(1);
    expect(minute[1]!.rateLimited).toBe(1);
  });

  it('keys rows by source and route template and method, or by source and key; never by the raw path', () => {
    const rows = rollUp([
      entry({ endpoint: '/api/1/patients' }),
      entry({ endpoint: '/api/2/patients' }),
      entry({ route: null, endpoint: '/api/2/nowhere', status: 404, api_key_id: null }),
      entry({ source: 'athena', method: 'POST' }),
    ]).filter((row) => row.granularity === 'minute');
    expect(rows.map((row) => [row.source, row.method, row.route, row.apiKeyId, row.count])).toEqual(
      [
        ['athena', ALL, ALL, 'key-1', 1],
        ['athena', 'POST', '/api/{practiceId}/patients', ALL, 1],
        ['mock', 'GET', '', ALL, 1],
        ['mock', ALL, ALL, 'key-1', 2],
        ['mock', ALL, ALL, '', 1],
        ['mock', 'GET', '/api/{practiceId}/patients', ALL, 2],
      ],
    );
    expect(JSON.stringify(rows)).not.toContain('/api/1/');
  });
});
