import { describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '@ehr-gateway/contracts';

import {
  ADMIN_PASSWORD,
  addUser,
  adminRequest,
  buildGateway,
  databaseTargets,
  openTestStorage,
  signIn,
  useGateway,
  waitFor,
} from './helpers.js';

describe.each(databaseTargets)('console users on $name', (target) => {
  const gw = useGateway(target);
  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => adminRequest(gw.app, cookie, { method, url, ...(payload ? { payload } : {}) });

  it('creates a user whose one-time password is shown once and must be changed first', async () => {
    const created = await call(gw.cookie, 'POST', '/admin/users', {
      username: 'dana',
      displayName: 'Dana Developer',
      role: 'developer',
    });
    expect(created.statusCode).toBe(201);
    const { user, oneTimePassword } = created.json();
    expect(user).toMatchObject({
      username: 'dana',
      displayName: 'Dana Developer',
      role: 'developer',
      phiAccess: false,
      active: true,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    expect(oneTimePassword).toMatch(/^\S{20,}$/);

    const list = (await call(gw.cookie, 'GET', '/admin/users')).json().users;
    expect(JSON.stringify(list)).not.toContain(oneTimePassword);

    const cookie = await signIn(gw.app, oneTimePassword, 'dana');
    expect((await call(cookie, 'GET', '/admin/logs')).json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    const change = (newPassword: string) =>
      call(cookie, 'POST', '/admin/session/password', {
        currentPassword: oneTimePassword,
        newPassword,
      });
    const short = await change('short-pass');
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([
      expect.objectContaining({ field: 'newPassword', message: expect.stringContaining('12') }),
    ]);
    const withName = await change('my-name-is-DANA-ok');
    expect(withName.statusCode).toBe(400);
    expect(withName.json().details[0]).toMatchObject({
      field: 'newPassword',
      message: 'must not contain the username',
    });
    const changed = await change('a long passphrase');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ mustChangePassword: false, role: 'developer' });
    expect((await call(cookie, 'GET', '/admin/logs')).statusCode).toBe(200);

    const wrongCurrent = await call(cookie, 'POST', '/admin/session/password', {
      currentPassword: 'not it at all',
      newPassword: 'another long passphrase',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details[0].field).toBe('currentPassword');
  });

  it('refuses a second user with the same name, in any case', async () => {
    for (const username of ['dana', 'DANA']) {
      const response = await call(gw.cookie, 'POST', '/admin/users', {
        username,
        displayName: 'Twin',
        role: 'auditor',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`A user named "${username}" already exists`);
    }
  });

  it('names the field of a bad user body', async () => {
    const response = await call(gw.cookie, 'POST', '/admin/users', {
      username: 'a b',
      displayName: '',
      role: 'owner',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['displayName', 'role', 'username']);
  });

  it('changes role, PHI access and name; the change shows in the next request', async () => {
    const erin = await addUser(gw.app, gw.cookie, { username: 'erin', role: 'developer' });
    expect((await call(erin.cookie, 'GET', '/admin/audit')).statusCode).toBe(403);
    const patched = await call(gw.cookie, 'PATCH', `/admin/users/${erin.id}`, {
      role: 'auditor',
      phiAccess: true,
      displayName: 'Erin Auditor',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      role: 'auditor',
      phiAccess: true,
      displayName: 'Erin Auditor',
    });
    expect((await call(erin.cookie, 'GET', '/admin/audit')).statusCode).toBe(200);
    const session = (await call(erin.cookie, 'GET', '/admin/session')).json().user;
    expect(session.permissions).toEqual(expect.arrayContaining(['audit:read', 'logs:phi']));

    const empty = await call(gw.cookie, 'PATCH', `/admin/users/${erin.id}`, {});
    expect(empty.statusCode).toBe(400);
    const unknown = await call(
      gw.cookie,
      'PATCH',
      '/admin/users/00000000-0000-4000-8000-000000000000',
      {
        active: false,
      },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the last active admin: no demotion, no deactivation, with a 409 that says why', async () => {
    const users = (await call(gw.cookie, 'GET', '/admin/users')).json().users as Array<{
      id: string;
      username: string;
    }>;
    const admin = users.find((u) => u.username === 'admin')!;
    for (const patch of [{ role: 'developer' }, { active: false }]) {
      const response = await call(gw.cookie, 'PATCH', `/admin/users/${admin.id}`, patch);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'LAST_ADMIN',
        message: 'This is the last active administrator: make another user an active admin first',
      });
    }

    const second = await addUser(gw.app, gw.cookie, { username: 'second-admin', role: 'admin' });
    const demoted = await call(second.cookie, 'PATCH', `/admin/users/${admin.id}`, {
      role: 'developer',
    });
    expect(demoted.statusCode).toBe(200);
    const selfDemotion = await call(second.cookie, 'PATCH', `/admin/users/${second.id}`, {
      role: 'auditor',
    });
    expect(selfDemotion.statusCode).toBe(409);
    // Put things back for the tests after this one.
    expect(
      (await call(second.cookie, 'PATCH', `/admin/users/${admin.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
  });

  it('a password reset gives a new one-time password and ends the user’s sessions', async () => {
    const fay = await addUser(gw.app, gw.cookie, { username: 'fay', role: 'developer' });
    const reset = await call(gw.cookie, 'POST', `/admin/users/${fay.id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    const { oneTimePassword } = reset.json();
    expect((await call(fay.cookie, 'GET', '/admin/session')).statusCode).toBe(401);
    const refused = await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'fay', password: fay.password },
    });
    expect(refused.statusCode).toBe(401);
    const cookie = await signIn(gw.app, oneTimePassword, 'fay');
    expect((await call(cookie, 'GET', '/admin/session')).json().user.mustChangePassword).toBe(true);
  });

  it('deactivating a user ends their sessions at once and refuses their sign-in', async () => {
    const gus = await addUser(gw.app, gw.cookie, { username: 'gus', role: 'auditor' });
    const deactivated = await call(gw.cookie, 'PATCH', `/admin/users/${gus.id}`, { active: false });
    expect(deactivated.json()).toMatchObject({ active: false });
    expect((await call(gus.cookie, 'GET', '/admin/session')).statusCode).toBe(401);
    const again = await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: 'gus', password: gus.password },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Invalid username or password');
  });

  it('lists and revokes sessions: your own, or anyone’s for an admin', async () => {
    const hal = await addUser(gw.app, gw.cookie, { username: 'hal', role: 'developer' });
    const secondHal = await gw.app.inject({
      method: 'POST',
      url: '/admin/session',
      headers: { 'user-agent': 'Second Browser/1.0' },
      payload: { username: 'hal', password: hal.password },
    });
    const secondCookie = `${SESSION_COOKIE}=${secondHal.cookies[0]!.value}`;
    const mine = (await call(hal.cookie, 'GET', '/admin/sessions')).json().sessions as Array<{
      id: string;
      current: boolean;
      userAgent: string | null;
      ip: string | null;
      username: string;
    }>;
    expect(mine).toHaveLength(2);
    expect(mine.every((s) => s.username === 'hal')).toBe(true);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    const other = mine.find((s) => !s.current)!;
    expect(other).toMatchObject({ userAgent: 'Second Browser/1.0', ip: '127.0.0.1' });

    expect((await call(hal.cookie, 'GET', '/admin/sessions?scope=all')).statusCode).toBe(403);
    const everyone = (await call(gw.cookie, 'GET', '/admin/sessions?scope=all')).json().sessions;
    const names = new Set(everyone.map((s: { username: string }) => s.username));
    expect(names.has('hal') && names.has('admin')).toBe(true);

    // Someone else's session is not yours to see or end.
    const adminSessions = (await call(gw.cookie, 'GET', '/admin/sessions')).json().sessions;
    expect(
      (await call(hal.cookie, 'DELETE', `/admin/sessions/${adminSessions[0].id}`)).statusCode,
    ).toBe(404);

    expect((await call(hal.cookie, 'DELETE', `/admin/sessions/${other.id}`)).statusCode).toBe(204);
    expect((await call(secondCookie, 'GET', '/admin/session')).statusCode).toBe(401);
    expect((await call(hal.cookie, 'GET', '/admin/session')).statusCode).toBe(200);

    const everywhere = await call(hal.cookie, 'DELETE', '/admin/sessions');
    expect(everywhere.statusCode).toBe(204);
    expect((await call(hal.cookie, 'GET', '/admin/session')).statusCode).toBe(401);
  });

  it('signing in counts no failure against a shared office address', async () => {
    for (let i = 0; i < 60; i += 1) {
      await signIn(gw.app, ADMIN_PASSWORD);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('deactivation across instances', () => {
  it('ends the user’s session on another instance within 2 s', async () => {
    const storage = await openTestStorage({ name: 'postgres', url: process.env.TEST_DATABASE_URL });
    const a = await buildGateway(storage);
    const b = await buildGateway(await storage.reopen());
    try {
      const adminCookie = await signIn(a);
      const ivy = await addUser(a, adminCookie, { username: 'ivy', role: 'developer' });
      const onB = () => adminRequest(b, ivy.cookie, { method: 'GET', url: '/admin/logs' });
      expect((await onB()).statusCode).toBe(200);

      const started = Date.now();
      await adminRequest(a, adminCookie, {
        method: 'PATCH',
        url: `/admin/users/${ivy.id}`,
        payload: { active: false },
      });
      await waitFor(async () => (await onB()).statusCode === 401, { timeoutMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await a.close();
      await b.close();
      await storage.dispose();
    }
  });
});

describe('an initial admin password below today’s rules', () => {
  it('still signs in, and must be changed before anything else', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const app = await buildGateway(storage, { settings: { adminPassword: 'admin123' } });
    try {
      const cookie = await signIn(app, 'admin123');
      const session = await adminRequest(app, cookie, { method: 'GET', url: '/admin/session' });
      expect(session.json().user.mustChangePassword).toBe(true);
      expect(
        (await adminRequest(app, cookie, { method: 'GET', url: '/admin/config' })).json().code,
      ).toBe('PASSWORD_CHANGE_REQUIRED');
    } finally {
      await app.close();
      await storage.dispose();
    }
  });
});
