import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

import { FhirSearchError } from '@ehr-gateway/fhir-mapping';
import { dropConnection, nextFault } from '@ehr-gateway/sandbox-kit';
import { loadFhirDefinitions } from '@ehr-gateway/fhir-mapping/validation';

import type { FaultAction } from './faults.js';
import { FhirReply, notAcceptable, notFound, outcome, tooMany, unavailable } from './outcome.js';
import { adminRoutes } from './routes/admin.js';
import { fhirRoutes } from './routes/fhir.js';
import { frontDeskRoutes } from './routes/front-desk.js';
import { tokenRoutes } from './routes/token.js';
import {
  createSandboxState,
  FHIR_BASE_PATH,
  TOKEN_PATH,
  type FhirSandboxOptions,
  type SandboxState,
} from './state.js';

export type { FhirSandboxOptions } from './state.js';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** Which calls faults and counters watch. */
function kindOf(url: string): 'fhir' | 'token' | null {
  if (url.startsWith(`${FHIR_BASE_PATH}/`) && !url.includes('/.well-known/')) {
    return 'fhir';
  }
  return url.startsWith(TOKEN_PATH) ? 'token' : null;
}

/** JSON only: an explicit XML (or other) format is 406, as FHIR servers answer. */
function checkFormat(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  const format = typeof query._format === 'string' ? query._format : undefined;
  if (format && !/json/i.test(format)) {
    throw notAcceptable(`_format ${format} is not offered: this server speaks JSON only`, [
      '_format',
    ]);
  }
  const accept = request.headers.accept;
  if (accept && !/json|\*\/\*|application\/\*/i.test(accept)) {
    throw notAcceptable(
      `Accept: ${accept} is not offered: this server speaks application/fhir+json`,
    );
  }
}

function sendFault(
  action: FaultAction,
  state: SandboxState,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const retryAfter = String(state.faults.settings.retryAfterSeconds);
  switch (action) {
    case 'drop':
      dropConnection({ request, reply });
      return reply;
    case '503':
      throw unavailable('The FHIR server is temporarily unavailable (sandbox fault)', undefined, {
        'retry-after': retryAfter,
      });
    case '429':
      throw tooMany('Too many requests (sandbox fault)', undefined, { 'retry-after': retryAfter });
  }
}

function addHooks(app: FastifyInstance, state: SandboxState) {
  app.addHook('onRequest', async (request, reply) => {
    const requestId = request.headers['x-request-id'];
    if (typeof requestId === 'string' && requestId) {
      reply.header('x-request-id', requestId);
    }
    const kind = kindOf(request.url);
    if (kind === 'fhir') {
      const type = (request.params as { type?: string } | undefined)?.type;
      const route = request.routeOptions.url?.replace(':type', type ?? ':type');
      state.stats.fhirRequest(`${request.method} ${route ?? '(unknown route)'}`);
      checkFormat(request);
      if (!state.stats.admit(state.faults.settings.qpsLimit)) {
        throw tooMany('More requests per second than this server allows', undefined, {
          'retry-after': '1',
        });
      }
    }
    const action = await nextFault(state.faults, state.stats, kind);
    if (action) {
      return sendFault(action, state, request, reply);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (
      kindOf(request.url) === 'fhir' &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      reply.header('content-type', FHIR_JSON);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (kindOf(request.url)) {
      state.stats.status(reply.statusCode);
    }
  });
}

function addErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof FhirReply) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error instanceof FhirSearchError) {
      return reply.code(400).send(outcome('error', 'invalid', error.message, [error.parameter]));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 415 ? 'not-supported' : 'invalid';
      return reply.code(status).send(outcome('error', code, (error as Error).message));
    }
    request.log.error(error);
    return reply.code(500).send(outcome('fatal', 'exception', 'An internal error occurred.'));
  });

  app.setNotFoundHandler(async (request) => {
    throw notFound(`There is no ${request.method} ${request.url.split('?')[0]} on this server`);
  });
}

/**
 * The FHIR sandbox: Medplum's FHIR engine over the synthetic practice, a SMART Backend Services
 * token endpoint, and fault knobs under /_sandbox. Returns the app without listening; the
 * practice is seeded when the app is ready (`await app.ready()` or `listen`).
 */
export function buildFhirSandbox(
  options: FhirSandboxOptions = {},
): FastifyInstance & { sandbox: SandboxState } {
  const state = createSandboxState(options);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1_048_576 });
  app.register(formbody);
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json-patch+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  addHooks(app, state);
  addErrorHandling(app);
  app.addHook('onReady', async () => {
    loadFhirDefinitions();
    await state.reset();
  });
  app.register(tokenRoutes(state));
  app.register(fhirRoutes(state), { prefix: FHIR_BASE_PATH });
  app.register(adminRoutes(state));
  app.register(frontDeskRoutes(state));
  return Object.assign(app, { sandbox: state });
}
