import type { JSONWebKeySet } from 'jose';

import { registrationProblems, type ClientRegistration } from './smart/clients.js';
import { DEFAULT_CLIENT, type FhirSandboxOptions } from './state.js';

export interface FhirSandboxEnv {
  port: number;
  host: string;
  options: FhirSandboxOptions;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

const text = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

function whole(env: NodeJS.ProcessEnv, name: string, min: number, max: number) {
  const value = text(env, name);
  if (value === undefined) {
    return undefined;
  }
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new EnvError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

function jwks(env: NodeJS.ProcessEnv): JSONWebKeySet | undefined {
  const value = text(env, 'FHIR_SANDBOX_JWKS');
  if (value === undefined) {
    return undefined;
  }
  try {
    return JSON.parse(value) as JSONWebKeySet;
  } catch {
    throw new EnvError('FHIR_SANDBOX_JWKS must be a JSON Web Key Set ({"keys": [...]})');
  }
}

/** The one client the environment registers (tests and the admin API can add more). */
function client(env: NodeJS.ProcessEnv): ClientRegistration {
  const registration: ClientRegistration = {
    clientId: text(env, 'FHIR_SANDBOX_CLIENT_ID') ?? DEFAULT_CLIENT.clientId,
    clientSecret: text(env, 'FHIR_SANDBOX_CLIENT_SECRET') ?? DEFAULT_CLIENT.clientSecret,
    scopes: text(env, 'FHIR_SANDBOX_SCOPES')?.split(/\s+/) ?? DEFAULT_CLIENT.scopes,
  };
  const keys = jwks(env);
  const jwksUrl = text(env, 'FHIR_SANDBOX_JWKS_URL');
  if (keys) {
    registration.jwks = keys;
  }
  if (jwksUrl) {
    registration.jwksUrl = jwksUrl;
  }
  const problems = registrationProblems(registration);
  if (problems.length) {
    throw new EnvError(
      `the client from FHIR_SANDBOX_CLIENT_* / FHIR_SANDBOX_JWKS* / FHIR_SANDBOX_SCOPES: ${problems.join('; ')}`,
    );
  }
  return registration;
}

/** The sandbox's settings from FHIR_SANDBOX_* variables; defaults where unset. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): FhirSandboxEnv {
  const profile = text(env, 'FHIR_SANDBOX_PROFILE');
  if (profile !== undefined && profile !== 'generic' && profile !== 'oracle') {
    throw new EnvError(`FHIR_SANDBOX_PROFILE must be generic or oracle (got "${profile}")`);
  }
  const practiceId = text(env, 'FHIR_SANDBOX_PRACTICE_ID');
  if (practiceId !== undefined && !/^[A-Za-z0-9\-.]{1,64}$/.test(practiceId)) {
    throw new EnvError(`FHIR_SANDBOX_PRACTICE_ID must be a FHIR id (got "${practiceId}")`);
  }
  const publicUrl = text(env, 'FHIR_SANDBOX_PUBLIC_URL');
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+$/.test(publicUrl)) {
    throw new EnvError(
      `FHIR_SANDBOX_PUBLIC_URL must be an origin such as https://fhir.example.org (got "${publicUrl}")`,
    );
  }
  return {
    port: whole(env, 'FHIR_SANDBOX_PORT', 0, 65_535) ?? 9091,
    host: text(env, 'FHIR_SANDBOX_HOST') ?? '127.0.0.1',
    options: {
      profile,
      practiceId,
      publicUrl,
      clients: [client(env)],
      tokenTtlSeconds: whole(env, 'FHIR_SANDBOX_TOKEN_TTL_SECONDS', 1, 86_400),
      seed: whole(env, 'FHIR_SANDBOX_SEED', 0, 4_294_967_295),
    },
  };
}
