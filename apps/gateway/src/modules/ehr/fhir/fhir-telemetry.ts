import type { BreakerState } from '../athena/circuit-breaker.js';

/** The FHIR connection's state for EHR status and metrics (never a token or key). */
export interface FhirTelemetry {
  breakerState: BreakerState;
  /** Access tokens obtained since start. */
  tokenRefreshes: number;
  /** Token requests refused or failed since start. */
  tokenFailures: number;
  /** When the latest access token was obtained; null before the first. */
  lastTokenAt: string | null;
}
