import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  testClock,
  type TestStorage,
  waitFor,
} from './helpers.js';
import { KEY_CACHE_TTL_MS } from '../src/modules/api-keys/api-keys-service.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

// Two instances need a database server; PGlite is embedded in one process by design.
describe.runIf(databaseUrl)('two gateway instances on one PostgreSQL', () => {
  let storage: TestStorage;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let cookieA: string;
  const clockB = testClock();

  beforeAll(async () => {
    storage = await openTestStorage({ name: 'postgres', url: databaseUrl });
    a = await buildGateway(storage, { backgroundTasks: true });
    b = await buildGateway(await storage.reopen(), { backgroundTasks: true, now: clockB.now });
    cookieA = await signIn(a);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await storage.dispose();
  });

  const callB = (key: string) =>
    b.inject({ method: 'GET', url: '/utility/datetime', headers: { 'x-api-key': key } });

  it('accepts on B a key created on A, and refuses it within 2 s of its deletion on A', async () => {
    const { id, key } = await createApiKey(a, cookieA, { name: 'shared' });
    expect((await callB(key)).statusCode).toBe(200);

    const deleted = await adminRequest(a, cookieA, {
      method: 'DELETE',
      url: `/admin/api-keys/${id}`,
    });
    expect(deleted.statusCode).toBe(204);
    // B trusts what it read about a key for at most KEY_CACHE_TTL_MS (1 s) of its clock.
    clockB.advance(KEY_CACHE_TTL_MS);
    expect((await callB(key)).statusCode).toBe(401);
  });

  it('shares admin sessions: signed in on A is signed in on B', async () => {
    const response = await adminRequest(b, cookieA, { method: 'GET', url: '/admin/session' });
    expect(response.statusCode).toBe(200);
  });

  it('applies a config change made on A to B within 2 s, log level included', async () => {
    const next = { apiRoot: '/ehr', practiceId: '195900', logLevel: 'warn', caching: true };
    const saved = await adminRequest(a, cookieA, {
      method: 'PUT',
      url: '/admin/config',
      payload: next,
    });
    expect(saved.statusCode).toBe(200);
    expect(a.log.level).toBe('warn');

    await waitFor(
      async () => {
        const seen = await adminRequest(b, cookieA, { method: 'GET', url: '/admin/config' });
        return seen.json().apiRoot === '/ehr';
      },
      { timeoutMs: 2000 },
    );
    expect(b.log.level).toBe('warn');
  });

  it('writes request logs from both instances into one log', async () => {
    const { key } = await createApiKey(a, cookieA, { name: 'both' });
    await a.inject({ method: 'GET', url: '/utility/datetime', headers: { 'x-api-key': key } });
    await callB(key);
    await a.requestLogWriter.flush();
    await b.requestLogWriter.flush();
    const logs = await adminRequest(a, cookieA, { method: 'GET', url: '/admin/logs?limit=10' });
    const fromKey = logs
      .json()
      .logs.filter((entry: { apiKeyName: string }) => entry.apiKeyName === 'both');
    expect(fromKey).toHaveLength(2);
  });

  it("adds both instances' requests of one minute into the same rollups", async () => {
    const { id, key } = await createApiKey(a, cookieA, { name: 'rolled up' });
    const calls = [];
    for (let index = 0; index < 5; index += 1) {
      calls.push(
        a.inject({ method: 'GET', url: '/utility/datetime', headers: { 'x-api-key': key } }),
      );
      calls.push(callB(key));
    }
    await Promise.all(calls);
    // Both write their batches at once, into the same minute's row.
    await Promise.all([a.requestLogWriter.flush(), b.requestLogWriter.flush()]);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    for (const instance of [a, b]) {
      const metrics = await adminRequest(instance, cookieA, {
        method: 'GET',
        url: `/admin/metrics?from=${from}&groupBy=key`,
      });
      expect(metrics.statusCode, metrics.body).toBe(200);
      const group = metrics.json().groups.find((entry: { key: string }) => entry.key === id);
      expect(group.totals.count).toBe(10);
      expect(group.label).toBe('rolled up');
    }
  });
});
