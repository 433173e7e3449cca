import { z } from 'zod';

import { FhirVendor } from './ehr.js';

/** Facts about this gateway deployment that the console shows read-only. */
export const SystemInfo = z.object({
  environment: z.string(),
  version: z.string(),
  athena: z.object({
    configured: z.boolean(),
    baseUrl: z.string().nullable(),
    /** The client id with all but its last four characters masked; null when not configured. */
    clientIdMasked: z.string().nullable(),
  }),
  mockEhr: z.object({
    enabled: z.boolean(),
  }),
  /** The FHIR R4 EHR's settings (FHIR_*), without its key or secret. */
  fhir: z.object({
    configured: z.boolean(),
    baseUrl: z.string().nullable(),
    clientIdMasked: z.string().nullable(),
    vendor: FhirVendor,
    practiceId: z.string().nullable(),
    scopes: z.string(),
    /** How the gateway authenticates to the token endpoint; null when not configured. */
    authMethod: z.enum(['private_key_jwt', 'client_secret_basic']).nullable(),
    /** The FHIR calls per second the fleet may send. */
    maxQps: z.number().int(),
  }),
  /** How traffic is limited (docs/operations.md, "Traffic control"). */
  trafficControl: z.object({
    /** Where limits are counted now: redis (shared by the fleet) or memory (this instance). */
    store: z.enum(['redis', 'memory']),
    /** Redis is configured but unreachable: this instance counts alone. */
    degraded: z.boolean(),
    message: z.string().nullable(),
    /** The athena calls per second the fleet may send. */
    athenaMaxQps: z.number().int(),
    /** Requests per minute for keys without their own limit; null is unlimited. */
    defaultKeyRateLimit: z.number().int().nullable(),
  }),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
});

export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.object({ ok: z.boolean(), message: z.string().optional() }),
    requestLog: z.object({
      ok: z.boolean(),
      buffered: z.number().int(),
      /** Entries waiting on disk only (in the journal, not in memory). */
      spooled: z.number().int(),
      /** The journal reached REQUEST_LOG_SPOOL_MAX_MB: new entries are kept in memory only. */
      spoolFull: z.boolean(),
      dropped: z.number().int(),
      /** Entries stored without their data because the database refused them whole. */
      reduced: z.number().int(),
      lastError: z.string().nullable(),
      /** Why the latest entry was reduced or dropped. */
      lastDropReason: z.string().nullable(),
    }),
    /** Where rate limits, quotas and the athena QPS allowance are counted. */
    trafficCounters: z.object({
      store: z.enum(['redis', 'memory']),
      /** Redis is configured but unreachable: this instance counts alone. */
      degraded: z.boolean(),
      message: z.string().nullable(),
    }),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

/** One public key the gateway signs SMART client assertions with (RFC 7517; public members only). */
export const PublicJwk = z.object({
  kty: z.enum(['RSA', 'EC']),
  kid: z.string(),
  alg: z.enum(['RS384', 'ES384']),
  use: z.literal('sig'),
  n: z.string().optional(),
  e: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
});

/** `/.well-known/jwks.json`: the current key, and the previous one during a rotation. */
export const PublicKeySet = z.object({ keys: z.array(PublicJwk) });
