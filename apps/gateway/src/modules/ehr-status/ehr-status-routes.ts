import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { ADMIN_ROUTES, API_TAGS, EhrStatus, ErrorResponse } from '@ehr-gateway/contracts';

import type { EhrStatusService } from './ehr-status-service.js';

export function registerEhrStatusRoutes(app: FastifyInstance, service: EhrStatusService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ADMIN_ROUTES.ehrStatus,
    config: { permission: 'status:read' },
    schema: {
      operationId: 'getEhrStatus',
      summary: 'Connection state of each EHR system behind the gateway',
      tags: [API_TAGS.adminStatus],
      response: { 200: EhrStatus, 401: ErrorResponse },
    },
    handler: () => service.get(),
  });
}
