import net from 'node:net';

import { z } from 'zod';

import { DEFAULT_ALERT_ERROR_RATE_PERCENT, LogLevel } from '@ehr-gateway/contracts';

import { commaList, optionalString, sealingKey } from './env-fields.js';
import { FHIR_ENV_FIELDS, fhirEnvProblems } from './fhir-env.js';
import { SSO_ENV_FIELDS, ssoEnvProblems } from './sso-env.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An IPv4 or IPv6 address, optionally with a prefix length (10.0.0.0/8, fd00::/8). */
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || net.isIP(address) === 0) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (net.isIPv4(address) ? 32 : 128);
}

/** Every environment variable the gateway reads. docs/operations.md mirrors this list. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).max(200).optional()),
  ATHENA_BASE_URL: optionalString.pipe(z.url().optional()),
  ATHENA_CLIENT_ID: optionalString,
  ATHENA_CLIENT_SECRET: optionalString,
  ATHENA_PRACTICE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  ),
  ATHENA_TIMEOUT_MS: positiveInt(8_000),
  EHR_CACHE_TTL_SECONDS: positiveInt(60),
  VAPI_SECRET: optionalString.pipe(z.string().min(16).max(200).optional()),
  PUBLIC_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  RETELL_API_KEY: optionalString.pipe(z.string().min(16).max(200).optional()),
  TOOL_TOKEN_SECRET: optionalString.pipe(z.string().min(32).max(200).optional()),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).max(200).optional()),
  PROMETHEUS_KEY_NAMES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: positiveInt(8_000),
  LOG_LEVEL: LogLevel.optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  GATEWAY_ENVIRONMENT: z.string().trim().min(1).max(30).default('prod'),
  CORS_ORIGINS: commaList,
  CONSOLE_DIR: optionalString,
  BODY_LIMIT_BYTES: positiveInt(1_048_576),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_MAX_HOURS: positiveInt(12),
  REQUEST_LOG_RETENTION_DAYS: positiveInt(30),
  AUDIT_RETENTION_DAYS: positiveInt(2_192),
  PAYLOAD_ENCRYPTION_KEY: sealingKey,
  WEBHOOKS_SECRETS_KEY: sealingKey,
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  REQUEST_LOG_MAX_BODY_BYTES: positiveInt(16_384),
  REQUEST_LOG_SPOOL_DIR: optionalString,
  REQUEST_LOG_SPOOL_MAX_MB: positiveInt(1_024),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '' && entry !== 'false' && entry !== '0');
      const bad = entries.find((entry) => !isAddressOrCidr(entry));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            bad === 'true' || bad === '1'
              ? 'name the proxies instead of trusting every client (addresses or CIDRs, comma-separated, e.g. 10.0.0.0/8)'
              : `"${bad}" is not an IP address or CIDR`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(3_000),
  MAX_CONNECTIONS: positiveInt(4_096),
  DEFAULT_KEY_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  ATHENA_MAX_QPS: positiveInt(10),
  ATHENA_MAX_CONCURRENCY: positiveInt(20),
  ATHENA_QUEUE_TIMEOUT_MS: positiveInt(2_000),
  GATEWAY_INSTANCES: positiveInt(1),
  /** Worker processes of this instance; unset: the machine's cores with DATABASE_URL, else 1. */
  GATEWAY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
  OTEL_SERVICE_NAME: optionalString.pipe(z.string().max(100).default('ehr-api-gateway')),
  ALERT_ERROR_RATE_PERCENT: z.coerce
    .number()
    .gt(0)
    .max(100)
    .default(DEFAULT_ALERT_ERROR_RATE_PERCENT),
  ...SSO_ENV_FIELDS,
  ...FHIR_ENV_FIELDS,
});
export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // `NAME=` (as shells and compose files produce for an unset value) means unset, not empty.
  const given = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = EnvSchema.safeParse(given);
  const lines = result.success
    ? [...ssoEnvProblems(result.data), ...fhirEnvProblems(result.data)].map(
        (problem) => `  ${problem}`,
      )
    : result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
