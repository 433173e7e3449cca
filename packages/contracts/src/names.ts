/**
 * The one home of every name that more than one part of the product relies on: path prefixes,
 * OpenAPI tags, headers, the session cookie. The gateway, the console, the e2e suite and the
 * benchmarks import these; none of them spells one out again. Lists that belong to one concern
 * live beside this file and are re-exported by the package index.
 */

import { FHIR_BASE_PREFIX } from './fhir.js';

/** Gateway route families with a fixed prefix (the EHR routes live under the configurable apiRoot). */
export const GATEWAY_PREFIXES = {
  aggregation: '/aggregate',
  voiceConfig: '/voice-config',
  llmTools: '/llm',
  utility: '/utility',
  /** Webhook endpoints of API clients with the `events` scope (webhooks.ts: WEBHOOK_ROUTES). */
  webhooks: '/webhooks',
  /** The FHIR R4 face (fhir.ts): `/fhir/r4/{source}/{practiceId}`. */
  fhir: FHIR_BASE_PREFIX,
} as const;

/** Where the EHR routes are reachable until an administrator picks another apiRoot. */
export const DEFAULT_API_ROOT = '/api';

/**
 * The OpenAPI security schemes the document declares and each operation names; the console's
 * documentation says them in words.
 */
export const SECURITY_SCHEMES = {
  apiKey: 'apiKey',
  vapiSecret: 'vapiSecret',
  adminSession: 'adminSession',
  metricsToken: 'metricsToken',
} as const;
export type SecurityScheme = (typeof SECURITY_SCHEMES)[keyof typeof SECURITY_SCHEMES];

/** The admin API (cookie session). */
export const ADMIN_PREFIX = '/admin';

/** Where admins manage every webhook endpoint: `/admin/webhooks` + WEBHOOK_ROUTES. */
export const ADMIN_WEBHOOKS_PREFIX = `${ADMIN_PREFIX}${GATEWAY_PREFIXES.webhooks}`;

/** Paths the gateway serves itself and the console's client-side router never owns. */
export const SERVICE_PATHS = {
  health: '/healthz',
  readiness: '/readyz',
  openApi: '/openapi.json',
  /** The console build's hashed files. */
  assets: '/assets',
  /** The public keys the gateway signs SMART client assertions with (FHIR EHRs fetch them). */
  jwks: '/.well-known/jwks.json',
} as const;

/** The console's screens (client-side routes; the gateway answers them with the console's index). */
export const CONSOLE_PATHS = {
  dashboard: '/',
  endpoints: '/endpoints',
  logs: '/logs',
  metrics: '/metrics',
  apiKeys: '/api-keys',
  configuration: '/configuration',
  users: '/users',
  audit: '/audit',
  /** Not `/webhooks`: that is the API clients' prefix (GATEWAY_PREFIXES.webhooks). */
  webhooks: '/webhook-endpoints',
  account: '/account',
} as const;

/**
 * EHR routes are registered under this internal prefix; the server maps `{apiRoot}/…` onto it, so a
 * new apiRoot applies on the next request. Clients never see it.
 */
export const INTERNAL_EHR_PREFIX = '/_ehr';

/** OpenAPI tags: they group the gateway's routes and the console's documentation tabs. */
export const API_TAGS = {
  ehr: 'EHR',
  aggregation: 'Custom aggregation',
  voiceConfig: 'Voice config',
  voiceAgentTools: 'Voice agent tools',
  utility: 'Utility',
  fhir: 'FHIR R4',
  webhooks: 'Webhooks',
  health: 'Health',
  adminSession: 'Admin: session',
  adminApiKeys: 'Admin: API keys',
  adminConfiguration: 'Admin: configuration',
  adminRequestLogs: 'Admin: request logs',
  adminMetrics: 'Admin: metrics',
  adminAlerts: 'Admin: alerts',
  adminStatus: 'Admin: status',
  adminUsers: 'Admin: users',
  adminAudit: 'Admin: audit',
  adminWebhooks: 'Admin: webhooks',
} as const;
export type ApiTag = (typeof API_TAGS)[keyof typeof API_TAGS];

/** Headers with a meaning in the gateway, lower-case as Node delivers them. */
export const HEADERS = {
  apiKey: 'x-api-key',
  /** Retell's request signature, `v=<ms>,d=<hex>` (custom-function calls). */
  retellSignature: 'x-retell-signature',
  vapiSecret: 'x-vapi-secret',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
  /** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
  idempotentReplayed: 'idempotent-replayed',
  cache: 'x-cache',
  serverTiming: 'server-timing',
  retryAfter: 'retry-after',
  /** draft-ietf-httpapi-ratelimit-headers: the limits a key is under, and where it stands. */
  rateLimitPolicy: 'ratelimit-policy',
  rateLimit: 'ratelimit',
  /** FHIR: `handling=strict` refuses unknown search parameters (lenient by default). */
  prefer: 'prefer',
  /** FHIR conditional create: a search that, matching, means the resource already exists. */
  ifNoneExist: 'if-none-exist',
  ifMatch: 'if-match',
  etag: 'etag',
  location: 'location',
  /** Standard Webhooks, on every delivery: the event id, unix seconds, `v1,<base64>` signatures. */
  webhookId: 'webhook-id',
  webhookTimestamp: 'webhook-timestamp',
  webhookSignature: 'webhook-signature',
} as const;

/**
 * Headers whose values are credentials. Neither the request log nor the server log ever keeps
 * their values.
 */
export const CREDENTIAL_HEADERS = [
  HEADERS.apiKey,
  HEADERS.vapiSecret,
  HEADERS.retellSignature,
  HEADERS.webhookSignature,
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
] as const;

/**
 * Query parameters that look like credentials (keys sent in the URL by mistake). Their values are
 * redacted wherever a URL or a query is logged. Compared case-insensitively.
 */
export const CREDENTIAL_QUERY_PARAMS = [
  'api_key',
  'apikey',
  'api-key',
  'key',
  HEADERS.apiKey,
  'access_token',
  'token',
  'secret',
  'password',
] as const;

/**
 * How every gateway API key begins. Anything of a key's shape (this prefix and 16 or more key
 * characters) is redacted from logged URLs wherever it appears, whatever parameter carries it.
 */
export const API_KEY_PREFIX = 'ehrgw_';

/** The admin session cookie (HttpOnly, SameSite=Strict, path /admin). */
export const SESSION_COOKIE = 'ehrgw_session';

/** The session cookie is only ever sent to the admin API. */
export const SESSION_COOKIE_PATH = ADMIN_PREFIX;

/** Top-level paths the gateway or the console own; an apiRoot may not shadow any of them. */
export const RESERVED_PATH_PREFIXES: readonly string[] = [
  ADMIN_PREFIX,
  ...Object.values(GATEWAY_PREFIXES),
  ...Object.values(SERVICE_PATHS),
  ...Object.values(CONSOLE_PATHS).filter((path) => path !== '/'),
  INTERNAL_EHR_PREFIX,
];
