import { z } from 'zod';

import { FhirVendor } from '@ehr-gateway/contracts';

import { optionalString } from './env-fields.js';

/** Read, search and the writes booking needs, in SMART v2 syntax (v1: `system/Slot.read`…). */
export const DEFAULT_FHIR_SCOPES = [
  'system/Patient.crs',
  'system/Practitioner.rs',
  'system/PractitionerRole.rs',
  'system/Location.rs',
  'system/Schedule.rs',
  'system/Slot.rs',
  'system/Appointment.crus',
].join(' ');

/** The environment variables of the FHIR R4 EHR (docs/operations.md, docs/fhir.md). */
export const FHIR_ENV_FIELDS = {
  FHIR_BASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  FHIR_CLIENT_ID: optionalString,
  /** private_key_jwt: a PKCS#8 PEM or a private JWK (JSON) signing the client assertions. */
  FHIR_PRIVATE_KEY: optionalString,
  /** The key FHIR_PRIVATE_KEY replaced, still published in the JWKS during a rotation's grace. */
  FHIR_PREVIOUS_PUBLIC_KEY: optionalString,
  /** client_secret_basic, for EHRs whose system accounts use a secret (Oracle Health). */
  FHIR_CLIENT_SECRET: optionalString,
  FHIR_SCOPES: z.string().trim().min(1).default(DEFAULT_FHIR_SCOPES),
  FHIR_VENDOR: optionalString.pipe(FhirVendor.default('generic')),
  FHIR_PRACTICE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,20}$/, 'must be 1 to 20 digits (the practice id callers put in the path)')
      .optional(),
  ),
  FHIR_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
  FHIR_MAX_QPS: z.coerce.number().int().positive().default(10),
  /** How often the `_lastUpdated` change poll runs (0: never). */
  FHIR_CHANGES_POLL_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How far each change search reaches back before the watermark. */
  FHIR_CHANGES_OVERLAP_SECONDS: z.coerce.number().int().min(0).default(60),
};

type FhirEnv = z.infer<z.ZodObject<typeof FHIR_ENV_FIELDS>>;

/** How to reach the FHIR R4 EHR; incomplete settings leave source=fhir unconfigured. */
export interface FhirSettings {
  baseUrl: string | undefined;
  clientId: string | undefined;
  privateKey: string | undefined;
  previousPublicKey: string | undefined;
  clientSecret: string | undefined;
  scopes: string;
  vendor: FhirVendor;
  practiceId: string | undefined;
  timeoutMs: number;
  maxQps: number;
  /** FHIR_CHANGES_POLL_SECONDS; unset in code-built settings: the default, 30. */
  changesPollSeconds?: number;
  /** FHIR_CHANGES_OVERLAP_SECONDS; unset: the default, 60. */
  changesOverlapSeconds?: number;
}

export const isFhirConfigured = (fhir: FhirSettings | undefined): fhir is FhirSettings =>
  Boolean(
    fhir?.baseUrl && fhir.clientId && (fhir.privateKey || fhir.clientSecret) && fhir.practiceId,
  );

export function fhirSettingsFromEnv(env: FhirEnv): FhirSettings {
  return {
    baseUrl: env.FHIR_BASE_URL,
    clientId: env.FHIR_CLIENT_ID,
    privateKey: env.FHIR_PRIVATE_KEY,
    previousPublicKey: env.FHIR_PREVIOUS_PUBLIC_KEY,
    clientSecret: env.FHIR_CLIENT_SECRET,
    scopes: env.FHIR_SCOPES,
    vendor: env.FHIR_VENDOR,
    practiceId: env.FHIR_PRACTICE_ID,
    timeoutMs: env.FHIR_TIMEOUT_MS,
    maxQps: env.FHIR_MAX_QPS,
    changesPollSeconds: env.FHIR_CHANGES_POLL_SECONDS,
    changesOverlapSeconds: env.FHIR_CHANGES_OVERLAP_SECONDS,
  };
}

/** Settings that parse alone but not together; each names its variables. */
export function fhirEnvProblems(env: FhirEnv): string[] {
  const problems: string[] = [];
  if (env.FHIR_BASE_URL && !env.FHIR_PRIVATE_KEY && !env.FHIR_CLIENT_SECRET) {
    problems.push('FHIR_BASE_URL needs FHIR_PRIVATE_KEY (private_key_jwt) or FHIR_CLIENT_SECRET');
  }
  if (env.FHIR_BASE_URL && (!env.FHIR_CLIENT_ID || !env.FHIR_PRACTICE_ID)) {
    problems.push('FHIR_BASE_URL needs FHIR_CLIENT_ID and FHIR_PRACTICE_ID');
  }
  return problems;
}
