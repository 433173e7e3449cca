import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ErrorResponse,
  GatewayConfig,
  GatewayConfigHistory,
  UpdateGatewayConfigBody,
} from '@ehr-gateway/contracts';

import { auditContextOf } from '../audit/index.js';
import type { GatewayConfigService } from './gateway-config-service.js';

const tags = [API_TAGS.adminConfiguration];

export function registerGatewayConfigRoutes(app: FastifyInstance, service: GatewayConfigService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.config,
    config: { permission: 'config:read' },
    schema: {
      operationId: 'getGatewayConfig',
      summary: 'The gateway settings in force',
      tags,
      response: { 200: GatewayConfig, 401: ErrorResponse },
    },
    handler: async () => service.current(),
  });

  routes.route({
    method: 'PUT',
    url: ADMIN_ROUTES.config,
    config: { permission: 'config:write' },
    schema: {
      operationId: 'updateGatewayConfig',
      summary: 'Replace the gateway settings; applies at once on every instance',
      tags,
      body: UpdateGatewayConfigBody,
      response: { 200: GatewayConfig, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
    },
    handler: async (request) => service.update(request.body, auditContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.configHistory,
    config: { permission: 'config:read' },
    schema: {
      operationId: 'getGatewayConfigHistory',
      summary: 'Recent configuration changes: who, when, before and after',
      tags,
      querystring: z.strictObject({
        limit: z.coerce.number().int().min(1).max(200).default(20),
      }),
      response: { 200: GatewayConfigHistory, 400: ErrorResponse, 401: ErrorResponse },
    },
    handler: async (request) => ({ changes: await service.history(request.query.limit) }),
  });
}
