import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ErrorResponse,
  MetricsQuery,
  MetricsResponse,
} from '@ehr-gateway/contracts';

import type { MetricsService } from './metrics-service.js';
import type { PrometheusExporter } from './prometheus-exporter.js';

const tags = [API_TAGS.adminMetrics];

export function registerMetricsRoutes(
  app: FastifyInstance,
  service: MetricsService,
  exporter: PrometheusExporter,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.metrics,
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

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.metricsPrometheus,
    config: { permission: 'metrics:read', acceptsMetricsToken: true },
    schema: {
      operationId: 'getPrometheusMetrics',
      summary:
        "This instance's counters, latency histograms and health in Prometheus's text format; a session or `Authorization: Bearer $METRICS_TOKEN`",
      tags,
      response: {
        200: z.string().describe('text/plain; version=0.0.4'),
        401: ErrorResponse,
        403: ErrorResponse,
      },
    },
    handler: async (_request, reply) =>
      reply
        .type(exporter.contentType)
        .header('cache-control', 'no-store')
        .send(await exporter.scrape()),
  });
}
