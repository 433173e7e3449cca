import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_ROUTES,
  adminPath,
  SECOND_FACTOR_ERRORS,
  SESSION_COOKIE,
  type LocalMfaPolicy,
} from '@ehr-gateway/contracts';

import {
  addUser,
  adminRequest,
  buildGateway,
  openTestStorage,
  signIn,
  testClock,
  type TestStorage,
  type TestUser,
} from './helpers.js';

const STEP_MS = 30_000;
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

async function gatewayWith(
  storage: TestStorage,
  clock: { now: () => Date },
  localMfa: LocalMfaPolicy,
  key: Buffer | null,
) {
  return buildGateway(storage, {
    now: clock.now,
    settings: { signIn: { authMode: 'local', oidc: null, localMfa, mfaEncryptionKey: key } },
  });
}

describe('TOTP second factor for local accounts', () => {
  const clock = testClock();
  let storage: TestStorage;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    storage = await openTestStorage({ name: 'pglite' });
    app = await gatewayWith(storage, clock, 'optional', randomBytes(32));
    admin = await signIn(app);
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
  });

  const post = (cookie: string, url: string, payload?: object) =>
    adminRequest(app, cookie, { method: 'POST', url: `/admin${url}`, payload });
  const passwordSignIn = (user: TestUser, code?: string) =>
    app.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: user.username, password: user.password, ...(code ? { code } : {}) },
    });
  const hasSession = (response: Awaited<ReturnType<typeof passwordSignIn>>) =>
    response.cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '');

  /** Enrols the user and returns the secret and recovery codes. */
  async function enrol(user: TestUser) {
    const started = await post(user.cookie, ADMIN_ROUTES.sessionSecondFactor);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = started.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    const wrong = await post(user.cookie, ADMIN_ROUTES.sessionSecondFactorConfirm, {
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post(user.cookie, ADMIN_ROUTES.sessionSecondFactorConfirm, {
      code: codeAt(secret, clock.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    clock.advance(STEP_MS);
    return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  it('enrols with a QR code, confirms with a code, and asks for it at every sign-in after', async () => {
    const dana = await addUser(app, admin, { username: 'dana', role: 'developer' });
    const { secret, recoveryCodes } = await enrol(dana);
    expect(recoveryCodes).toHaveLength(10);
    const session = await adminRequest(app, dana.cookie, { method: 'GET', url: '/admin/session' });
    expect(session.json().user).toMatchObject({ secondFactor: true, mustEnrolSecondFactor: false });
    expect((await post(dana.cookie, ADMIN_ROUTES.sessionSecondFactor)).json().code).toBe(
      'SECOND_FACTOR_ENROLLED',
    );

    const passwordOnly = await passwordSignIn(dana);
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json().code).toBe(SECOND_FACTOR_ERRORS.required);
    expect(hasSession(passwordOnly)).toBe(false);

    const code = codeAt(secret, clock.now());
    const withCode = await passwordSignIn(dana, code);
    expect(withCode.statusCode).toBe(200);
    expect(hasSession(withCode)).toBe(true);

    const reused = await passwordSignIn(dana, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe(SECOND_FACTOR_ERRORS.invalid);
    expect(hasSession(reused)).toBe(false);

    const audit = await adminRequest(app, admin, { method: 'GET', url: '/admin/audit' });
    const events = audit.json().events as { action: string; target: string }[];
    expect(events).toContainEqual(
      expect.objectContaining({ action: 'mfa-enrolled', target: 'dana' }),
    );
    const users = await adminRequest(app, admin, { method: 'GET', url: '/admin/users' });
    expect(
      users.json().users.find((u: { username: string }) => u.username === 'dana'),
    ).toMatchObject({
      secondFactor: true,
    });
  });

  it('takes each recovery code once', async () => {
    const erin = await addUser(app, admin, { username: 'erin', role: 'auditor' });
    const { recoveryCodes } = await enrol(erin);
    const [recovery] = recoveryCodes as [string];
    expect((await passwordSignIn(erin, recovery.toUpperCase())).statusCode).toBe(200);
    expect((await passwordSignIn(erin, recovery)).json().code).toBe(SECOND_FACTOR_ERRORS.invalid);
  });

  it('locks the account after repeated wrong codes, as after wrong passwords', async () => {
    const finn = await addUser(app, admin, { username: 'finn', role: 'developer' });
    const { secret } = await enrol(finn);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await passwordSignIn(finn, '123456')).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const right = await passwordSignIn(finn, codeAt(secret, clock.now()));
    expect(right.statusCode).toBe(429);
  });

  it('lets an admin reset a second factor, ending the sessions, recorded in the audit trail', async () => {
    const gus = await addUser(app, admin, { username: 'gus', role: 'developer' });
    await enrol(gus);
    const reset = await adminRequest(app, admin, {
      method: 'DELETE',
      url: adminPath('userSecondFactor', { id: gus.id }),
    });
    expect(reset.statusCode).toBe(204);
    expect(
      (await adminRequest(app, gus.cookie, { method: 'GET', url: '/admin/session' })).statusCode,
    ).toBe(401);
    expect((await passwordSignIn(gus)).statusCode).toBe(200);
    const again = await adminRequest(app, admin, {
      method: 'DELETE',
      url: adminPath('userSecondFactor', { id: gus.id }),
    });
    expect(again.statusCode).toBe(409);
    const audit = await adminRequest(app, admin, {
      method: 'GET',
      url: '/admin/audit?action=mfa-reset',
    });
    expect(audit.json().events[0]).toMatchObject({ target: 'gus', actor: { name: 'admin' } });
  });
});

describe('LOCAL_MFA', () => {
  it('required: a local user must enrol before anything else; without a key no one can enrol', async () => {
    const clock = testClock();
    const storage = await openTestStorage({ name: 'pglite' });
    const optional = await gatewayWith(storage, clock, 'optional', null);
    const admin = await signIn(optional);
    const hana = await addUser(optional, admin, { username: 'hana', role: 'developer' });
    const noKey = await adminRequest(optional, hana.cookie, {
      method: 'POST',
      url: adminPath('sessionSecondFactor'),
    });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().code).toBe('MFA_NOT_CONFIGURED');
    await optional.close();

    const required = await gatewayWith(storage, clock, 'required', randomBytes(32));
    const cookie = await signIn(required, hana.password, 'hana');
    const get = (url: string) => adminRequest(required, cookie, { method: 'GET', url });
    expect((await get('/admin/session')).json().user.mustEnrolSecondFactor).toBe(true);
    const blocked = await get('/admin/api-keys');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe(SECOND_FACTOR_ERRORS.enrolmentRequired);
    const started = await adminRequest(required, cookie, {
      method: 'POST',
      url: adminPath('sessionSecondFactor'),
    });
    const confirmed = await adminRequest(required, cookie, {
      method: 'POST',
      url: adminPath('sessionSecondFactorConfirm'),
      payload: { code: codeAt(started.json().secret, clock.now()) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await get('/admin/api-keys')).statusCode).toBe(200);
    await required.close();
    await storage.dispose();
  });
});
