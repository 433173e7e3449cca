import { permissionsOf, SESSION_COOKIE } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { ADMIN_PASSWORD, adminRequest, databaseTargets, signIn, useGateway } from './helpers.js';

const INITIAL_ADMIN = {
  id: expect.any(String),
  username: 'admin',
  displayName: 'Admin User',
  role: 'admin',
  phiAccess: true,
  permissions: permissionsOf({ role: 'admin', phiAccess: true }),
  mustChangePassword: false,
  secondFactor: false,
  mustEnrolSecondFactor: false,
};

describe.each(databaseTargets)('admin session on $name', (target) => {
  const gw = useGateway(target);

  it('signs in the initial admin with an HttpOnly, SameSite=Strict cookie', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: INITIAL_ADMIN });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: ADMIN_PASSWORD },
    ]) {
      const response = await gw.app.inject({ method: 'POST', url: '/admin/session', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Invalid username or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers GET /admin/session with the user, and 401 without a session', async () => {
    const cookie = await signIn(gw.app);
    const mine = await adminRequest(gw.app, cookie, { method: 'GET', url: '/admin/session' });
    expect(mine.json()).toEqual({ user: INITIAL_ADMIN });

    const anonymous = await gw.app.inject({ method: 'GET', url: '/admin/session' });
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
    const response = await gw.app.inject({
      method,
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const cookie = await signIn(gw.app);
    const out = await adminRequest(gw.app, cookie, { method: 'DELETE', url: '/admin/session' });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const after = await adminRequest(gw.app, cookie, { method: 'GET', url: '/admin/session' });
    expect(after.statusCode).toBe(401);
  });

  it('rejects admin changes from a foreign Origin', async () => {
    const cookie = await signIn(gw.app);
    const response = await adminRequest(gw.app, cookie, {
      method: 'POST',
      url: '/admin/api-keys',
      payload: { name: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FOREIGN_ORIGIN');
  });

  it('validates the sign-in body', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: '', password: 'x'.repeat(500) },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password']));
  });
});
