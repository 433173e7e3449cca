import { describe, expect, it } from 'vitest';

import { adminRequest, databaseTargets, useGateway } from './helpers.js';

const NUL = '\u0000';
const LONE = '\uD800';

describe.each(databaseTargets)('text the database cannot store, on $name', (target) => {
  const gw = useGateway(target);
  const withKey = { 'x-api-key': '' };

  it('a NUL or a lone surrogate, with or without a key, never blocks the request log', async () => {
    withKey['x-api-key'] = gw.key;
    const poisoned = [
      // Refused before any validation: the entry still holds the poisoned query.
      await gw.app.inject({ method: 'GET', url: '/utility/validate-dob?dob=%00' }),
      await gw.app.inject({
        method: 'GET',
        url: '/utility/validate-dob?dob=%00',
        headers: withKey,
      }),
      await gw.app.inject({
        method: 'POST',
        url: '/utility/test',
        headers: { ...withKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ message: `a${LONE}b`, data: { [`k${NUL}`]: NUL } }),
      }),
      await gw.app.inject({ method: 'GET', url: `/no-such${encodeURIComponent(NUL)}/path` }),
      await gw.app.inject({ method: 'GET', url: '/api/12345/patients?source=mock&lastName=%00' }),
    ];
    expect(poisoned.map((r) => r.statusCode)).toEqual([401, 400, 400, 400, 401]);
    const normal = await gw.app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: withKey,
    });
    expect(normal.statusCode).toBe(200);
    await gw.app.requestLogWriter.flush();

    const health = gw.app.requestLogWriter.health();
    expect(health).toMatchObject({ ok: true, buffered: 0, dropped: 0 });
    expect((await gw.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?limit=20',
    });
    const ids = (logs.json().logs as Array<{ id: string; endpoint: string }>).map((l) => l.id);
    expect(ids.length).toBe(5);
    const details = await Promise.all(
      ids.map(async (id) =>
        (await adminRequest(gw.app, gw.cookie, { method: 'GET', url: `/admin/logs/${id}` })).json(),
      ),
    );
    const aggregate = details.find((d) => d.endpoint === '/api/12345/patients');
    // Stored, with the NUL replaced by U+FFFD to mark where it was (source is not patient data).
    expect(aggregate.requestData.query).toMatchObject({ source: 'mock', lastName: '***' });
    const test = details.find((d) => d.endpoint === '/utility/test');
    expect(test.requestData.body).toEqual({ data: { 'k\uFFFD': '\uFFFD' }, message: 'a\uFFFDb' });
  });

  it.each([
    ['POST', '/voice-config/tenants', { name: `Clinic${NUL}` }, 'name'],
    ['POST', '/voice-config/locations', { name: `Main${LONE}` }, 'name'],
    [
      'POST',
      '/voice-config/global-config',
      { key: 'greeting', value: { text: NUL } },
      'value.text',
    ],
    ['POST', '/voice-config/query', { tenant_id: 1, query: { providers: NUL } }, 'query.providers'],
    [
      'GET',
      `/api/12345/patients?source=mock&firstName=${encodeURIComponent(NUL)}`,
      null,
      'firstName',
    ],
    [
      'GET',
      `/aggregate/patient-provider?source=mock&firstname=A${encodeURIComponent(NUL)}&lastname=B&dob=1980-01-01`,
      null,
      'firstname',
    ],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, field) => {
    const response = await gw.app.inject({
      method,
      url,
      headers: { 'x-api-key': gw.key },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: expect.stringMatching(field), message: expect.any(String) },
    ]);
  });

  it.each([
    ['POST', '/admin/api-keys', { name: `key${NUL}` }, 'name'],
    ['GET', `/admin/logs?endpoint=${encodeURIComponent(NUL)}`, null, 'endpoint'],
    ['POST', '/admin/session', { username: `admin${NUL}`, password: 'x' }, 'username'],
  ] as const)('admin %s %s answers 400 naming the field', async (method, url, payload, field) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method,
      url,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe(field);
  });

  it('stores what a voice-agent webhook sends, made storable', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/llm/tools/query-healthcare-entities',
      headers: { 'x-api-key': gw.key },
      payload: {
        message: {
          type: 'tool-calls',
          toolCallList: [
            {
              id: 'call_1',
              type: 'function',
              function: {
                name: 'query_healthcare_entities',
                arguments: { tenant_id: 1, query: { providers: `Wil${NUL}` } },
              },
            },
          ],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    await gw.app.requestLogWriter.flush();
    expect(gw.app.requestLogWriter.health()).toMatchObject({ ok: true, dropped: 0, buffered: 0 });
  });
});
