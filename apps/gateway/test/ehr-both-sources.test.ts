import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';
import { scheduleDate } from './schedule.js';

const SECRET = 'sandbox-secret-value-0123';

/** Every key path of a JSON value, arrays collapsed to their first element. */
function shapeOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return value.length ? shapeOf(value[0], `${prefix}[]`) : [`${prefix}[]`];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      shapeOf(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

/**
 * The same routes answered by the Mock EHR and by athena (the sandbox over HTTP): both serve the
 * same synthetic practice, so answers agree in shape and, for seeded records, in content.
 */
describe('EHR routes on both sources', () => {
  let sandbox: FastifyInstance;
  let storage: TestStorage;
  let app: FastifyInstance;
  let cookie: string;
  let key: string;
  const serverLog: string[] = [];

  beforeAll(async () => {
    sandbox = buildSandbox({ clientSecret: SECRET, tokenLimitPerMinute: 1000 });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    const address = sandbox.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      logger: { level: 'trace', stream: { write: (line: string) => serverLog.push(line) } },
      settings: {
        athena: {
          baseUrl: `http://127.0.0.1:${port}`,
          clientId: 'sandbox-client',
          clientSecret: SECRET,
          practiceId: '195900',
        },
      },
      athenaTransport: { baseRetryDelayMs: 5, breakerFailureThreshold: 2, breakerOpenMs: 60_000 },
    });
    cookie = await signIn(app);
    ({ key } = await createApiKey(app, cookie));
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await sandbox.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const both = async (path: string, query = '') => {
    const glue = query ? `&${query}` : '';
    const athena = await get(`/api/195900${path}?source=athena${glue}`);
    const mock = await get(`/api/12345${path}?source=mock${glue}`);
    expect(athena.statusCode, athena.body).toBe(200);
    expect(mock.statusCode, mock.body).toBe(200);
    return { athena: athena.json(), mock: mock.json() };
  };

  it.each([
    ['/patients', 'limit=3'],
    ['/patients/1001', ''],
    ['/providers', 'limit=3'],
    ['/departments', ''],
    ['/referring-providers', ''],
  ])('GET %s answers alike from athena and the Mock EHR', async (path, query) => {
    const { athena, mock } = await both(path, query);
    expect(shapeOf(athena).sort()).toEqual(shapeOf(mock).sort());
    expect(athena).toEqual(mock);
  });

  it('lists the same appointments from both, and the same appointment by id', async () => {
    const day = scheduleDate({ providerId: '101', needs: 'booked', daysAhead: 4 });
    const { athena, mock } = await both('/appointments', `startDate=${day}&providerId=101`);
    expect(athena).toEqual(mock);
    expect(mock.appointments.length).toBeGreaterThan(0);
    const id = mock.appointments[0].id;
    const detail = await both(`/appointments/${id}`);
    expect(shapeOf(detail.athena).sort()).toEqual(shapeOf(detail.mock).sort());
    expect(detail.athena).toMatchObject({ id, patientId: mock.appointments[0].patientId });
  });

  it('answers patient-with-appointments from both', async () => {
    const day = scheduleDate({ needs: 'booked', daysAhead: 4 });
    const { appointments } = (
      await get(`/api/12345/appointments?source=mock&startDate=${day}`)
    ).json();
    const patientId = appointments[0].patientId;
    const { athena, mock } = await both(
      '/patient-with-appointments',
      `patientId=${patientId}&startDate=${day}`,
    );
    expect(athena).toEqual(mock);
  });

  it('reports athena connected with its practice and last sync, and logs calls under athena', async () => {
    await get('/api/195900/departments?source=athena');
    const status = await adminRequest(app, cookie, { method: 'GET', url: '/admin/ehr-status' });
    expect(status.json().athena).toEqual({
      status: 'connected',
      configured: true,
      practiceId: '195900',
      lastSyncedAt: expect.any(String),
      message: null,
      breakerState: 'closed',
      tokenRefreshes: 1,
    });
    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, {
      method: 'GET',
      url: '/admin/logs?source=athena',
    });
    expect(logs.json().logs.length).toBeGreaterThan(0);
    const timing = (await get('/api/195900/providers?source=athena&limit=1')).headers[
      'server-timing'
    ];
    expect(timing).toMatch(/gateway;dur=[\d.]+, upstream;dur=[\d.]+/);
  });

  it('refuses a practice the key is not bound to, before the cache or athena sees it', async () => {
    const bound = await createApiKey(app, cookie, { name: 'bound', practiceIds: ['195900'] });
    const call = (url: string) =>
      app.inject({ method: 'GET', url, headers: { 'x-api-key': bound.key } });
    const stats = async () =>
      (
        (await (await sandbox.inject({ url: '/_sandbox/stats' })).json()) as {
          dataRequests: number;
        }
      ).dataRequests;

    expect((await call('/api/195900/providers?limit=1')).statusCode).toBe(200);
    // Counted from here: the allowed call may have been answered from the practice's reference cache.
    const before = await stats();
    for (const url of [
      '/api/12345/departments?source=mock',
      '/api/999/departments',
      '/aggregate/department-providers?source=mock',
    ]) {
      const refused = await call(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PRACTICE_NOT_ALLOWED',
        message: expect.stringMatching(/^This API key may not use practice \d+$/),
      });
    }
    // No refused call reached athena.
    expect((await stats()) - before).toBe(0);
  });

  it('reports athena disconnected with the reason once calls fail, and fails fast while the circuit is open', async () => {
    await fetch(`${sandboxUrl()}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail503Count: 100, retryAfterSeconds: 0 }),
    });
    for (let i = 0; i < 2; i += 1) {
      expect((await get('/api/195900/providers?source=athena&limit=2')).statusCode).toBe(502);
    }
    const fast = await get('/api/195900/providers?source=athena&limit=2');
    expect(fast.statusCode).toBe(503);
    expect(fast.headers['retry-after']).toBeDefined();
    const status = (
      await adminRequest(app, cookie, { method: 'GET', url: '/admin/ehr-status' })
    ).json();
    expect(status.athena.status).toBe('disconnected');
    expect(status.athena.message).toMatch(/Athena EHR/);
    // The Mock EHR is untouched by athena's trouble.
    expect((await get('/api/12345/providers?source=mock&limit=2')).statusCode).toBe(200);
    await fetch(`${sandboxUrl()}/_sandbox/faults`, { method: 'DELETE' });
  });

  it('never writes the client secret or an access token to the server log', () => {
    const text = serverLog.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9._-]{10,}/);
    expect(text).not.toContain(Buffer.from(`sandbox-client:${SECRET}`).toString('base64'));
  });

  function sandboxUrl() {
    const address = sandbox.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
});
