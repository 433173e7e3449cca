import type { AdminAuthPolicy } from '../modules/admin-auth/index.js';
import type { AthenaTransportOverrides, FhirTransportOverrides } from '../modules/ehr/index.js';
import type { PoolStats } from '../modules/metrics/index.js';
import type { Db } from '../db/database.js';
import type { Tracing } from '../lib/tracing.js';
import type { GatewaySettings } from './settings.js';

/** What the gateway is built from: its storage and settings, and what tests may replace. */
export interface GatewayAppOptions {
  db: Db;
  settings: GatewaySettings;
  /** Told the first admin's password when the gateway generated it; nothing else ever sees it. */
  onGeneratedAdminPassword?: (username: string, password: string) => void;
  /** Told when ADMIN_PASSWORD was set but an admin already existed, so it was ignored. */
  onIgnoredAdminPassword?: (username: string) => void;
  authPolicy?: Partial<AdminAuthPolicy>;
  /** Timers for config refresh, last-used flushes, retention and probes; tests may turn them off. */
  backgroundTasks?: boolean;
  /** Overrides for the Athena connector's transport (tests shorten retries and breaker times). */
  athenaTransport?: AthenaTransportOverrides;
  /** The same for the FHIR connector. */
  fhirTransport?: FhirTransportOverrides;
  /** The PostgreSQL pool's connection counts, for Prometheus (absent on PGlite). */
  dbPoolStats?: () => PoolStats;
  /** The clock sessions, sign-in windows and API-key checks read (tests move it). */
  now?: () => Date;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set: request spans and Redis spans. */
  tracing?: Pick<Tracing, 'tracer' | 'fastifyPlugin'>;
}
