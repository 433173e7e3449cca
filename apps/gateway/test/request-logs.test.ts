import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
  useGateway,
} from './helpers.js';

describe.each(databaseTargets)('request log on $name', (target) => {
  const gw = useGateway(target, {
    apiKeyName: 'log reader',
    settings: { requestLogMaxBodyBytes: 512 },
  });

  beforeAll(async () => {
    await gw.app.inject({
      method: 'GET',
      url: '/utility/validate-dob?dob=1980-01-02',
      headers: { 'x-api-key': gw.key, 'x-request-id': 'trace-dob-1' },
    });
    await gw.app.inject({
      method: 'POST',
      url: '/utility/test',
      headers: { 'x-api-key': gw.key },
      payload: { message: 'big', data: { text: 'z'.repeat(2000) } },
    });
    await gw.app.inject({ method: 'GET', url: '/utility/DateTime' });
    await gw.app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: { 'x-api-key': gw.key },
    });
    await gw.app.requestLogWriter.flush();
  });

  const list = async (query = '') => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().logs as Array<Record<string, unknown>>;
  };

  it('lists gateway requests newest first with the spec fields', async () => {
    const logs = await list();
    expect(logs).toHaveLength(4);
    expect(logs[0]).toEqual({
      id: expect.any(String),
      timestamp: expect.any(String),
      endpoint: '/utility/datetime',
      method: 'GET',
      status: 200,
      responseTime: expect.any(Number),
      source: 'utility',
      apiKeyName: 'log reader',
    });
    const times = logs.map((entry) => Date.parse(String(entry.timestamp)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('does not log admin or health calls', async () => {
    await gw.app.inject({ method: 'GET', url: '/healthz' });
    await gw.app.requestLogWriter.flush();
    const logs = await list('?limit=1000');
    expect(logs.every((entry) => !String(entry.endpoint).startsWith('/admin'))).toBe(true);
    expect(logs.some((entry) => entry.endpoint === '/healthz')).toBe(false);
  });

  it('filters by case-insensitive endpoint substring, by source, and by limit', async () => {
    expect((await list('?endpoint=DATETIME')).map((e) => e.endpoint)).toEqual([
      '/utility/datetime',
      '/utility/DateTime',
    ]);
    expect(await list('?endpoint=%25')).toEqual([]);
    // An unknown path under a gateway prefix is logged under the source that prefix serves.
    expect((await list('?source=utility')).length).toBe(4);
    expect(await list('?source=gateway')).toEqual([]);
    expect(await list('?limit=2')).toHaveLength(2);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=1001', 'limit'],
    ['?limit=ten', 'limit'],
    ['?source=elsewhere', 'source'],
    [`?endpoint=${'e'.repeat(201)}`, 'endpoint'],
    ['?colour=blue', 'colour'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('returns the full entry with request id, redacted headers, query and response', async () => {
    const [entry] = await list('?endpoint=validate-dob');
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${String(entry!.id)}`,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      requestId: 'trace-dob-1',
      endpoint: '/utility/validate-dob',
      status: 200,
      apiKeyName: 'log reader',
      requestData: {
        // A date of birth is PHI: masked before it was stored (payloadCapture "masked").
        query: { dob: '***' },
        headers: { 'x-api-key': '[REDACTED]' },
      },
      responseData: { valid: true, isoDate: '***' },
      responseTruncated: false,
      error: null,
    });
  });

  it('caps large bodies and marks the response as truncated', async () => {
    const [entry] = await list('?endpoint=/utility/test');
    const detail = (
      await adminRequest(gw.app, gw.cookie, {
        method: 'GET',
        url: `/admin/logs/${String(entry!.id)}`,
      })
    ).json();
    expect(detail.responseTruncated).toBe(true);
    expect(typeof detail.responseData).toBe('string');
    expect(detail.responseData).toMatch(/\[truncated\]$/);
    expect(typeof detail.requestData.body).toBe('string');
    expect(detail.requestData.body.length).toBeLessThan(700);
  });

  it('records refused requests with their error message', async () => {
    const entry = (await list('?source=utility&endpoint=DateTime')).find(
      (candidate) => candidate.endpoint === '/utility/DateTime',
    );
    const detail = (
      await adminRequest(gw.app, gw.cookie, {
        method: 'GET',
        url: `/admin/logs/${String(entry!.id)}`,
      })
    ).json();
    expect(detail.status).toBe(401);
    expect(detail.source).toBe('utility');
    expect(detail.apiKeyId).toBeNull();
    expect(detail.error).toEqual({ message: expect.stringMatching(/^Missing API key/) });
  });

  it('answers 404 for an unknown entry and 400 for a malformed id', async () => {
    const unknown = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs/2f1d1a43-3b7e-4c1a-9c57-0d7e4f0c9b11',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs/1',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('deletes entries older than the retention period', async () => {
    await gw.storage.db
      .updateTable('request_logs')
      .set({ timestamp: new Date(Date.now() - 31 * 86_400_000) })
      .where('endpoint', '=', '/utility/DateTime')
      .execute();
    const { createRequestLogsRepository } =
      await import('../src/modules/request-logs/request-logs-repository.js');
    const { createRequestLogsService } =
      await import('../src/modules/request-logs/request-logs-service.js');
    const service = createRequestLogsService({
      repository: createRequestLogsRepository(gw.storage.db),
      retentionDays: 30,
      payloadRetentionDays: () => 7,
      sealer: null,
      audit: { record: async () => undefined },
    });
    // Eight days old: the metadata stays, the bodies go.
    await gw.storage.db
      .updateTable('request_logs')
      .set({ timestamp: new Date(Date.now() - 8 * 86_400_000) })
      .where('endpoint', '=', '/utility/test')
      .execute();
    expect(await service.purgeExpired()).toBe(1);
    expect(await list('?source=gateway')).toEqual([]);
    expect(await list('?source=utility')).toHaveLength(3);
    const [old] = await list('?endpoint=/utility/test');
    expect(old).toBeDefined();
    const detail = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${old!.id}`,
    });
    expect(detail.json()).toMatchObject({
      requestData: { body: null },
      responseData: null,
      payload: { purged: true },
    });
  });
});

describe('request log: a 500 keeps the stack for operators only', () => {
  let storage: TestStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await openTestStorage({ name: 'pglite' });
    const { default: Fastify } = await import('fastify');
    const { gatewayApp } = await import('../src/app.js');
    const { testSettings } = await import('./helpers.js');
    app = Fastify();
    await app.register(gatewayApp, {
      db: storage.db,
      settings: testSettings(),
      backgroundTasks: false,
    });
    app.get('/utility/explode', { config: { source: 'utility', scope: 'utility' } }, async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  it('answers a generic 500 and logs the message and stack', async () => {
    const cookie = await signIn(app);
    const { key } = await createApiKey(app, cookie);
    const response = await app.inject({
      method: 'GET',
      url: '/utility/explode',
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: expect.not.stringContaining('hunter2'),
    });
    expect(response.body).not.toContain('at ');

    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, { method: 'GET', url: '/admin/logs?limit=1' });
    const detail = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${logs.json().logs[0].id}`,
    });
    expect(detail.json().error).toEqual({
      message: 'database password is hunter2',
      stack: expect.stringContaining('Error: database password is hunter2'),
    });
  });
});
