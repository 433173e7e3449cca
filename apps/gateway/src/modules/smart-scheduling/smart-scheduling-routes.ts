import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  API_TAGS,
  ErrorResponse,
  SmartSchedulingBody,
  SmartSchedulingResult,
} from '@ehr-gateway/contracts';

import { callContextOf } from '../ehr/index.js';
import type { SmartSchedulingService } from './smart-scheduling-service.js';

export function registerSmartSchedulingRoutes(
  app: FastifyInstance,
  service: SmartSchedulingService,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/smart-scheduling',
    config: { source: 'aggregation', scope: 'scheduling' },
    schema: {
      operationId: 'smartScheduling',
      summary: 'Understand a patient conversation and offer matching open slots',
      description:
        'messages (1–50, role and content) are required. The built-in analyser needs no network; when LLM_BASE_URL is set an OpenAI-compatible model is asked first and the built-in analyser takes over on any failure (see smartScheduling.analyzer).',
      tags: [API_TAGS.aggregation],
      body: SmartSchedulingBody,
      response: {
        200: SmartSchedulingResult,
        400: ErrorResponse,
        401: ErrorResponse,
        404: ErrorResponse,
        502: ErrorResponse,
        503: ErrorResponse,
        504: ErrorResponse,
      },
    },
    handler: async (request) => service.schedule(request.body, callContextOf(request)),
  });
}
