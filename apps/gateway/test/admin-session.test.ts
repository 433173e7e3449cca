import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  adminRequest,
  buildGateway,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';

describe.each(databaseTargets)('admin session on $name', (target) => {
  let storage: TestStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await openTestStorage(target);
    app = await buildGateway(storage);
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  it('signs in the initial admin with an HttpOnly, SameSite=Strict cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { username: 'admin', displayName: 'Admin User' } });
    const cookie = response.cookies.find((c) => c.name === 'ehrgw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: ADMIN_PASSWORD },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/admin/session', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid username or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers GET /admin/session with the user, and 401 without a session', async () => {
    const cookie = await signIn(app);
    const mine = await adminRequest(app, cookie, { method: 'GET', url: '/admin/session' });
    expect(mine.json()).toEqual({ user: { username: 'admin', displayName: 'Admin User' } });

    const anonymous = await app.inject({ method: 'GET', url: '/admin/session' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it.each([
    ['GET', '/admin/api-keys'],
    ['POST', '/admin/api-keys'],
    ['DELETE', '/admin/api-keys/9b2d7c1e-8d0f-4a51-9a38-7b8d6f1c2e3a'],
    ['GET', '/admin/config'],
    ['PUT', '/admin/config'],
    ['GET', '/admin/config/history'],
    ['GET', '/admin/logs'],
    ['GET', '/admin/logs/9b2d7c1e-8d0f-4a51-9a38-7b8d6f1c2e3a'],
    ['GET', '/admin/ehr-status'],
    ['GET', '/admin/system'],
    ['GET', '/admin/does-not-exist'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const cookie = await signIn(app);
    const out = await adminRequest(app, cookie, { method: 'DELETE', url: '/admin/session' });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'ehrgw_session')?.value).toBe('');
    const after = await adminRequest(app, cookie, { method: 'GET', url: '/admin/session' });
    expect(after.statusCode).toBe(401);
  });

  it('rejects admin changes from a foreign Origin', async () => {
    const cookie = await signIn(app);
    const response = await adminRequest(app, cookie, {
      method: 'POST',
      url: '/admin/api-keys',
      payload: { name: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FOREIGN_ORIGIN');
  });

  it('validates the sign-in body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: '', password: 'x'.repeat(500) },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('locks a username out after repeated failures from one address, then says when to retry', async () => {
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/admin/session',
        payload: { username: 'admin', password },
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt('not-the-password')).statusCode).toBe(401);
    }
    const locked = await attempt(ADMIN_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not locked out by this one's failures.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '198.51.100.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
