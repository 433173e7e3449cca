import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { JWK } from 'jose';
import type { ClientMetadata } from 'oidc-provider';

import { ADMIN_API_PREFIX, handleAdminApi } from './admin-api.js';
import { generateSigningJwk, type IdTokenFault } from './faults.js';
import { handleInteraction, INTERACTION_PREFIX } from './interactions.js';
import { createProvider } from './provider.js';
import { createUserStore, DEFAULT_DEV_PASSWORD, DEFAULT_DEV_USERS, type DevUser } from './users.js';

/** One client the IdP knows, as the gateway is registered with it. */
export interface DevClient {
  clientId: string;
  /** client_secret_basic / client_secret_post; leave out for a private_key_jwt client. */
  clientSecret?: string;
  /** The client's public keys, for private_key_jwt. */
  jwks?: { keys: JWK[] };
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface DevIdpOptions {
  port?: number;
  host?: string;
  /** The issuer clients see, when the IdP is reached through another address than it listens on. */
  publicUrl?: string;
  clients: DevClient[];
  users?: readonly DevUser[];
  password?: string;
  /** Bearer token of the admin API; random when not given (then only the caller knows it). */
  adminToken?: string;
}

export interface DevIdp {
  issuer: string;
  adminToken: string;
  users: ReturnType<typeof createUserStore>;
  /** The next token response's ID token is spoiled this way (once). */
  setIdTokenFault: (fault: IdTokenFault | null) => void;
  close: () => Promise<void>;
}

const toClientMetadata = (client: DevClient): ClientMetadata => ({
  client_id: client.clientId,
  client_name: 'EHR API Gateway',
  redirect_uris: client.redirectUris,
  post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
  grant_types: ['authorization_code'],
  response_types: ['code'],
  ...(client.clientSecret
    ? { client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
    : { jwks: client.jwks, token_endpoint_auth_method: 'private_key_jwt' }),
});

/** Starts the development IdP; its issuer is its own address unless publicUrl says otherwise. */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const users = createUserStore(options.users ?? DEFAULT_DEV_USERS);
  const password = options.password ?? DEFAULT_DEV_PASSWORD;
  const adminToken = options.adminToken ?? randomBytes(24).toString('base64url');
  let fault: IdTokenFault | null = null;
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => {
    response.writeHead(503).end();
  };
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const issuer =
    options.publicUrl?.replace(/\/+$/, '') ??
    `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const provider = createProvider({
    issuer,
    clients: options.clients.map(toClientMetadata),
    users,
    signingJwk: await generateSigningJwk(),
    cookieKeys: [randomBytes(32).toString('base64url')],
    takeIdTokenFault: () => {
      const taken = fault;
      fault = null;
      return taken;
    },
  });
  const providerHandler = provider.callback();
  const setIdTokenFault = (next: IdTokenFault | null) => {
    fault = next;
  };
  handler = (request, response) => {
    const path = request.url ?? '/';
    const done = (error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(400, { 'content-type': 'text/plain' });
      }
      response.end(error instanceof Error ? error.message : 'failed');
    };
    if (path.startsWith(INTERACTION_PREFIX)) {
      handleInteraction(provider, users, password, request, response).catch(done);
    } else if (path.startsWith(ADMIN_API_PREFIX)) {
      handleAdminApi({ users, adminToken, setIdTokenFault }, request, response).catch(done);
    } else {
      void providerHandler(request, response);
    }
  };
  return {
    issuer,
    adminToken,
    users,
    setIdTokenFault,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
