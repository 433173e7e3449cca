import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { LogLevel } from '@ehr-gateway/contracts';

import type { Env } from './env.js';
import { fhirSettingsFromEnv, type FhirSettings } from './fhir-env.js';
import { signInSettingsFromEnv, type SignInSettings } from './sso-env.js';

export type { OidcSettings, SignInSettings } from './sso-env.js';
export { isFhirConfigured, type FhirSettings } from './fhir-env.js';

/** How to reach athenahealth; incomplete settings leave the Athena EHR unconfigured. */
export interface AthenaSettings {
  baseUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  practiceId: string | undefined;
}

export const isAthenaConfigured = (athena: AthenaSettings) =>
  Boolean(athena.baseUrl && athena.clientId && athena.clientSecret && athena.practiceId);

/** Everything the gateway is told at start; the gateway config in the database may change more. */
export interface GatewaySettings {
  environment: string;
  version: string;
  adminUsername: string;
  adminPassword: string | undefined;
  athena: AthenaSettings;
  corsOrigins: string[];
  consoleDir: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  requestLogRetentionDays: number;
  /** How long audit events are kept (six years, HIPAA's documentation period, by default). */
  auditRetentionDays: number;
  requestLogMaxBodyBytes: number;
  /**
   * The request log's journal: every entry is on disk here before its answer goes out, until the
   * database holds it. Unset keeps entries in memory only (tests).
   */
  requestLogSpoolDir?: string;
  /** The journal's size limit; past it entries are kept in memory only (see docs/operations.md). */
  requestLogSpoolMaxBytes?: number;
  /** The log level until an administrator saves one in the gateway config. */
  initialLogLevel: LogLevel;
  /** Shared response cache; without it each instance caches in memory. */
  redisUrl?: string;
  athenaTimeoutMs?: number;
  ehrCacheTtlSeconds?: number;
  /** Vapi's shared secret for the voice-agent tool route; unset accepts API keys only. */
  vapiSecret?: string;
  /** Retell's API key: it signs custom-function calls (X-Retell-Signature); unset refuses them. */
  retellApiKey?: string;
  /** Seals the references voice tools hand out; unset, a random secret of this process. */
  toolTokenSecret?: string;
  /** The address clients reach the gateway at (behind a proxy); else each request's own origin. */
  publicBaseUrl?: string;
  /** A scraper's bearer token for GET /admin/metrics/prometheus; unset needs a session. */
  metricsToken?: string;
  /** Prometheus labels name API keys as well as giving their ids. */
  prometheusKeyNames?: boolean;
  /** The share of 5xx answers over 5 minutes (in percent) above which an alert is raised. */
  alertErrorRatePercent?: number;
  /** The AES-256 key that seals request-log payloads captured in full; null refuses full capture. */
  payloadEncryptionKey: Buffer | null;
  /** Signed webhooks: see docs/webhooks.md. Absent in tests that do not deliver any. */
  webhooks?: WebhookSettings;
  /** Requests per minute for keys without their own rate limit; undefined is unlimited. */
  defaultKeyRateLimit?: number;
  /** The athena QPS governor (see docs/operations.md, "Traffic control"). */
  athenaGovernor?: AthenaGovernorSettings;
  /** An OpenAI-compatible model for smart scheduling; the built-in analyser answers without it. */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };
  /** How people sign in to the console: AUTH_MODE, OIDC single sign-on, break-glass, LOCAL_MFA. */
  signIn?: SignInSettings;
  /** The FHIR R4 EHR (source=fhir); unset or incomplete leaves it unconfigured. */
  fhir?: FhirSettings;
}

export interface WebhookSettings {
  /** Deliveries may go to loopback, private and link-local addresses, and over plain http. */
  allowPrivate: boolean;
  /** Seals endpoint secrets; else derived from PAYLOAD_ENCRYPTION_KEY, else kept in keyFile. */
  secretsKey: Buffer | null;
  /** Where a generated sealing key is kept when neither key is set (DATA_DIR). */
  keyFile?: string;
}

export interface AthenaGovernorSettings {
  /** Calls per second the whole fleet may send athena. */
  maxQps: number;
  /** Calls in flight to athena at once, per instance. */
  maxConcurrency: number;
  /** How long a call waits for its turn before the 503 UPSTREAM_BUSY. */
  queueTimeoutMs: number;
  /** Instances sharing the allowance when there is no Redis to count it together. */
  instances: number;
}

export const DEFAULT_ATHENA_GOVERNOR: AthenaGovernorSettings = {
  maxQps: 10,
  maxConcurrency: 20,
  queueTimeoutMs: 2_000,
  instances: 1,
};

const BUILT_CONSOLE_DIR = fileURLToPath(new URL('../../../console/dist', import.meta.url));

/** The settings an environment describes (see docs/operations.md for each variable). */
export function settingsFromEnv(env: Env, version: string): GatewaySettings {
  return {
    environment: env.GATEWAY_ENVIRONMENT,
    version,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    athena: {
      baseUrl: env.ATHENA_BASE_URL,
      clientId: env.ATHENA_CLIENT_ID,
      clientSecret: env.ATHENA_CLIENT_SECRET,
      practiceId: env.ATHENA_PRACTICE_ID,
    },
    corsOrigins: env.CORS_ORIGINS,
    consoleDir: env.CONSOLE_DIR ?? BUILT_CONSOLE_DIR,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionMaxHours: env.SESSION_MAX_HOURS,
    requestLogRetentionDays: env.REQUEST_LOG_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    requestLogMaxBodyBytes: env.REQUEST_LOG_MAX_BODY_BYTES,
    requestLogSpoolDir: env.REQUEST_LOG_SPOOL_DIR ?? path.join(env.DATA_DIR, 'request-log-spool'),
    requestLogSpoolMaxBytes: env.REQUEST_LOG_SPOOL_MAX_MB * 1024 * 1024,
    initialLogLevel: env.LOG_LEVEL ?? 'info',
    redisUrl: env.REDIS_URL,
    athenaTimeoutMs: env.ATHENA_TIMEOUT_MS,
    ehrCacheTtlSeconds: env.EHR_CACHE_TTL_SECONDS,
    vapiSecret: env.VAPI_SECRET,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    retellApiKey: env.RETELL_API_KEY,
    toolTokenSecret: env.TOOL_TOKEN_SECRET,
    metricsToken: env.METRICS_TOKEN,
    prometheusKeyNames: env.PROMETHEUS_KEY_NAMES,
    alertErrorRatePercent: env.ALERT_ERROR_RATE_PERCENT,
    payloadEncryptionKey: env.PAYLOAD_ENCRYPTION_KEY ?? null,
    webhooks: {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      secretsKey: env.WEBHOOKS_SECRETS_KEY ?? null,
      keyFile: path.join(env.DATA_DIR, 'webhook-secrets.key'),
    },
    defaultKeyRateLimit: env.DEFAULT_KEY_RATE_LIMIT,
    athenaGovernor: {
      maxQps: env.ATHENA_MAX_QPS,
      maxConcurrency: env.ATHENA_MAX_CONCURRENCY,
      queueTimeoutMs: env.ATHENA_QUEUE_TIMEOUT_MS,
      instances: env.GATEWAY_INSTANCES,
    },
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_MS,
          }
        : undefined,
    signIn: signInSettingsFromEnv(env),
    fhir: fhirSettingsFromEnv(env),
  };
}
