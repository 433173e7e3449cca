import { describe, expect, it } from 'vitest';

import { EnvError, loadEnv } from '../src/env.js';

describe('loadEnv', () => {
  it('defaults to 127.0.0.1:9090 and the built-in practice and credentials', () => {
    expect(loadEnv({})).toEqual({
      port: 9090,
      host: '127.0.0.1',
      options: {
        practiceId: undefined,
        clientId: undefined,
        clientSecret: undefined,
        tokenTtlSeconds: undefined,
        tokenLimitPerMinute: undefined,
        seed: undefined,
      },
    });
  });

  it('reads every SANDBOX_ variable', () => {
    expect(
      loadEnv({
        SANDBOX_PORT: '9191',
        SANDBOX_HOST: '0.0.0.0',
        SANDBOX_PRACTICE_ID: '1128700',
        SANDBOX_CLIENT_ID: 'id',
        SANDBOX_CLIENT_SECRET: 'secret',
        SANDBOX_TOKEN_TTL_SECONDS: '120',
        SANDBOX_TOKEN_LIMIT_PER_MINUTE: '50',
        SANDBOX_SEED: '7',
      }),
    ).toEqual({
      port: 9191,
      host: '0.0.0.0',
      options: {
        practiceId: '1128700',
        clientId: 'id',
        clientSecret: 'secret',
        tokenTtlSeconds: 120,
        tokenLimitPerMinute: 50,
        seed: 7,
      },
    });
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => loadEnv({ SANDBOX_PORT: 'http' })).toThrow(EnvError);
    expect(() => loadEnv({ SANDBOX_PORT: '70000' })).toThrow(/SANDBOX_PORT/);
    expect(() => loadEnv({ SANDBOX_TOKEN_TTL_SECONDS: '0' })).toThrow(/SANDBOX_TOKEN_TTL_SECONDS/);
    expect(() => loadEnv({ SANDBOX_PRACTICE_ID: 'abc' })).toThrow(/SANDBOX_PRACTICE_ID/);
  });
});
