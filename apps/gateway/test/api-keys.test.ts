import { describe, expect, it } from 'vitest';

import { adminRequest, createApiKey, databaseTargets, testClock, useGateway } from './helpers.js';

describe.each(databaseTargets)('API keys on $name', (target) => {
  const clock = testClock();
  const gw = useGateway(target, { now: clock.now });

  const listKeys = async () => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/api-keys',
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { apiKeys: Record<string, unknown>[] }).apiKeys;
  };

  const callUtility = (key?: string) =>
    gw.app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: key === undefined ? {} : { 'x-api-key': key },
    });

  it('creates a key shown in full once, with a recognisable prefix and 256 bits of randomness', async () => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/api-keys',
      payload: { name: '  Scheduling bot  ' },
    });
    expect(response.statusCode).toBe(201);
    const { apiKey } = response.json();
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Scheduling bot',
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
      practiceIds: null,
      scopes: null,
      rateLimit: null,
      quota: null,
      effectiveRateLimit: null,
      rotatedAt: null,
      previousKeyExpiresAt: null,
      key: expect.stringMatching(/^ehrgw_[A-Za-z0-9_-]{43}$/),
    });
  });

  it('lists keys masked (prefix and last four), never the full key, never originalKey', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'listing check' });
    const listed = (await listKeys()).find((entry) => entry.id === id);
    expect(listed).toEqual({
      id,
      name: 'listing check',
      createdAt: expect.any(String),
      key: `${key.slice(0, 10)}••••••••${key.slice(-4)}`,
      lastUsedAt: null,
      expiresAt: null,
      practiceIds: null,
      scopes: null,
      rateLimit: null,
      quota: null,
      effectiveRateLimit: null,
      rotatedAt: null,
      previousKeyExpiresAt: null,
    });
    expect(JSON.stringify(await listKeys())).not.toContain(key);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '    ' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{}, 'name'],
    [{ name: 'n', practiceIds: [] }, 'practiceIds'],
    [{ name: 'n', practiceIds: ['12a'] }, 'practiceIds.0'],
    [{ name: 42 }, 'name'],
    [{ name: 'ok', expiresAt: 'tomorrow' }, 'expiresAt'],
    [{ name: 'ok', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    [{ name: 'ok', scopes: ['all'] }, 'scopes.0'],
    [{ name: 'ok', scopes: [] }, 'scopes'],
    [{ name: 'ok', rateLimit: 0 }, 'rateLimit'],
    [{ name: 'ok', rateLimit: 2.5 }, 'rateLimit'],
    [{ name: 'ok', quota: -1 }, 'quota'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/api-keys',
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(body.message).toContain(field);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/api-keys',
      payload: { name: 'n'.repeat(100) },
    });
    expect(response.statusCode).toBe(201);
  });

  it('gates gateway routes: missing key, unknown key, valid key', async () => {
    const missing = await callUtility();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toMatch(/^Missing API key/);

    const unknown = await callUtility(`ehrgw_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid API key');

    const { key } = await createApiKey(gw.app, gw.cookie);
    expect((await callUtility(key)).statusCode).toBe(200);
  });

  it('refuses a deleted key at once on this instance, and answers 404 for an unknown id', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie);
    expect((await callUtility(key)).statusCode).toBe(200);

    const deleted = await adminRequest(gw.app, gw.cookie, {
      method: 'DELETE',
      url: `/admin/api-keys/${id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await listKeys()).some((entry) => entry.id === id)).toBe(false);

    const refused = await callUtility(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid API key');

    const again = await adminRequest(gw.app, gw.cookie, {
      method: 'DELETE',
      url: `/admin/api-keys/${id}`,
    });
    expect(again.statusCode).toBe(404);

    const badId = await adminRequest(gw.app, gw.cookie, {
      method: 'DELETE',
      url: '/admin/api-keys/not-a-uuid',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].field).toBe('id');
  });

  it('keeps an expiry, lists it, and refuses the key once it has passed with "API key expired"', async () => {
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'short-lived', expiresAt });
    const listed = (await listKeys()).find((entry) => entry.id === id);
    expect(listed?.expiresAt).toBe(expiresAt);
    expect((await callUtility(key)).statusCode).toBe(200);

    clock.advance(59_000);
    expect((await callUtility(key)).statusCode).toBe(200);
    clock.advance(1_000);
    const expired = await callUtility(key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('API key expired');
  });

  it('records lastUsedAt in batches, not with a write per request', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'usage' });
    for (let i = 0; i < 5; i += 1) {
      await callUtility(key);
    }
    const stored = await gw.storage.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.last_used_at).toBeNull();

    // The list already reflects use that has not been written yet.
    const listed = (await listKeys()).find((entry) => entry.id === id);
    expect(listed?.lastUsedAt).toEqual(expect.any(String));

    await gw.restart(async () => {
      const written = await gw.storage.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(written.last_used_at).toBeInstanceOf(Date);
    });
  });
});
