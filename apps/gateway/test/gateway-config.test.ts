import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  adminRequest,
  buildGateway,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';

const valid = { apiRoot: '/api', practiceId: '12345', logLevel: 'info', caching: false };

describe.each(databaseTargets)('gateway config on $name', (target) => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    storage = await openTestStorage(target);
    app = await buildGateway(storage);
    cookie = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  const put = (payload: unknown) =>
    adminRequest(app, cookie, { method: 'PUT', url: '/admin/config', payload: payload as object });

  it("starts from the spec's defaults", async () => {
    const response = await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' });
    expect(response.json()).toEqual(valid);
  });

  it.each([
    [{ apiRoot: 'api' }, 'apiRoot'],
    [{ apiRoot: '/api/' }, 'apiRoot'],
    [{ apiRoot: '/a pi' }, 'apiRoot'],
    [{ apiRoot: '/admin' }, 'apiRoot'],
    [{ apiRoot: '/admin/x' }, 'apiRoot'],
    [{ apiRoot: '/utility' }, 'apiRoot'],
    [{ apiRoot: '/' }, 'apiRoot'],
    [{ apiRoot: `/${'a'.repeat(80)}` }, 'apiRoot'],
    [{ practiceId: 'abc' }, 'practiceId'],
    [{ practiceId: '' }, 'practiceId'],
    [{ practiceId: '1'.repeat(21) }, 'practiceId'],
    [{ logLevel: 'verbose' }, 'logLevel'],
    [{ caching: 'true' }, 'caching'],
    [{ theme: 'dark' }, 'theme'],
  ])('refuses %j with 400 naming %s', async (change, field) => {
    const response = await put({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toEqual([field]);
  });

  it('refuses a partial body, naming each missing field', async () => {
    const response = await put({ apiRoot: '/api' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['caching', 'logLevel', 'practiceId']);
  });

  it('stores a valid config, returns it, applies the log level at once, and keeps the change', async () => {
    const next = { apiRoot: '/ehr/v2', practiceId: '195900', logLevel: 'debug', caching: true };
    const response = await put({ ...next, practiceId: ' 195900 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(next);
    expect(app.log.level).toBe('debug');

    const read = await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' });
    expect(read.json()).toEqual(next);

    const history = await adminRequest(app, cookie, {
      method: 'GET',
      url: '/admin/config/history',
    });
    const [change] = history.json().changes;
    expect(change).toEqual({
      id: expect.any(String),
      changedAt: expect.any(String),
      changedBy: 'admin',
      before: valid,
      after: next,
    });
  });

  it('survives a restart', async () => {
    await app.close();
    app = await buildGateway(storage);
    cookie = await signIn(app);
    const read = await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' });
    expect(read.json().apiRoot).toBe('/ehr/v2');
    expect(app.log.level).toBe('debug');
  });

  it('moves gateway traffic to a new apiRoot at once', async () => {
    // Unknown paths under the apiRoot are gateway traffic: they need a key.
    expect((await app.inject({ method: 'GET', url: '/ehr/v2/anything' })).statusCode).toBe(401);
    await put(valid);
    expect((await app.inject({ method: 'GET', url: '/api/anything' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/ehr/v2/anything' })).statusCode).toBe(404);
  });
});
