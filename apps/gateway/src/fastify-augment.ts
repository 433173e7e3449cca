import type { ApiScope, LogSource, Permission } from '@ehr-gateway/contracts';

import type { AuthenticatedAdmin } from './modules/admin-auth/index.js';
import type { ApiKeyIdentity } from './modules/api-keys/index.js';
import type { CacheOutcome } from './modules/ehr/index.js';
import type { RequestLogsModule } from './modules/request-logs/index.js';
import type { RecordRefusal } from './plugins/pre-routing-refusals.js';

/** What the operator may do from the server's shell (`npm run admin`); see operator/. */
export interface OperatorCommands {
  resetPassword: (username?: string) => Promise<{ username: string; oneTimePassword: string }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The apiRoot in force on this instance (the gateway config can change it at run time). */
    currentApiRoot: () => string;
    /**
     * The request log's writer, for tests and benchmarks that read the log right after a call
     * (and the writer benchmark, which records exchanges without HTTP in front).
     */
    requestLogWriter: Pick<RequestLogsModule, 'flush' | 'health' | 'record'>;
    /** What the operator may do from the server's shell (`npm run admin`); see operator/. */
    operatorCommands: OperatorCommands;
    /** Records a request refused before routing (see plugins/pre-routing-refusals.ts). */
    recordRefusal: RecordRefusal;
    /** Sends the webhook deliveries due now (tests call it after moving their clock). */
    webhookDelivery: {
      deliverDue: () => Promise<number>;
      /** One round of athena's changed-data feed (0 when athena is not configured). */
      pollAthenaChanges: () => Promise<number>;
      /** One round of the FHIR EHR's `_lastUpdated` poll (0 when the FHIR EHR is not configured). */
      pollFhirChanges: () => Promise<number>;
      /** One round of settling EHR writes a crash interrupted (write intents). */
      recoverEhrWrites: () => Promise<number>;
    };
  }

  interface FastifyContextConfig {
    /**
     * What an admin route needs (every admin route declares one; a test walks them): `public`
     * for signing in and out, `session:self` for one's own session, else a permission a role holds.
     */
    permission?: Permission;
    /** The admin route also accepts METRICS_TOKEN as a bearer token (a Prometheus scraper). */
    acceptsMetricsToken?: boolean;
    /** The route stays open to a user who must first change a one-time password. */
    allowedBeforePasswordChange?: boolean;
    /** Reachable while LOCAL_MFA=required waits for the user to enrol a second factor. */
    allowedBeforeSecondFactor?: boolean;
    /**
     * Marks a gateway route: it needs an API key, is CORS-enabled and request-logged under this
     * source, or under the source the request itself names (read before validation, so refused
     * requests are logged under it too).
     */
    source?: LogSource | ((request: FastifyRequest) => LogSource);
    /** What a gateway route needs of the calling API key (every gateway route declares one). */
    scope?: ApiScope;
    /** The route also takes its API key as `Authorization: Bearer <key>` (FHIR clients send it so). */
    acceptsBearerKey?: boolean;
    /** The route also accepts Vapi's shared secret (X-Vapi-Secret) instead of an API key. */
    acceptsVapiSecret?: boolean;
    /**
     * The route also accepts a Retell-signed request (X-Retell-Signature) instead of an API key;
     * the route checks the signature against the raw body once it has been read.
     */
    acceptsRetellSignature?: boolean;
    /** The route answers any payload itself, even text the gateway would otherwise refuse. */
    acceptsAnyText?: boolean;
  }

  interface FastifyRequest {
    admin?: AuthenticatedAdmin;
    apiKey?: ApiKeyIdentity;
    /** The unexpected error behind a 5xx, kept for the request log's detail. */
    failure?: Error;
    /** Set on gateway traffic (routes with a source, and unknown paths under gateway prefixes). */
    gatewaySource?: LogSource;
    /** A Retell signature presented instead of an API key, still to be checked against the body. */
    retellSignature?: string;
    /** Milliseconds spent waiting on upstream systems, reported in Server-Timing. */
    upstreamMs?: number;
    /** The W3C trace id of the request's span, when tracing is on (stored in the request log). */
    traceId?: string;
    /** Whether the response cache answered (EHR reads while caching is on). */
    cacheOutcome?: CacheOutcome;
  }
}
