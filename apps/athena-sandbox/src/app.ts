import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

import { dropConnection, nextFault } from '@ehr-gateway/sandbox-kit';

import { AthenaReply } from './errors.js';
import type { FaultAction } from './faults.js';
import { frontDeskRoutes } from './routes/front-desk.js';
import { sandboxAdminRoutes } from './routes/sandbox-admin.js';
import { tokenRoutes } from './routes/token.js';
import { v1Routes } from './routes/v1.js';
import { createSandboxState, type SandboxOptions, type SandboxState } from './state.js';

export type { SandboxOptions } from './state.js';

/** Which calls faults and counters watch: athena's data API and its token endpoint. */
function kindOf(url: string): 'data' | 'token' | null {
  if (url.startsWith('/v1/')) {
    return 'data';
  }
  return url.startsWith('/oauth2/') ? 'token' : null;
}

function sendFault(
  action: FaultAction,
  state: SandboxState,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  switch (action) {
    case 'drop':
      dropConnection({ request, reply });
      return reply;
    case '503':
      return reply.code(503).send({
        error: 'Service Temporarily Unavailable',
        detailedmessage: 'athenaNet is temporarily unavailable (sandbox fault).',
      });
    case '429':
      return reply
        .code(429)
        .header('retry-after', String(state.faults.settings.retryAfterSeconds))
        .send({
          error: 'Too Many Requests',
          detailedmessage: 'Rate limit exceeded (sandbox fault).',
        });
    case 'over-qps':
      return reply
        .code(403)
        .header('x-mashery-error-code', 'ERR_403_DEVELOPER_OVER_QPS')
        .type('text/html')
        .send('<h1>Developer Over Qps</h1>');
  }
}

/**
 * The athena sandbox: athenaOne's wire format (OAuth2 token endpoint, bearer-protected
 * /v1/{practiceid}/... routes, form-encoded writes) over the synthetic practice, plus fault
 * knobs under /_sandbox. Returns the app without listening.
 */
export function buildSandbox(
  options: SandboxOptions = {},
): FastifyInstance & { sandbox: SandboxState } {
  const state = createSandboxState(options);
  const app = Fastify({ logger: options.logger ?? false });
  app.register(formbody);

  app.addHook('onRequest', async (request, reply) => {
    const requestId = request.headers['x-request-id'];
    if (typeof requestId === 'string' && requestId) {
      reply.header('x-request-id', requestId);
    }
    const kind = kindOf(request.url);
    if (kind === 'data') {
      state.stats.dataRequest(`${request.method} ${request.routeOptions.url ?? '(unknown route)'}`);
      if (!state.stats.admitUnderQps(state.faults.settings.qpsLimit)) {
        return sendFault('over-qps', state, request, reply);
      }
    }
    const action = await nextFault(state.faults, state.stats, kind);
    if (action) {
      return sendFault(action, state, request, reply);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (kindOf(request.url)) {
      state.stats.status(reply.statusCode);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AthenaReply) {
      return reply.code(error.statusCode).send(error.body);
    }
    const fastifyError = error as { statusCode?: number; message?: string };
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: fastifyError.message ?? 'Bad request.' });
    }
    request.log.error(error);
    return reply.code(500).send({ error: 'An internal error occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: 'Not Found',
      detailedmessage: `There is no ${request.method} ${request.url.split('?')[0]} in this API.`,
    }),
  );

  app.register(tokenRoutes(state));
  app.register(v1Routes(state), { prefix: '/v1/:practiceid' });
  app.register(sandboxAdminRoutes(state));
  app.register(frontDeskRoutes(state));

  return Object.assign(app, { sandbox: state });
}
