import { describe, expect, it } from 'vitest';

import { adminRequest, databaseTargets, useGateway } from './helpers.js';

const valid = { apiRoot: '/api', practiceId: '12345', logLevel: 'info', caching: false };
/** What the spec's four fields leave as they were: how the request log keeps bodies. */
const payloadDefaults = { payloadCapture: 'masked', payloadRetentionDays: 7 };

describe.each(databaseTargets)('gateway config on $name', (target) => {
  const gw = useGateway(target);

  const put = (payload: unknown) =>
    adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: payload as object,
    });

  it("starts from the spec's defaults", async () => {
    const response = await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/config' });
    expect(response.json()).toEqual({ ...valid, ...payloadDefaults });
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
    expect(response.json()).toEqual({ ...next, ...payloadDefaults });
    expect(gw.app.log.level).toBe('debug');

    const read = await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/config' });
    expect(read.json()).toEqual({ ...next, ...payloadDefaults });

    const history = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/config/history',
    });
    const [change] = history.json().changes;
    expect(change).toEqual({
      id: expect.any(String),
      changedAt: expect.any(String),
      changedBy: 'admin',
      before: { ...valid, ...payloadDefaults },
      after: { ...next, ...payloadDefaults },
    });
  });

  it('survives a restart', async () => {
    await gw.restart();
    const read = await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/config' });
    expect(read.json().apiRoot).toBe('/ehr/v2');
    expect(gw.app.log.level).toBe('debug');
  });

  it('moves gateway traffic to a new apiRoot at once', async () => {
    // Unknown paths under the apiRoot are gateway traffic: they need a key.
    expect((await gw.app.inject({ method: 'GET', url: '/ehr/v2/anything' })).statusCode).toBe(401);
    await put(valid);
    expect((await gw.app.inject({ method: 'GET', url: '/api/anything' })).statusCode).toBe(401);
    expect((await gw.app.inject({ method: 'GET', url: '/ehr/v2/anything' })).statusCode).toBe(404);
  });

  it('answers the old apiRoot with a JSON 404, not the console', async () => {
    const moved = await adminRequest(gw.app, gw.cookie, {
      method: 'PUT',
      url: '/admin/config',
      payload: { apiRoot: '/ehr/v3', practiceId: '12345', logLevel: 'info', caching: false },
    });
    expect(moved.statusCode).toBe(200);
    const old = await gw.app.inject({
      method: 'GET',
      url: '/api/12345/patients?source=mock',
      headers: { 'x-api-key': gw.key },
    });
    expect(old.statusCode).toBe(404);
    expect(old.headers['content-type']).toMatch(/^application\/json/);
    expect(old.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    await put(valid);
  });
});
