import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestStorage,
  useGateway,
  waitFor,
} from './helpers.js';
import { scheduleDate } from './schedule.js';

const cachingOn = { apiRoot: '/api', practiceId: '12345', logLevel: 'info', caching: true };

const booking = (firstname: string, date: string) => ({
  patient: {
    firstname,
    lastname: 'Cache',
    dob: '1980-02-02',
    email: 'c@example.com',
    departmentid: '1',
  },
  appointment: { appointmentTypeId: '2', departmentId: '1', date },
});

describe('EHR response cache in memory', () => {
  const gw = useGateway({ name: 'pglite' });

  beforeAll(async () => {
    await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: cachingOn,
    });
  });

  const get = (url: string) =>
    gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': gw.key } });

  it('serves repeat reads from the cache and a write through the gateway invalidates them', async () => {
    const url = '/api/12345/patients?source=mock&lastName=Cache';
    expect((await get(url)).headers['x-cache']).toBe('MISS');
    const cached = await get(url);
    expect(cached.headers['x-cache']).toBe('HIT');
    expect(cached.json().totalCount).toBe(0);

    const created = await gw.app.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=mock',
      headers: { 'x-api-key': gw.key },
      payload: booking('Memo', scheduleDate({ departmentId: '1', appointmentTypeId: '2' })),
    });
    expect(created.statusCode).toBe(201);

    const after = await get(url);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().totalCount).toBe(1);
  });

  it('keeps sources and practices apart', async () => {
    expect((await get('/api/12345/departments?source=mock')).headers['x-cache']).toBe('MISS');
    expect((await get('/api/12345/departments?source=mock')).headers['x-cache']).toBe('HIT');
    // Athena is not configured here: the miss is the 503, which is never cached.
    expect((await get('/api/12345/departments')).statusCode).toBe(503);
    expect((await get('/api/12345/departments')).statusCode).toBe(503);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(redisUrl && databaseUrl)('EHR response cache shared through Redis', () => {
  let storage: TestStorage;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    // A fresh key namespace: generations from earlier runs must not leak in.
    const redis = new Redis(redisUrl!);
    const stale = await redis.keys('ehrgw:cache:*');
    if (stale.length) {
      await redis.del(...stale);
    }
    await redis.quit();
    storage = await openTestStorage({ name: 'postgres', url: databaseUrl });
    a = await buildGateway(storage, { settings: { redisUrl } });
    b = await buildGateway(await storage.reopen(), {
      settings: { redisUrl },
      backgroundTasks: true,
    });
    const cookie = await signIn(a);
    ({ key } = await createApiKey(a, cookie));
    await adminRequest(a, cookie, { method: 'PUT', url: '/admin/config', payload: cachingOn });
    // B re-reads the config every second.
    await waitFor(async () => {
      const seen = await adminRequest(b, cookie, { method: 'GET', url: '/admin/config' });
      return seen.json().caching === true;
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await storage.dispose();
  });

  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

  it('answers on B from what A cached, and A\u2019s write invalidates it for B', async () => {
    const url = '/api/12345/patients?source=mock&lastName=Shared';
    expect((await get(a, url)).headers['x-cache']).toBe('MISS');
    expect((await get(b, url)).headers['x-cache']).toBe('HIT');
    const created = await a.inject({
      method: 'POST',
      url: '/aggregate/patient-with-appointment?source=mock',
      headers: { 'x-api-key': key },
      payload: {
        ...booking('Redis', scheduleDate({ departmentId: '1', appointmentTypeId: '2' })),
        patient: { ...booking('Redis', '').patient, lastname: 'Shared' },
      },
    });
    expect(created.statusCode).toBe(201);
    const fresh = await get(b, url);
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.json().totalCount).toBe(1);
  });
});
