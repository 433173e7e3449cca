import { describe, expect, it } from 'vitest';

import { EnvError, EnvSchema, loadEnv } from './env.js';

/** Every variable the schema reads, so that new ones are covered too. */
const ALL_VARIABLES = Object.keys(EnvSchema.shape);

/** The EnvError loadEnv throws for this environment (fails the test if it does not throw). */
function envErrorFor(source: NodeJS.ProcessEnv): EnvError {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe('sealing keys', () => {
  const KEYS = ['PAYLOAD_ENCRYPTION_KEY', 'WEBHOOKS_SECRETS_KEY', 'MFA_ENCRYPTION_KEY'] as const;

  it.each(KEYS)('%s takes 32 bytes as hex or base64 and names itself when not', (name) => {
    const hex = 'ab'.repeat(32);
    const loaded = loadEnv({ [name]: hex }) as Record<string, unknown>;
    expect(Buffer.from(loaded[name] as Uint8Array).toString('hex')).toBe(hex);
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    expect(
      Buffer.from(
        (loadEnv({ [name]: base64 }) as Record<string, unknown>)[name] as Uint8Array,
      ).toString('hex'),
    ).toBe(hex);
    const refused = envErrorFor({ [name]: 'too-short' });
    expect(refused.message).toMatch(new RegExp(`^ {2}${name}: must be 32 random bytes`, 'm'));
    expect(refused.message).not.toContain('too-short');
  });
});

describe('loadEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      ATHENA_TIMEOUT_MS: 8_000,
      EHR_CACHE_TTL_SECONDS: 60,
      GATEWAY_ENVIRONMENT: 'prod',
      CORS_ORIGINS: [],
      BODY_LIMIT_BYTES: 1_048_576,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      REQUEST_LOG_RETENTION_DAYS: 30,
      REQUEST_LOG_MAX_BODY_BYTES: 16_384,
      TRUST_PROXY: [],
      REQUEST_TIMEOUT_MS: 30_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 10_000,
      DATABASE_CONNECT_TIMEOUT_MS: 3_000,
      MAX_CONNECTIONS: 4_096,
    });
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'ADMIN_PASSWORD',
      'ATHENA_BASE_URL',
      'ATHENA_CLIENT_ID',
      'ATHENA_CLIENT_SECRET',
      'ATHENA_PRACTICE_ID',
      'LOG_LEVEL',
      'CONSOLE_DIR',
    ] as const) {
      expect(env[name], name).toBeUndefined();
    }
  });

  it('treats empty and blank values as unset, for every variable', () => {
    const empty = Object.fromEntries(ALL_VARIABLES.map((name) => [name, '']));
    expect(loadEnv(empty)).toEqual(loadEnv({}));
    const blank = Object.fromEntries(ALL_VARIABLES.map((name) => [name, '   ']));
    expect(loadEnv(blank)).toEqual(loadEnv({}));
    expect(loadEnv({ PORT: '' }).PORT).toBe(8080);
    expect(loadEnv({ HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ ADMIN_PASSWORD: '' }).ADMIN_PASSWORD).toBeUndefined();
  });

  it('ignores variables it does not know', () => {
    expect(loadEnv({ PATH: '/usr/bin', HOME: '/root' })).toEqual(loadEnv({}));
  });

  it('reads and converts the values it is given', () => {
    const env = loadEnv({
      PORT: '9000',
      HOST: ' 0.0.0.0 ',
      DATABASE_URL: 'postgres://u:p@db:5432/ehr',
      ADMIN_PASSWORD: '12345678',
      ATHENA_BASE_URL: 'https://api.preview.platform.athenahealth.com',
      ATHENA_PRACTICE_ID: '195900',
      LOG_LEVEL: 'debug',
      BODY_LIMIT_BYTES: '2048',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(env).toMatchObject({
      PORT: 9000,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/ehr',
      ADMIN_PASSWORD: '12345678',
      ATHENA_BASE_URL: 'https://api.preview.platform.athenahealth.com',
      ATHENA_PRACTICE_ID: '195900',
      LOG_LEVEL: 'debug',
      BODY_LIMIT_BYTES: 2048,
      TRUST_PROXY: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
    // Trusting every client would let any caller choose its own address (and dodge lockouts).
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxies/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
  });

  it('splits CORS_ORIGINS on commas, trimming and skipping empty items', () => {
    expect(
      loadEnv({ CORS_ORIGINS: ' https://a.example ,https://b.example:8443,, ' }).CORS_ORIGINS,
    ).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(loadEnv({ CORS_ORIGINS: '*' }).CORS_ORIGINS).toEqual(['*']);
    expect(loadEnv({ CORS_ORIGINS: ' , ,' }).CORS_ORIGINS).toEqual([]);
  });

  it.each(['abc', '70000', '-1', '80.5', '8080x'])('refuses PORT=%s, naming PORT', (value) => {
    const error = envErrorFor({ PORT: value });
    expect(error.message).toMatch(/^Invalid environment:\n/);
    expect(error.message).toMatch(/^ {2}PORT: /m);
  });

  it.each(['verbose', 'INFO', 'trace'])('refuses LOG_LEVEL=%s, naming LOG_LEVEL', (value) => {
    expect(envErrorFor({ LOG_LEVEL: value }).message).toMatch(/^ {2}LOG_LEVEL: /m);
  });

  it.each(['not a url', 'api.athenahealth.com', 'https//missing-colon'])(
    'refuses ATHENA_BASE_URL=%s, naming ATHENA_BASE_URL',
    (value) => {
      expect(envErrorFor({ ATHENA_BASE_URL: value }).message).toMatch(/^ {2}ATHENA_BASE_URL: /m);
    },
  );

  it('refuses an ADMIN_PASSWORD shorter than 8 or longer than 200 characters, without echoing it', () => {
    const short = envErrorFor({ ADMIN_PASSWORD: 'hunter2' });
    expect(short.message).toMatch(/^ {2}ADMIN_PASSWORD: /m);
    expect(short.message).not.toContain('hunter2');
    expect(envErrorFor({ ADMIN_PASSWORD: 'p'.repeat(201) }).message).toMatch(/ADMIN_PASSWORD/);
    expect(loadEnv({ ADMIN_PASSWORD: 'p'.repeat(200) }).ADMIN_PASSWORD).toHaveLength(200);
  });

  it('refuses other invalid values, naming each variable at once', () => {
    const error = envErrorFor({
      ATHENA_PRACTICE_ID: 'practice-1',
      TRUST_PROXY: 'yes',
      SESSION_IDLE_MINUTES: '0',
      BODY_LIMIT_BYTES: '1.5',
    });
    for (const name of [
      'ATHENA_PRACTICE_ID',
      'TRUST_PROXY',
      'SESSION_IDLE_MINUTES',
      'BODY_LIMIT_BYTES',
    ]) {
      expect(error.message).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    }
    expect(error.message).not.toMatch(/PORT|LOG_LEVEL/);
  });

  it('reads the FHIR EHR settings and refuses a base URL without credentials or practice', () => {
    const env = loadEnv({
      FHIR_BASE_URL: 'https://fhir.example.org/r4/',
      FHIR_CLIENT_ID: 'gateway',
      FHIR_CLIENT_SECRET: 'secret-value',
      FHIR_VENDOR: 'oracle',
      FHIR_PRACTICE_ID: '12345',
    });
    expect(env).toMatchObject({
      FHIR_BASE_URL: 'https://fhir.example.org/r4',
      FHIR_VENDOR: 'oracle',
      FHIR_SCOPES: expect.stringContaining('system/Slot.rs'),
      FHIR_MAX_QPS: 10,
      FHIR_CHANGES_POLL_SECONDS: 30,
      FHIR_CHANGES_OVERLAP_SECONDS: 60,
    });
    expect(loadEnv({}).FHIR_VENDOR).toBe('generic');
    const message = envErrorFor({ FHIR_BASE_URL: 'https://fhir.example.org/r4' }).message;
    expect(message).toContain('FHIR_BASE_URL needs FHIR_PRIVATE_KEY');
    expect(message).toContain('FHIR_BASE_URL needs FHIR_CLIENT_ID and FHIR_PRACTICE_ID');
    expect(envErrorFor({ FHIR_VENDOR: 'meditech' }).message).toContain('FHIR_VENDOR');
  });
});
