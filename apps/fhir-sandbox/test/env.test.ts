import { describe, expect, it } from 'vitest';

import { EnvError, loadEnv } from '../src/env.js';

describe('loadEnv', () => {
  it('has defaults for everything', () => {
    expect(loadEnv({})).toEqual({
      port: 9091,
      host: '127.0.0.1',
      options: {
        profile: undefined,
        practiceId: undefined,
        publicUrl: undefined,
        clients: [
          {
            clientId: 'fhir-sandbox-client',
            clientSecret: 'fhir-sandbox-secret',
            scopes: ['system/*.cruds'],
          },
        ],
        tokenTtlSeconds: undefined,
        seed: undefined,
      },
    });
  });

  it('reads every FHIR_SANDBOX_* variable', () => {
    const jwks = { keys: [{ kty: 'EC', crv: 'P-384', x: 'x', y: 'y', kid: 'k1' }] };
    const env = loadEnv({
      FHIR_SANDBOX_PORT: '0',
      FHIR_SANDBOX_HOST: '0.0.0.0',
      FHIR_SANDBOX_PROFILE: 'oracle',
      FHIR_SANDBOX_PRACTICE_ID: 'ec2458f2-1e24',
      FHIR_SANDBOX_PUBLIC_URL: 'https://fhir.example.org',
      FHIR_SANDBOX_CLIENT_ID: 'gateway',
      FHIR_SANDBOX_CLIENT_SECRET: 'a-long-secret',
      FHIR_SANDBOX_JWKS: JSON.stringify(jwks),
      FHIR_SANDBOX_JWKS_URL: 'http://127.0.0.1:8080/.well-known/jwks.json',
      FHIR_SANDBOX_SCOPES: 'system/Slot.rs system/Appointment.cruds',
      FHIR_SANDBOX_TOKEN_TTL_SECONDS: '300',
      FHIR_SANDBOX_SEED: '7',
    });
    expect(env).toEqual({
      port: 0,
      host: '0.0.0.0',
      options: {
        profile: 'oracle',
        practiceId: 'ec2458f2-1e24',
        publicUrl: 'https://fhir.example.org',
        clients: [
          {
            clientId: 'gateway',
            clientSecret: 'a-long-secret',
            jwks,
            jwksUrl: 'http://127.0.0.1:8080/.well-known/jwks.json',
            scopes: ['system/Slot.rs', 'system/Appointment.cruds'],
          },
        ],
        tokenTtlSeconds: 300,
        seed: 7,
      },
    });
  });

  it('stops on a malformed value, naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ FHIR_SANDBOX_PORT: '70000' }, 'FHIR_SANDBOX_PORT must be a whole number from 0 to 65535'],
      [{ FHIR_SANDBOX_PROFILE: 'epic' }, 'FHIR_SANDBOX_PROFILE must be generic or oracle'],
      [{ FHIR_SANDBOX_PRACTICE_ID: 'a/b' }, 'FHIR_SANDBOX_PRACTICE_ID must be a FHIR id'],
      [
        { FHIR_SANDBOX_PUBLIC_URL: 'fhir.example.org' },
        'FHIR_SANDBOX_PUBLIC_URL must be an origin',
      ],
      [{ FHIR_SANDBOX_JWKS: '{not json' }, 'FHIR_SANDBOX_JWKS must be a JSON Web Key Set'],
      [
        { FHIR_SANDBOX_JWKS: '{"keys":[{"kty":"EC","d":"secret"}]}' },
        'jwks must hold public keys only',
      ],
      [{ FHIR_SANDBOX_SCOPES: 'user/*.read' }, 'scopes must list system scopes'],
      [
        { FHIR_SANDBOX_TOKEN_TTL_SECONDS: '0' },
        'FHIR_SANDBOX_TOKEN_TTL_SECONDS must be a whole number from 1',
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => loadEnv(env)).toThrow(EnvError);
      expect(() => loadEnv(env)).toThrow(message);
    }
  });
});
