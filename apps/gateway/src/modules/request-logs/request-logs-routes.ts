import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  API_TAGS,
  ErrorResponse,
  IdParams,
  LogDetailQuery,
  LogEntryDetail,
  LogList,
  LogListQuery,
} from '@ehr-gateway/contracts';

import { auditContextOf } from '../audit/index.js';
import type { RequestLogsService } from './request-logs-service.js';

const tags = [API_TAGS.adminRequestLogs];

export function registerRequestLogsRoutes(app: FastifyInstance, service: RequestLogsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/logs',
    config: { permission: 'logs:read' },
    schema: {
      operationId: 'listRequestLogs',
      summary: 'Gateway requests, newest first',
      tags,
      querystring: LogListQuery,
      response: { 200: LogList, 400: ErrorResponse, 401: ErrorResponse },
    },
    handler: async (request) => ({ logs: await service.list(request.query) }),
  });

  routes.route({
    method: 'GET',
    url: '/logs/:id',
    config: { permission: 'logs:read' },
    schema: {
      operationId: 'getRequestLog',
      summary: 'One request with its request and response data',
      tags,
      params: IdParams,
      querystring: LogDetailQuery,
      response: {
        200: LogEntryDetail,
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
      },
    },
    handler: async (request) =>
      service.get(
        request.params.id,
        request.admin!,
        request.query.showPhi,
        auditContextOf(request),
      ),
  });
}
