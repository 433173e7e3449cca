import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import {
  SESSION_COOKIE,
  SSO_REFUSAL_PARAM,
  SSO_TRANSACTION_COOKIE,
  ssoPath,
} from '@ehr-gateway/contracts';
import {
  DEFAULT_DEV_PASSWORD,
  DEFAULT_DEV_USERS,
  signInThroughLoginPage,
  startDevIdp,
  type DevClient,
  type DevIdp,
} from '@ehr-gateway/dev-idp';

import { EnvSchema } from '../src/config/env.js';
import { signInSettingsFromEnv } from '../src/config/sso-env.js';

/** Single sign-on against the development IdP over HTTP: the gateway's side of the dance. */
export const PUBLIC_BASE_URL = 'http://gateway.test';

/** The gateway's sign-in settings as the environment would give them for the development IdP. */
export function ssoSettingsFor(issuer: string, extra: Record<string, string> = {}) {
  return signInSettingsFromEnv(
    EnvSchema.parse({
      PUBLIC_BASE_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'gateway',
      OIDC_CLIENT_SECRET: 'gateway-secret',
      OIDC_DISPLAY_NAME: 'Demo IdP',
      OIDC_ROLE_MAP: 'gw-admins=admin,gw-devs=developer,gw-audit=auditor',
      OIDC_PHI_GROUPS: 'gw-phi',
      OIDC_ALLOWED_DOMAINS: 'example.org',
      ...extra,
    }),
  );
}

export async function startTestIdp(client: Partial<DevClient> = {}): Promise<DevIdp> {
  return startDevIdp({
    clients: [
      {
        clientId: 'gateway',
        clientSecret: 'gateway-secret',
        ...client,
        redirectUris: [`${PUBLIC_BASE_URL}${ssoPath('callback')}`],
        postLogoutRedirectUris: [`${PUBLIC_BASE_URL}/`],
      },
    ],
    users: DEFAULT_DEV_USERS,
  });
}

/** Up to the provider's redirect back: the callback URL and the transaction cookie it needs. */
export async function throughProvider(app: FastifyInstance, username: string) {
  const start = await app.inject({ method: 'GET', url: ssoPath('login') });
  expect(start.statusCode).toBe(303);
  const transaction = start.cookies.find((cookie) => cookie.name === SSO_TRANSACTION_COOKIE)!;
  expect(transaction).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const location = String(start.headers.location);
  // State, nonce and verifier stay in the cookie; only the challenge and the state travel.
  expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
  expect(location).not.toContain(transaction.value);
  const back = await signInThroughLoginPage(location, { username, password: DEFAULT_DEV_PASSWORD });
  return { callback: `${back.pathname}${back.search}`, transaction: transaction.value };
}

export const callBack = (app: FastifyInstance, callback: string, transaction?: string) =>
  app.inject({
    method: 'GET',
    url: callback,
    cookies: transaction ? { [SSO_TRANSACTION_COOKIE]: transaction } : {},
  });

/** A full single sign-on; the session cookie header, or the refusal's reason. */
export async function ssoSignIn(app: FastifyInstance, username: string) {
  const { callback, transaction } = await throughProvider(app, username);
  const response = await callBack(app, callback, transaction);
  return outcomeOf(response);
}

export function outcomeOf(response: Awaited<ReturnType<typeof callBack>>) {
  const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value);
  if (response.statusCode === 200 && session) {
    return { cookie: `${SESSION_COOKIE}=${session.value}`, refused: null };
  }
  expect(response.statusCode, response.body).toBe(303);
  expect(session).toBeUndefined();
  const location = new URL(String(response.headers.location), PUBLIC_BASE_URL);
  return { cookie: null, refused: location.searchParams.get(SSO_REFUSAL_PARAM) };
}
