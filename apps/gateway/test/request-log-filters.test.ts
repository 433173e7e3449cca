import { beforeAll, describe, expect, it } from 'vitest';

import { adminRequest, createApiKey, databaseTargets, useGateway } from './helpers.js';

interface Summary {
  id: string;
  endpoint: string;
  method: string;
  status: number;
  responseTime: number;
  source: string;
  apiKeyName: string | null;
  timestamp: string;
}

describe.each(databaseTargets)('request log filters, pages and export on $name', (target) => {
  const gw = useGateway(target, { apiKeyName: 'filters' });
  let otherKey: { id: string; key: string };

  beforeAll(async () => {
    otherKey = await createApiKey(gw.app, gw.cookie, { name: 'second key' });
    const call = (
      url: string,
      options: { method?: 'GET' | 'POST'; key?: string; id?: string } = {},
    ) =>
      gw.app.inject({
        method: options.method ?? 'GET',
        url,
        headers: {
          ...(options.key === undefined ? {} : { 'x-api-key': options.key }),
          ...(options.id ? { 'x-request-id': options.id } : {}),
        },
        ...(options.method === 'POST' ? { payload: { message: 'hello' } } : {}),
      });
    for (let index = 0; index < 7; index += 1) {
      await call('/utility/datetime', { key: gw.key });
    }
    await call('/utility/test', { method: 'POST', key: otherKey.key, id: 'trace-post-1' });
    // Refused before any handler ran, each logged under the source it asked for.
    await call('/api/12345/patients?source=mock', { id: 'refused-401' });
    await call('/api/12345/patients?source=mock&limit=many', { key: gw.key, id: 'refused-400' });
    await call('/api/12345/no-such-route?source=mock', { key: gw.key, id: 'refused-404-mock' });
    await call('/api/12345/no-such-route', { key: gw.key, id: 'refused-404-athena' });
    await call('/aggregate/no-such-route', { key: gw.key, id: 'refused-404-aggregation' });
    await gw.app.requestLogWriter.flush();
  });

  const list = async (query: string) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { logs: Summary[]; nextCursor: string | null };
  };

  it.each([
    ['refused-401', 401, 'mock'],
    ['refused-400', 400, 'mock'],
    ['refused-404-mock', 404, 'mock'],
    ['refused-404-athena', 404, 'athena'],
    ['refused-404-aggregation', 404, 'aggregation'],
  ])('logs %s (%i) under the source it asked for: %s', async (requestId, status, source) => {
    const { logs } = await list(`requestId=${requestId}`);
    expect(logs).toMatchObject([{ status, source }]);
  });

  it('filters by status class, exact status, method and API key', async () => {
    expect((await list('status=4xx&limit=100')).logs.map((entry) => entry.status).sort()).toEqual([
      400, 401, 404, 404, 404,
    ]);
    expect((await list('status=404')).logs).toHaveLength(3);
    expect((await list('status=2xx&limit=100')).logs).toHaveLength(8);
    expect((await list('method=POST')).logs.map((entry) => entry.endpoint)).toEqual([
      '/utility/test',
    ]);
    expect((await list(`apiKeyId=${otherKey.id}`)).logs).toMatchObject([
      { apiKeyName: 'second key', endpoint: '/utility/test' },
    ]);
  });

  it('filters by time range and minimum latency', async () => {
    const { logs: all } = await list('limit=100');
    const times = all.map((entry) => entry.timestamp).sort();
    const middle = times[Math.floor(times.length / 2)]!;
    const before = (await list(`to=${encodeURIComponent(middle)}&limit=100`)).logs;
    const after = (await list(`from=${encodeURIComponent(middle)}&limit=100`)).logs;
    expect(before.length + after.length).toBe(all.length);
    expect(before.every((entry) => entry.timestamp < middle)).toBe(true);
    expect((await list('from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z')).logs).toEqual([]);

    const slowest = Math.max(...all.map((entry) => entry.responseTime));
    const slow = (await list(`minLatencyMs=${slowest}`)).logs;
    expect(slow.length).toBeGreaterThanOrEqual(1);
    expect(slow.every((entry) => entry.responseTime >= slowest)).toBe(true);
  });

  it('pages with nextCursor through every entry exactly once, newest first', async () => {
    const { logs: all } = await list('limit=100');
    expect(all).toHaveLength(13);
    const seen: Summary[] = [];
    let cursor: string | null = null;
    do {
      const page: { logs: Summary[]; nextCursor: string | null } = await list(
        `limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.logs);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    expect((await list('limit=13')).nextCursor).toBeNull();
  });

  it.each([
    ['status=6xx', 'status'],
    ['status=abc', 'status'],
    ['method=FETCH', 'method'],
    ['apiKeyId=not-a-uuid', 'apiKeyId'],
    ['from=yesterday', 'from'],
    ['minLatencyMs=-1', 'minLatencyMs'],
    ['cursor=12', 'cursor'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs?${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('exports the filtered entries as CSV without bodies, and records the export', async () => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs/export.csv?status=4xx',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="request-log-/);
    const [header, ...rows] = response.body.trim().split('\n');
    expect(header).toBe(
      '"timestamp","method","endpoint","status","response_time_ms","source","api_key_name","request_id","id"',
    );
    expect(rows).toHaveLength(5);
    expect(rows.join('\n')).toContain('"refused-401"');
    expect(response.body).not.toContain('hello');

    const audit = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/audit?action=logs-exported',
    });
    expect(audit.json().events[0]).toMatchObject({ details: { filter: { status: '4xx' } } });
  });
});
