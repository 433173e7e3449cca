import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { API_TAGS, ErrorResponse, MetricsQuery, MetricsResponse } from '@ehr-gateway/contracts';

import type { MetricsService } from './metrics-service.js';

const tags = [API_TAGS.adminMetrics];

export function registerMetricsRoutes(app: FastifyInstance, service: MetricsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/metrics',
    config: { permission: 'metrics:read' },
    schema: {
      operationId: 'getMetrics',
      summary:
        'Requests, errors and latency percentiles (total and upstream) over a window, as totals and a series, optionally grouped',
      tags,
      querystring: MetricsQuery,
      response: {
        200: MetricsResponse,
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
      },
    },
    handler: async (request) => service.query(request.query),
  });
}
