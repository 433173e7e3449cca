import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DEFAULT_DEV_PASSWORD,
  signInThroughLoginPage,
  startDevIdp,
  type DevIdp,
} from '../src/index.js';

const REDIRECT = 'http://gateway.test/admin/sso/callback';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({
    clients: [{ clientId: 'gw', clientSecret: 'gw-secret', redirectUris: [REDIRECT] }],
    adminToken: 'test-admin-token',
  });
});
afterAll(() => idp.close());

const authorizationUrl = () => {
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: 'gw',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: REDIRECT,
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
};

const admin = (path: string, init: RequestInit = {}, token = 'test-admin-token') =>
  fetch(`${idp.issuer}/_admin/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });

describe('development IdP', () => {
  it('publishes discovery with PKCE S256 and an end-session endpoint', async () => {
    const discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.issuer);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
  });

  it('signs a user in through its login page and returns a code with the state', async () => {
    const back = await signInThroughLoginPage(authorizationUrl(), {
      username: 'devon',
      password: DEFAULT_DEV_PASSWORD,
    });
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('refuses a wrong password on the login page', async () => {
    await expect(
      signInThroughLoginPage(authorizationUrl(), { username: 'devon', password: 'wrong' }),
    ).rejects.toThrow(/401/);
  });

  it('refuses an authorization request without PKCE', async () => {
    const url = new URL(authorizationUrl());
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const back = await signInThroughLoginPage(url.toString(), {
      username: 'devon',
      password: DEFAULT_DEV_PASSWORD,
    });
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('changes groups and sets faults only with the admin token', async () => {
    expect((await admin('users', {}, 'wrong-token')).status).toBe(401);
    const changed = await admin('users/devon/groups', {
      method: 'PUT',
      body: JSON.stringify({ groups: ['gw-audit'] }),
    });
    expect(changed.status).toBe(200);
    expect(idp.users.byUsername('devon')?.groups).toEqual(['gw-audit']);
    expect(
      (await admin('users/nobody/groups', { method: 'PUT', body: '{"groups":[]}' })).status,
    ).toBe(404);
    expect((await admin('faults', { method: 'POST', body: '{"idToken":"bad"}' })).status).toBe(400);
    expect((await admin('faults', { method: 'POST', body: '{"idToken":"expired"}' })).status).toBe(
      200,
    );
    idp.setIdTokenFault(null);
  });
});
