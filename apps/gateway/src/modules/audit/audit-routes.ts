import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  AuditExportQuery,
  AuditPage,
  AuditQuery,
  AuditVerification,
  ErrorResponse,
} from '@ehr-gateway/contracts';

import { sendCsv } from '../../lib/csv.js';
import { auditContextOf } from './audit-context.js';
import type { AuditService } from './audit-service.js';

const tags = [API_TAGS.adminAudit];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

export function registerAuditRoutes(app: FastifyInstance, service: AuditService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.audit,
    config: { permission: 'audit:read' },
    schema: {
      operationId: 'listAuditEvents',
      summary: 'The audit trail, newest first, filtered; page on with nextCursor',
      tags,
      querystring: AuditQuery,
      response: { 200: AuditPage, ...errors },
    },
    handler: async (request) => service.list(request.query),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.auditExport,
    config: { permission: 'audit:read' },
    schema: {
      operationId: 'exportAuditEvents',
      summary: 'The filtered audit trail as CSV, streamed; the export is itself recorded',
      tags,
      querystring: AuditExportQuery,
      response: { 200: z.string().describe('text/csv'), ...errors },
    },
    handler: async (request, reply) => {
      await service.record(auditContextOf(request), {
        action: 'audit-exported',
        details: { filter: request.query },
      });
      return sendCsv(reply, 'audit', service.exportCsv(request.query));
    },
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.auditVerify,
    config: { permission: 'audit:read' },
    schema: {
      operationId: 'verifyAuditChain',
      summary: 'Recompute the hash chain and say whether, and where, it breaks',
      tags,
      response: { 200: AuditVerification, ...errors },
    },
    handler: async () => service.verify(),
  });
}
