import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SESSION_COOKIE, SSO_REFUSAL_PARAM, ssoPath } from '@ehr-gateway/contracts';
import { DEFAULT_DEV_USERS, type DevIdp, type IdTokenFault } from '@ehr-gateway/dev-idp';

import {
  callBack,
  outcomeOf,
  PUBLIC_BASE_URL,
  ssoSettingsFor,
  ssoSignIn,
  startTestIdp,
  throughProvider,
} from './sso-helpers.js';
import {
  ADMIN_PASSWORD,
  addUser,
  adminRequest,
  buildGateway,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';

describe.each(databaseTargets)('single sign-on against the development IdP on $name', (target) => {
  let idp: DevIdp;
  let storage: TestStorage;
  let app: FastifyInstance;
  let adminCookie: string;

  beforeAll(async () => {
    idp = await startTestIdp();
    storage = await openTestStorage(target);
    app = await buildGateway(storage, { settings: { signIn: ssoSettingsFor(idp.issuer) } });
    adminCookie = (await ssoSignIn(app, 'alice')).cookie!;
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await idp.close();
  });
  beforeEach(() => {
    for (const user of DEFAULT_DEV_USERS) {
      idp.users.setGroups(user.username, user.groups);
    }
  });

  const get = (cookie: string, url: string) => adminRequest(app, cookie, { method: 'GET', url });
  const sessionOf = async (cookie: string) => (await get(cookie, '/admin/session')).json().user;
  const auditOf = async (action: string) =>
    (await get(adminCookie, `/admin/audit?action=${action}`)).json().events as {
      target: string | null;
      actor: { name: string | null };
      details: Record<string, unknown>;
    }[];

  it('offers "Sign in with Demo IdP" beside the password form (AUTH_MODE defaults to both)', async () => {
    const options = (await app.inject({ method: 'GET', url: ssoPath('options') })).json();
    expect(options).toEqual({
      authMode: 'both',
      sso: { displayName: 'Demo IdP', loginUrl: ssoPath('login') },
      passwordSignIn: true,
    });
  });

  it('signs in an admin with PHI access from their groups, created just in time', async () => {
    expect(await sessionOf(adminCookie)).toMatchObject({
      username: 'alice@example.org',
      displayName: 'Alice Admin',
      role: 'admin',
      phiAccess: true,
    });
    expect((await get(adminCookie, '/admin/users')).statusCode).toBe(200);
    const identities = (await get(adminCookie, ssoPath('identities'))).json().identities;
    expect(identities).toEqual([
      expect.objectContaining({ email: 'alice@example.org', groups: ['gw-admins', 'gw-phi'] }),
    ]);
    const signIns = await auditOf('sso-sign-in');
    expect(signIns[0]).toMatchObject({ target: 'alice@example.org' });
  });

  it('signs in a developer, whose role the permission hook then enforces', async () => {
    const { cookie } = await ssoSignIn(app, 'devon');
    expect(await sessionOf(cookie!)).toMatchObject({ role: 'developer', phiAccess: false });
    expect((await get(cookie!, '/admin/api-keys')).statusCode).toBe(200);
    expect((await get(cookie!, '/admin/users')).statusCode).toBe(403);
  });

  it('signs in an auditor with PHI access from the PHI group', async () => {
    const { cookie } = await ssoSignIn(app, 'audrey');
    expect(await sessionOf(cookie!)).toMatchObject({ role: 'auditor', phiAccess: true });
    expect((await get(cookie!, '/admin/audit')).statusCode).toBe(200);
    const create = await adminRequest(app, cookie!, {
      method: 'POST',
      url: '/admin/api-keys',
      payload: { name: 'not allowed' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('refuses a user in no mapped group, and one outside the allowed domains, without a session', async () => {
    expect((await ssoSignIn(app, 'noah')).refused).toBe('no-mapped-group');
    expect((await ssoSignIn(app, 'olga')).refused).toBe('domain-not-allowed');
    const refusals = await auditOf('sso-sign-in-refused');
    expect(refusals.map((event) => event.details.reason)).toEqual(
      expect.arrayContaining(['no-mapped-group', 'domain-not-allowed']),
    );
  });

  it('applies a role change in the IdP at the next sign-in and records it', async () => {
    await ssoSignIn(app, 'devon');
    idp.users.setGroups('devon', ['gw-audit', 'gw-phi']);
    const { cookie } = await ssoSignIn(app, 'devon');
    expect(await sessionOf(cookie!)).toMatchObject({ role: 'auditor', phiAccess: true });
    const synced = await auditOf('sso-access-synced');
    expect(synced[0]).toMatchObject({
      target: 'devon@example.org',
      details: {
        before: expect.objectContaining({ role: 'developer', phiAccess: false }),
        after: expect.objectContaining({ role: 'auditor', phiAccess: true }),
      },
    });
  });

  it('refuses a user removed from every mapped group and ends their open session', async () => {
    const { cookie: open } = await ssoSignIn(app, 'devon');
    expect((await get(open!, '/admin/session')).statusCode).toBe(200);
    idp.users.setGroups('devon', ['staff']);
    expect((await ssoSignIn(app, 'devon')).refused).toBe('no-mapped-group');
    expect((await get(open!, '/admin/session')).statusCode).toBe(401);
  });

  it('refuses a callback whose state was changed, or that comes without its cookie', async () => {
    const { callback, transaction } = await throughProvider(app, 'devon');
    const tampered = callback.replace(/state=[^&]+/, 'state=somebody-elses-state');
    expect(outcomeOf(await callBack(app, tampered, transaction)).refused).toBe('token-invalid');
    expect(outcomeOf(await callBack(app, callback)).refused).toBe('token-invalid');
    const forged = `${transaction.slice(0, -2)}xx`;
    expect(outcomeOf(await callBack(app, callback, forged)).refused).toBe('token-invalid');
  });

  it('refuses a replayed code', async () => {
    const { callback, transaction } = await throughProvider(app, 'devon');
    expect(outcomeOf(await callBack(app, callback, transaction)).cookie).toBeTruthy();
    expect(outcomeOf(await callBack(app, callback, transaction)).refused).toBe('token-invalid');
  });

  it.each<[IdTokenFault, RegExp]>([
    ['forged', /signature/i],
    ['expired', /exp/],
    ['wrong-audience', /aud/],
    ['wrong-nonce', /nonce/],
  ])('refuses a %s ID token without a session', async (fault, problem) => {
    const { callback, transaction } = await throughProvider(app, 'devon');
    idp.setIdTokenFault(fault);
    expect(outcomeOf(await callBack(app, callback, transaction)).refused).toBe('token-invalid');
    const refusals = await auditOf('sso-sign-in-refused');
    expect(refusals[0]?.details).toMatchObject({
      reason: 'token-invalid',
      problem: expect.stringMatching(problem),
    });
  });

  it('signs out of the gateway and hands the browser to the end-session endpoint', async () => {
    const { cookie } = await ssoSignIn(app, 'devon');
    const out = await adminRequest(app, cookie!, { method: 'POST', url: ssoPath('logout') });
    expect(out.statusCode).toBe(200);
    const redirectTo = new URL(out.json().redirectTo);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(redirectTo.searchParams.get('id_token_hint')).toBeTruthy();
    expect(redirectTo.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_BASE_URL}/`);
    expect((await get(cookie!, '/admin/session')).statusCode).toBe(401);
  });
});

describe('single sign-on that cannot start', () => {
  it('sends the browser to the refusal page when the provider is unreachable or SSO is off', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const unreachable = await buildGateway(storage, {
      settings: { signIn: ssoSettingsFor('http://127.0.0.1:1') },
    });
    const start = await unreachable.inject({ method: 'GET', url: ssoPath('login') });
    expect(start.headers.location).toBe(`/?${SSO_REFUSAL_PARAM}=provider-error`);
    const asJson = await unreachable.inject({
      method: 'GET',
      url: ssoPath('login'),
      headers: { accept: 'application/json' },
    });
    expect(asJson.json()).toEqual({ url: `/?${SSO_REFUSAL_PARAM}=provider-error` });
    await unreachable.close();

    const local = await buildGateway(storage);
    const off = await local.inject({ method: 'GET', url: ssoPath('login') });
    expect(off.headers.location).toBe(`/?${SSO_REFUSAL_PARAM}=sso-not-configured`);
    expect((await local.inject({ method: 'GET', url: ssoPath('options') })).json()).toEqual({
      authMode: 'local',
      sso: null,
      passwordSignIn: true,
    });
    await local.close();
    await storage.dispose();
  });
});

describe('AUTH_MODE=sso', () => {
  it('refuses password sign-in except for the break-glass admin, whose use is recorded', async () => {
    const idp = await startTestIdp();
    const storage = await openTestStorage({ name: 'pglite' });
    const both = await buildGateway(storage, { settings: { signIn: ssoSettingsFor(idp.issuer) } });
    const dana = await addUser(both, await signIn(both), { username: 'dana', role: 'developer' });
    await both.close();

    const ssoOnly = await buildGateway(storage, {
      settings: {
        signIn: ssoSettingsFor(idp.issuer, { AUTH_MODE: 'sso', BREAK_GLASS_USERNAME: 'admin' }),
      },
    });
    expect((await ssoOnly.inject({ method: 'GET', url: ssoPath('options') })).json()).toMatchObject(
      { authMode: 'sso', passwordSignIn: false },
    );
    const refused = await ssoOnly.inject({
      method: 'POST',
      url: '/admin/session',
      payload: { username: dana.username, password: dana.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PASSWORD_SIGN_IN_OFF');
    expect(refused.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();

    const breakGlass = await signIn(ssoOnly, ADMIN_PASSWORD, 'admin');
    const audit = (
      await adminRequest(ssoOnly, breakGlass, { method: 'GET', url: '/admin/audit' })
    ).json().events as { action: string; target: string; details: Record<string, unknown> }[];
    expect(audit.find((event) => event.action === 'break-glass-sign-in')).toMatchObject({
      target: 'admin',
    });
    expect(
      audit.find((event) => event.action === 'sign-in-failed' && event.target === 'dana'),
    ).toMatchObject({ details: { reason: expect.stringContaining('AUTH_MODE=sso') } });

    // An SSO user has no password to reset.
    const { cookie: devon } = await ssoSignIn(ssoOnly, 'devon');
    const devonId = (
      await adminRequest(ssoOnly, devon!, { method: 'GET', url: '/admin/session' })
    ).json().user.id;
    const reset = await adminRequest(ssoOnly, breakGlass, {
      method: 'POST',
      url: `/admin/users/${devonId}/password-reset`,
    });
    expect(reset.statusCode).toBe(409);

    await ssoOnly.close();
    await storage.dispose();
    await idp.close();
  });
});
