import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  API_TAGS,
  ApiKeyCreated,
  ApiKeyList,
  CreateApiKeyBody,
  ErrorResponse,
  IdParams,
} from '@ehr-gateway/contracts';

import { auditContextOf } from '../audit/index.js';
import type { ApiKeysService } from './api-keys-service.js';

const tags = [API_TAGS.adminApiKeys];

export function registerApiKeysRoutes(app: FastifyInstance, service: ApiKeysService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/api-keys',
    config: { permission: 'keys:read' },
    schema: {
      operationId: 'listApiKeys',
      summary: 'Active API keys, masked',
      tags,
      response: { 200: ApiKeyList, 401: ErrorResponse },
    },
    handler: async () => ({ apiKeys: await service.list() }),
  });

  routes.route({
    method: 'POST',
    url: '/api-keys',
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'createApiKey',
      summary: 'Create an API key; the full key is in this answer only',
      tags,
      body: CreateApiKeyBody,
      response: { 201: ApiKeyCreated, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  });

  routes.route({
    method: 'DELETE',
    url: '/api-keys/:id',
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'deleteApiKey',
      summary: 'Revoke an API key on every instance',
      tags,
      params: IdParams,
      response: { 204: z.null(), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
    },
    handler: async (request, reply) => {
      await service.revoke(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
