import type { FastifyInstance } from 'fastify';

import { redactUrl } from '../lib/redaction.js';

/**
 * One log line per answered request (Fastify's own pair of lines is turned off in createGateway):
 * method, URL with credential parameters redacted, status and time, never headers or bodies.
 * Successful reads outside the gateway's API (the console's polling of /admin, its pages and files,
 * health probes) are logged at debug, so `info` shows the traffic an operator cares about.
 */
export function registerAccessLog(
  app: FastifyInstance,
  isGatewayPath: (path: string) => boolean,
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The URL the client sent, not the internal one the apiRoot rewrite routes by.
    const url = request.originalUrl;
    const path = url.split('?', 1)[0] ?? url;
    const fields = {
      method: request.method,
      url: redactUrl(url),
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    const routine =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      !isGatewayPath(path);
    request.log[routine ? 'debug' : 'info'](
      fields,
      `${fields.method} ${fields.url} ${fields.statusCode} ${fields.responseTimeMs} ms`,
    );
  });
}
