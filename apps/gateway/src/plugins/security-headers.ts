import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The console calls only its own origin; cross-origin isolation would break nothing but gains
  // nothing either, and CORS clients of the gateway routes must still read answers.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet sets for these options, computed once: with static directives they are the
 * same on every answer, and helmet's middleware re-derives them (parsing the CSP) per request.
 */
export function securityHeaderSet(options: Readonly<HelmetOptions> = HELMET_OPTIONS) {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}

/**
 * Security headers on every answer, with a content security policy the console runs under: its
 * own scripts only (the theme is set by an external script, not an inline one).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaderSet();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
