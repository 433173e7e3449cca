import type { LogSource } from '@ehr-gateway/contracts';

import type { AuthenticatedAdmin } from './modules/admin-auth/admin-auth-service.js';
import type { ApiKeyIdentity } from './modules/api-keys/api-keys-service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Admin routes reachable without a session (sign-in, sign-out). */
    publicAdminRoute?: boolean;
    /** Marks a gateway route: it needs an API key, is request-logged under this source and CORS-enabled. */
    source?: LogSource;
    /** The route also accepts Vapi's shared secret (X-Vapi-Secret) instead of an API key. */
    acceptsVapiSecret?: boolean;
  }

  interface FastifyRequest {
    admin?: AuthenticatedAdmin;
    apiKey?: ApiKeyIdentity;
    /** The unexpected error behind a 5xx, kept for the request log's detail. */
    failure?: Error;
    /** Set on gateway traffic (routes with a source, and unknown paths under gateway prefixes). */
    gatewaySource?: LogSource;
    /** Milliseconds spent waiting on upstream systems, reported in Server-Timing. */
    upstreamMs?: number;
  }
}
