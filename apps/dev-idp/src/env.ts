import type { JWK } from 'jose';

import { ssoPath } from '@ehr-gateway/contracts';

import type { DevIdpOptions } from './app.js';

export class EnvError extends Error {
  override name = 'EnvError';
}

const text = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;
const list = (env: NodeJS.ProcessEnv, name: string) =>
  text(env, name)
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The client's public keys for private_key_jwt: a JWK Set, or one public JWK. */
function parseJwks(json: string): { keys: JWK[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new EnvError('DEV_IDP_CLIENT_JWKS must be JSON: a JWK Set ({"keys": [...]}) or one JWK');
  }
  const keys = (parsed as { keys?: unknown }).keys ?? [parsed];
  if (!Array.isArray(keys) || !keys.every((key) => typeof (key as JWK)?.kty === 'string')) {
    throw new EnvError('DEV_IDP_CLIENT_JWKS must hold public JWKs (each with a kty)');
  }
  if (keys.some((key) => 'd' in (key as object))) {
    throw new EnvError('DEV_IDP_CLIENT_JWKS must hold the public keys only (no "d")');
  }
  return { keys: keys as JWK[] };
}

/** The defaults match `npm run demo`: the gateway on :8080 registered as `ehr-gateway`. */
export const DEV_IDP_DEFAULTS = {
  port: 9400,
  clientId: 'ehr-gateway',
  clientSecret: 'dev-idp-secret',
  gatewayUrl: 'http://127.0.0.1:8080',
} as const;

/** Every environment variable the development IdP reads (docs/operations.md lists them). */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): DevIdpOptions {
  const portText = text(env, 'DEV_IDP_PORT');
  const port = portText === undefined ? DEV_IDP_DEFAULTS.port : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new EnvError(`DEV_IDP_PORT must be a port number (got "${portText}")`);
  }
  const clientJwks = text(env, 'DEV_IDP_CLIENT_JWKS');
  const gatewayUrl = (text(env, 'DEV_IDP_GATEWAY_URL') ?? DEV_IDP_DEFAULTS.gatewayUrl).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    host: text(env, 'DEV_IDP_HOST') ?? '127.0.0.1',
    publicUrl: text(env, 'DEV_IDP_PUBLIC_URL'),
    password: text(env, 'DEV_IDP_PASSWORD'),
    adminToken: text(env, 'DEV_IDP_ADMIN_TOKEN'),
    clients: [
      {
        clientId: text(env, 'DEV_IDP_CLIENT_ID') ?? DEV_IDP_DEFAULTS.clientId,
        ...(clientJwks
          ? { jwks: parseJwks(clientJwks) }
          : { clientSecret: text(env, 'DEV_IDP_CLIENT_SECRET') ?? DEV_IDP_DEFAULTS.clientSecret }),
        redirectUris: list(env, 'DEV_IDP_REDIRECT_URIS') ?? [`${gatewayUrl}${ssoPath('callback')}`],
        postLogoutRedirectUris: list(env, 'DEV_IDP_POST_LOGOUT_REDIRECT_URIS') ?? [
          `${gatewayUrl}/`,
        ],
      },
    ],
  };
}
