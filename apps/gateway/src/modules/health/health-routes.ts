import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  API_TAGS,
  ErrorResponse,
  HealthResponse,
  ReadinessResponse,
  SERVICE_PATHS,
} from '@ehr-gateway/contracts';

import type { HealthService } from './health-service.js';

const tags = [API_TAGS.health];
// Every route refuses a NUL character in its query (plugins/unstorable-input), the probes too.
const UNSTORABLE_QUERY = { 400: ErrorResponse };

export function registerHealthRoutes(app: FastifyInstance, service: HealthService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: SERVICE_PATHS.health,
    schema: {
      operationId: 'getHealth',
      summary: 'The process is up',
      tags,
      response: { 200: HealthResponse, ...UNSTORABLE_QUERY },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  routes.route({
    method: 'GET',
    url: SERVICE_PATHS.readiness,
    schema: {
      operationId: 'getReadiness',
      summary: 'The database answers and the request log is being written',
      tags,
      response: { 200: ReadinessResponse, ...UNSTORABLE_QUERY, 503: ReadinessResponse },
    },
    handler: async (_request, reply) => {
      const readiness = await service.readiness();
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  });
}
