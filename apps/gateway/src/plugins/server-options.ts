import { randomUUID } from 'node:crypto';

import type { Server } from 'node:http';

import { LogController, type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';

import { DEFAULT_API_ROOT, HEADERS } from '@ehr-gateway/contracts';

import { rewriteEhrUrl } from '../modules/ehr/index.js';
import { answerClientError, answerFrameworkError } from './pre-routing-refusals.js';

/** How the HTTP server itself behaves: limits, timeouts, logging and the proxies it trusts. */
export interface ServerOptions {
  logger?: FastifyServerOptions['logger'];
  bodyLimit?: number;
  /** Addresses or CIDRs of the reverse proxies whose X-Forwarded-* headers are believed. */
  trustProxy?: string[];
  /** How long a client may take to send a whole request (headers and body) before a 408. */
  requestTimeoutMs?: number;
  /** How often open connections are checked against that timeout. */
  timeoutCheckIntervalMs?: number;
}

/** The defaults docs/operations.md documents: time enough for any real client, none for a stall. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_HEADERS_TIMEOUT_MS = 10_000;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The Fastify server options the gateway runs with. */
export function fastifyOptionsFor(options: ServerOptions): FastifyHttpOptions<Server> {
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    // Called with the server as `this`, before routing: `{apiRoot}/…` reaches the EHR routes.
    rewriteUrl(request) {
      const apiRoot = this.hasDecorator('currentApiRoot')
        ? this.currentApiRoot()
        : DEFAULT_API_ROOT;
      return rewriteEhrUrl(request.url ?? '/', apiRoot);
    },
    logger: options.logger ?? false,
    // The access log plugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    // A client sending its headers or body a byte at a time is cut off (408). Node checks the
    // request timeout only while the headers timeout is no longer than it.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, MAX_HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: options.timeoutCheckIntervalMs ?? 1_000,
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const supplied = request.headers[HEADERS.requestId];
      return typeof supplied === 'string' && REQUEST_ID_PATTERN.test(supplied)
        ? supplied
        : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    // Refusals made before any hook runs, answered in the gateway's shape and request-logged.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  };
}
