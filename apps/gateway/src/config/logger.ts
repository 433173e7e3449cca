import type { FastifyServerOptions } from 'fastify';

import { CREDENTIAL_HEADERS } from '@ehr-gateway/contracts';

import { REDACTED, redactUrl } from '../lib/redaction.js';

/**
 * The server log's options: credential headers censored, credential-looking query parameters
 * redacted from logged URLs, and no request or response bodies (Fastify never logs them).
 */
export function serverLoggerOptions({
  level,
  stream,
}: {
  level: string;
  stream?: { write: (line: string) => void };
}): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        ...CREDENTIAL_HEADERS.map((name) => `req.headers["${name}"]`),
        ...CREDENTIAL_HEADERS.map((name) => `res.headers["${name}"]`),
      ],
      censor: REDACTED,
    },
  };
}
