import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ErrorResponse,
  IdParams,
  LogDetailQuery,
  LogEntryDetail,
  LogFilter,
  LogList,
  LogListQuery,
} from '@ehr-gateway/contracts';

import { sendCsv } from '../../lib/csv.js';
import { auditContextOf } from '../audit/index.js';
import type { RequestLogsService } from './request-logs-service.js';

const tags = [API_TAGS.adminRequestLogs];

export function registerRequestLogsRoutes(app: FastifyInstance, service: RequestLogsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.logs,
    config: { permission: 'logs:read' },
    schema: {
      operationId: 'listRequestLogs',
      summary: 'Gateway requests, newest first, filtered; page on with nextCursor',
      tags,
      querystring: LogListQuery,
      response: { 200: LogList, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
    },
    handler: async (request) => service.list(request.query),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.logsExport,
    config: { permission: 'logs:read' },
    schema: {
      operationId: 'exportRequestLogs',
      summary: 'The filtered request log as CSV (no bodies), streamed; the export is recorded',
      tags,
      querystring: LogFilter,
      response: {
        200: z.string().describe('text/csv'),
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      await service.recordExport(request.query, auditContextOf(request));
      return sendCsv(reply, 'request-log', service.exportCsv(request.query));
    },
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.log,
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
