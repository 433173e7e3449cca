import { z } from 'zod';

import { IsoDateTime } from './common.js';
import { FhirVendor } from './ehr.js';

export const ConnectionStatus = z.enum(['connected', 'disconnected']);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

const BreakerState = z.enum(['closed', 'half-open', 'open']);

export const EhrStatus = z.object({
  athena: z.object({
    status: ConnectionStatus,
    /** Whether the gateway has athena credentials at all (ATHENA_* settings). */
    configured: z.boolean(),
    practiceId: z.string().nullable(),
    lastSyncedAt: IsoDateTime.nullable(),
    message: z.string().nullable(),
    /** The circuit breaker in front of athena; null when not configured. */
    breakerState: BreakerState.nullable(),
    /** Access tokens obtained since this instance started. */
    tokenRefreshes: z.number().int(),
  }),
  /** The FHIR R4 EHR (source=fhir), reached with SMART Backend Services. */
  fhir: z.object({
    status: ConnectionStatus,
    /** Whether FHIR_BASE_URL, FHIR_CLIENT_ID, a key or secret and FHIR_PRACTICE_ID are set. */
    configured: z.boolean(),
    /** FHIR_VENDOR: whose rules the connector follows; null when not configured. */
    vendor: FhirVendor.nullable(),
    practiceId: z.string().nullable(),
    lastSyncedAt: IsoDateTime.nullable(),
    /** When this instance last obtained an access token from the EHR. */
    lastTokenAt: IsoDateTime.nullable(),
    message: z.string().nullable(),
    breakerState: BreakerState.nullable(),
    tokenRefreshes: z.number().int(),
    /**
     * Why changes made in the EHR outside the gateway are not (all) turned into webhook events
     * (its CapabilityStatement lacks the `_lastUpdated` search); null when they are.
     */
    changeFeedProblem: z.string().nullable().optional(),
  }),
  mockEhr: z.object({
    status: ConnectionStatus,
  }),
});
export type EhrStatus = z.infer<typeof EhrStatus>;
