import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

import { parseScope } from './scopes.js';

/** A backend-services client as the EHR's administrator registers it. */
export interface ClientRegistration {
  clientId: string;
  /** For client_secret_basic (Oracle Health's system accounts). */
  clientSecret?: string;
  /** For private_key_jwt: the client's public keys… */
  jwks?: JSONWebKeySet;
  /** …or where the client publishes them (Epic requires a JWKS URL for backend apps). */
  jwksUrl?: string;
  /** The system scopes it may be granted. */
  scopes: string[];
}

const CLIENT_ID = /^[A-Za-z0-9._~-]{1,100}$/;

/** The problems with a registration; an empty list when it is usable. */
export function registrationProblems(input: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return ['the body must be a JSON object'];
  }
  const reg = input as Partial<Record<keyof ClientRegistration, unknown>>;
  const problems: string[] = [];
  if (typeof reg.clientId !== 'string' || !CLIENT_ID.test(reg.clientId)) {
    problems.push('clientId must be 1 to 100 characters of A-Z a-z 0-9 . _ ~ -');
  }
  if (
    reg.clientSecret !== undefined &&
    (typeof reg.clientSecret !== 'string' || reg.clientSecret.length < 8)
  ) {
    problems.push('clientSecret must be a string of at least 8 characters');
  }
  const keys = (reg.jwks as { keys?: unknown } | undefined)?.keys;
  if (reg.jwks !== undefined && !(Array.isArray(keys) && keys.length > 0)) {
    problems.push('jwks must be a JSON Web Key Set ({"keys": [...]}) with at least one key');
  } else if (
    Array.isArray(keys) &&
    keys.some((key) => typeof key !== 'object' || key === null || 'd' in key)
  ) {
    problems.push('jwks must hold public keys only');
  }
  if (
    reg.jwksUrl !== undefined &&
    (typeof reg.jwksUrl !== 'string' || !/^https?:\/\/\S+$/.test(reg.jwksUrl))
  ) {
    problems.push('jwksUrl must be an http(s) URL');
  }
  if (reg.clientSecret === undefined && reg.jwks === undefined && reg.jwksUrl === undefined) {
    problems.push('give a clientSecret, a jwks or a jwksUrl');
  }
  if (
    !Array.isArray(reg.scopes) ||
    !reg.scopes.length ||
    reg.scopes.some((s) => typeof s !== 'string' || !parseScope(s))
  ) {
    problems.push('scopes must list system scopes, e.g. ["system/*.rs"] or ["system/Slot.read"]');
  }
  return problems;
}

/** The registered clients, and the key set each one's assertions are verified with. */
export function createClientRegistry(initial: readonly ClientRegistration[]) {
  const clients = new Map<string, ClientRegistration>();
  const keySets = new Map<string, JWTVerifyGetKey>();

  function register(registration: ClientRegistration) {
    clients.set(registration.clientId, registration);
    keySets.delete(registration.clientId);
  }
  initial.forEach(register);

  return {
    get: (clientId: string) => clients.get(clientId),
    register,
    remove: (clientId: string) => {
      keySets.delete(clientId);
      return clients.delete(clientId);
    },
    /** What the admin API shows: never a secret. */
    list: () =>
      [...clients.values()].map((client) => ({
        clientId: client.clientId,
        authentication: [
          ...(client.clientSecret ? ['client_secret_basic'] : []),
          ...(client.jwks || client.jwksUrl ? ['private_key_jwt'] : []),
        ],
        jwksUrl: client.jwksUrl ?? null,
        keyIds: client.jwks?.keys.map((key) => key.kid ?? null) ?? null,
        scopes: client.scopes,
      })),
    /** The keys to verify the client's assertions with; null when it registered none. */
    keySet(client: ClientRegistration): JWTVerifyGetKey | null {
      let keySet = keySets.get(client.clientId);
      if (!keySet) {
        if (client.jwks) {
          keySet = createLocalJWKSet(client.jwks);
        } else if (client.jwksUrl) {
          keySet = createRemoteJWKSet(new URL(client.jwksUrl), {
            timeoutDuration: 3000,
            cooldownDuration: 1000,
            cacheMaxAge: 60_000,
          });
        } else {
          return null;
        }
        keySets.set(client.clientId, keySet);
      }
      return keySet;
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
