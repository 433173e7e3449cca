import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { ADMIN_ROUTES, API_TAGS, ErrorResponse, SystemInfo } from '@ehr-gateway/contracts';

import type { SystemService } from './system-service.js';

export function registerSystemRoutes(app: FastifyInstance, service: SystemService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ADMIN_ROUTES.system,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'getSystemInfo',
      summary: 'Deployment facts shown read-only in the console',
      tags: [API_TAGS.adminStatus],
      response: { 200: SystemInfo, 401: ErrorResponse },
    },
    handler: () => service.info(),
  });
}
