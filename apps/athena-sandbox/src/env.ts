import type { SandboxOptions } from './state.js';

export interface SandboxEnv {
  port: number;
  host: string;
  options: SandboxOptions;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number) {
  const text = env[name]?.trim();
  if (!text) {
    return undefined;
  }
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new EnvError(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

function text(env: NodeJS.ProcessEnv, name: string) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** The sandbox's settings from SANDBOX_* environment variables; defaults where unset. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  const practiceId = text(env, 'SANDBOX_PRACTICE_ID');
  if (practiceId !== undefined && !/^\d{1,10}$/.test(practiceId)) {
    throw new EnvError(`SANDBOX_PRACTICE_ID must be numeric (got "${practiceId}")`);
  }
  return {
    port: integer(env, 'SANDBOX_PORT', 0, 65_535) ?? 9090,
    host: text(env, 'SANDBOX_HOST') ?? '127.0.0.1',
    options: {
      practiceId,
      clientId: text(env, 'SANDBOX_CLIENT_ID'),
      clientSecret: text(env, 'SANDBOX_CLIENT_SECRET'),
      tokenTtlSeconds: integer(env, 'SANDBOX_TOKEN_TTL_SECONDS', 1, 86_400),
      tokenLimitPerMinute: integer(env, 'SANDBOX_TOKEN_LIMIT_PER_MINUTE', 0, 1_000_000),
      seed: integer(env, 'SANDBOX_SEED', 0, 4_294_967_295),
    },
  };
}
