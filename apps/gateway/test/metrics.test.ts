import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MetricsResponse } from '@ehr-gateway/contracts';

import { createRequestLogsRepository } from '../src/modules/request-logs/request-logs-repository.js';
import { parseExposition } from './exposition-format.js';
import { adminRequest, createApiKey, databaseTargets, useGateway } from './helpers.js';

const SECRET = 'sandbox-secret-value-0123';
const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

const sandbox: FastifyInstance = buildSandbox({ clientSecret: SECRET, tokenLimitPerMinute: 1000 });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => sandbox.close());
const address = sandbox.server.address();
const athena = {
  baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  clientId: 'sandbox-client',
  clientSecret: SECRET,
  practiceId: '195900',
};

describe.each(databaseTargets)('traffic metrics on $name', (target) => {
  const gw = useGateway(target, {
    apiKeyName: 'metrics client',
    settings: { athena, metricsToken: METRICS_TOKEN },
  });
  let startedAt: Date;
  let otherKey: { id: string; key: string };

  beforeAll(async () => {
    startedAt = new Date();
    otherKey = await createApiKey(gw.app, gw.cookie, { name: 'second client' });
    const call = (url: string, key: string | null = gw.key) =>
      gw.app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key } : {} });
    for (let index = 0; index < 6; index += 1) {
      expect((await call('/utility/datetime')).statusCode).toBe(200);
    }
    expect((await call('/api/12345/patients?source=mock&limit=5', otherKey.key)).statusCode).toBe(
      200,
    );
    expect((await call('/api/195900/departments?source=athena')).statusCode).toBe(200);
    expect((await call('/api/195900/providers?source=athena')).statusCode).toBe(200);
    expect((await call('/api/12345/no-such-route?source=mock')).statusCode).toBe(404);
    expect((await call('/utility/datetime', null)).statusCode).toBe(401);
    await gw.app.requestLogWriter.flush();
  }, 60_000);

  const metrics = async (query: string) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/metrics?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MetricsResponse;
  };
  const lastHour = () =>
    `from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`;

  it('counts every request of the window, with errors, percentiles and an empty previous window', async () => {
    const result = await metrics(lastHour());
    expect(result.interval).toBe('1m');
    expect(result.totals).toMatchObject({
      count: 11,
      errors: 2,
      clientErrors: 2,
      serverErrors: 0,
      rateLimited: 0,
    });
    expect(result.totals.errorRate).toBeCloseTo(2 / 11, 3);
    const { p50, p95, p99 } = result.totals.latency;
    expect(p50).toBeGreaterThan(0);
    expect(p95!).toBeGreaterThanOrEqual(p50!);
    expect(p99!).toBeGreaterThanOrEqual(p95!);
    // Only the athena calls waited on an upstream.
    expect(result.totals.upstream.count).toBe(2);
    expect(result.totals.upstream.p50).toBeGreaterThan(0);
    expect(result.previous.count).toBe(0);
    expect(result.series).toHaveLength(61);
    expect(result.series.reduce((sum, point) => sum + point.count, 0)).toBe(11);
  });

  it('groups by route template (never the raw path), source, API key and status class', async () => {
    const byRoute = await metrics(`${lastHour()}&groupBy=route`);
    expect(byRoute.groups.map((group) => group.key)).toEqual(
      expect.arrayContaining([
        'GET /utility/datetime',
        'GET /api/{practiceId}/patients',
        'GET /api/{practiceId}/departments',
        'GET /api/{practiceId}/providers',
        'GET ',
      ]),
    );
    expect(JSON.stringify(byRoute)).not.toContain('/api/12345');
    expect(byRoute.groups[0]).toMatchObject({
      key: 'GET /utility/datetime',
      method: 'GET',
      route: '/utility/datetime',
      totals: { count: 7, errors: 1 },
    });

    const bySource = await metrics(`${lastHour()}&groupBy=source`);
    expect(
      Object.fromEntries(bySource.groups.map((group) => [group.label, group.totals.count])),
    ).toEqual({ Utility: 7, 'Mock EHR': 2, 'Athena EHR': 2 });
    const athenaGroup = bySource.groups.find((group) => group.key === 'athena')!;
    expect(athenaGroup.totals.upstream.count).toBe(2);
    expect(athenaGroup.series.reduce((sum, point) => sum + point.count, 0)).toBe(2);

    const byKey = await metrics(`${lastHour()}&groupBy=key`);
    expect(
      Object.fromEntries(byKey.groups.map((group) => [group.label, group.totals.count])),
    ).toEqual({ 'metrics client': 9, 'second client': 1, 'No API key': 1 });

    const byStatus = await metrics(`${lastHour()}&groupBy=status`);
    expect(
      Object.fromEntries(byStatus.groups.map((group) => [group.key, group.totals.count])),
    ).toEqual({ '2xx': 9, '4xx': 2 });
  });

  it('lets the Logs screen filter by a route the metrics name', async () => {
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs?route=${encodeURIComponent('/api/{practiceId}/patients')}&method=GET`,
    });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().logs).toMatchObject([{ endpoint: '/api/12345/patients', source: 'mock' }]);
  });

  it('filters by source and reads hourly and daily rollups for wider intervals', async () => {
    const athenaOnly = await metrics(`${lastHour()}&source=athena`);
    expect(athenaOnly.totals.count).toBe(2);
    for (const interval of ['1h', '1d']) {
      const coarse = await metrics(`${lastHour()}&interval=${interval}`);
      expect(coarse.totals.count).toBe(11);
      expect(coarse.totals.latency).toEqual((await metrics(lastHour())).totals.latency);
    }
  });

  it('answers the window before as previous, and nothing for a window without traffic', async () => {
    const hour = Math.floor(startedAt.getTime() / 3_600_000) * 3_600_000;
    const window = (fromHour: number) =>
      metrics(
        `from=${new Date(hour + fromHour * 3_600_000).toISOString()}&to=${new Date(hour + (fromHour + 1) * 3_600_000).toISOString()}&interval=1h`,
      );
    const next = await window(1);
    expect(next.previous.count).toBeGreaterThan(0);
    expect(next.previous.count + next.totals.count).toBe(11);
    const quiet = await window(5);
    expect(quiet.totals).toMatchObject({ count: 0, errorRate: 0, latency: { p50: null } });
    expect(quiet.series).toHaveLength(1);
    expect(quiet.groups).toEqual([]);
  });

  it.each([
    ['to before from', `from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, 'to'],
    [
      'an interval too fine for the window',
      `from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&interval=1m`,
      'interval',
    ],
    ['a window past two years', `from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, 'from'],
    ['an unknown grouping', `from=2026-01-01T00:00:00Z&groupBy=patient`, 'groupBy'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/metrics?${query}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('stores a replayed entry once, so the rollups count it once', async () => {
    const repository = createRequestLogsRepository(gw.storage.db);
    const replayed = {
      id: crypto.randomUUID(),
      request_id: 'replayed',
      timestamp: new Date().toISOString(),
      endpoint: '/utility/datetime',
      route: '/utility/datetime',
      method: 'GET',
      status: 200,
      response_time_ms: 1,
      source: 'utility',
      request_data: '{}',
      response_truncated: false,
      payload_capture: 'metadata',
    };
    expect(await repository.insertMany([replayed])).toHaveLength(1);
    expect(await repository.insertMany([replayed])).toEqual([]);
  });

  describe('Prometheus exposition', () => {
    const scrape = (authorization?: string) =>
      gw.app.inject({
        method: 'GET',
        url: '/admin/metrics/prometheus',
        headers: authorization ? { authorization } : {},
      });

    it('answers a scraper with METRICS_TOKEN in the strict text format', async () => {
      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.headers['content-type']).toContain('version=0.0.4');
      const { types, samples } = parseExposition(response.body);
      expect(types.get('ehr_gateway_requests_total')).toBe('counter');
      expect(types.get('ehr_gateway_request_duration_seconds')).toBe('histogram');
      expect(types.get('ehr_gateway_process_cpu_user_seconds_total')).toBe('counter');
      const requests = samples.filter((sample) => sample.name === 'ehr_gateway_requests_total');
      expect(requests.reduce((sum, sample) => sum + sample.value, 0)).toBe(11);
      expect(requests).toContainEqual({
        name: 'ehr_gateway_requests_total',
        labels: {
          source: 'mock',
          route: '/api/{practiceId}/patients',
          method: 'GET',
          status_class: '2xx',
        },
        value: 1,
      });
      const upstream = samples.find(
        (sample) =>
          sample.name === 'ehr_gateway_upstream_duration_seconds_count' &&
          sample.labels.route === '/api/{practiceId}/departments',
      );
      expect(upstream?.value).toBe(1);
      expect(samples).toContainEqual({
        name: 'ehr_gateway_athena_circuit_breaker_state',
        labels: { state: 'closed' },
        value: 1,
      });
      expect(
        samples.find((sample) => sample.name === 'ehr_gateway_athena_token_requests')?.value,
      ).toBeGreaterThanOrEqual(1);
      expect(samples.map((sample) => sample.name)).toEqual(
        expect.arrayContaining([
          'ehr_gateway_request_log_buffered',
          'ehr_gateway_request_log_dropped',
          'ehr_gateway_api_key_requests_total',
        ]),
      );
      // Labels carry templates, ids and classes only: no path, query, key or key name.
      expect(response.body).not.toContain('/api/12345');
      expect(response.body).not.toContain('metrics client');
      expect(response.body).not.toContain(gw.key);
      expect(response.body).not.toContain('limit=5');
    });

    it('answers a session too, and refuses a wrong token or none', async () => {
      const withSession = await adminRequest(gw.app, gw.cookie, {
        method: 'GET',
        url: '/admin/metrics/prometheus',
      });
      expect(withSession.statusCode).toBe(200);
      expect((await scrape('Bearer not-the-token')).statusCode).toBe(401);
      expect((await scrape()).statusCode).toBe(401);
      // The token opens the scrape only, not the rest of the admin API.
      const other = await gw.app.inject({
        method: 'GET',
        url: `/admin/metrics?${lastHour()}`,
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(other.statusCode).toBe(401);
    });
  });

  it('needs a session', async () => {
    const response = await gw.app.inject({ method: 'GET', url: `/admin/metrics?${lastHour()}` });
    expect(response.statusCode).toBe(401);
  });
});
