import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ADMIN_ROUTES,
  API_TAGS,
  ApiKeyCreated,
  ApiKeyDetail,
  ApiKeyList,
  ApiKeyRotated,
  ApiKeyUsage,
  CreateApiKeyBody,
  ErrorResponse,
  IdParams,
  RotateApiKeyBody,
  UpdateApiKeyBody,
} from '@ehr-gateway/contracts';

import { auditContextOf } from '../audit/index.js';
import type { ApiKeysService } from './api-keys-service.js';

const tags = [API_TAGS.adminApiKeys];
const refusals = { 401: ErrorResponse, 403: ErrorResponse };

/** Reading keys (never their secrets) and their usage. */
function registerKeyReads(app: FastifyInstance, service: ApiKeysService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.apiKeys,
    config: { permission: 'keys:read' },
    schema: {
      operationId: 'listApiKeys',
      summary: 'Active API keys, masked',
      tags,
      response: { 200: ApiKeyList, ...refusals },
    },
    handler: async () => ({ apiKeys: await service.list() }),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.apiKey,
    config: { permission: 'keys:read' },
    schema: {
      operationId: 'getApiKey',
      summary: 'One active API key, masked',
      tags,
      params: IdParams,
      response: { 200: ApiKeyDetail, 400: ErrorResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request) => ({ apiKey: await service.get(request.params.id) }),
  });

  routes.route({
    method: 'GET',
    url: ADMIN_ROUTES.apiKeyUsage,
    config: { permission: 'keys:read' },
    schema: {
      operationId: 'getApiKeyUsage',
      summary: "A key's requests, errors and 429s per hour (24 h) and per UTC day (30 days)",
      tags,
      params: IdParams,
      response: { 200: ApiKeyUsage, 400: ErrorResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request) => service.usage(request.params.id),
  });
}

/** Creating a key and changing what it may do. */
function registerKeyEdits(app: FastifyInstance, service: ApiKeysService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.apiKeys,
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'createApiKey',
      summary: 'Create an API key; the full key is in this answer only',
      description:
        'Without `scopes` the key holds every scope; without `rateLimit` it is under the gateway default (DEFAULT_KEY_RATE_LIMIT); without `quota` it has none.',
      tags,
      body: CreateApiKeyBody,
      response: { 201: ApiKeyCreated, 400: ErrorResponse, ...refusals },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  });

  routes.route({
    method: 'PATCH',
    url: ADMIN_ROUTES.apiKey,
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'updateApiKey',
      summary: "Change a key's name, scopes, rate limit, quota, practices or expiry",
      tags,
      params: IdParams,
      body: UpdateApiKeyBody,
      response: { 200: ApiKeyDetail, 400: ErrorResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request) => ({
      apiKey: await service.update(request.params.id, request.body, auditContextOf(request)),
    }),
  });
}

/** A key's secret replaced, or the key revoked. */
function registerKeyLifecycle(app: FastifyInstance, service: ApiKeysService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: ADMIN_ROUTES.apiKeyRotate,
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'rotateApiKey',
      summary: 'Issue a new secret for a key; the old one works until the grace window ends',
      tags,
      params: IdParams,
      body: RotateApiKeyBody,
      response: { 200: ApiKeyRotated, 400: ErrorResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request) =>
      service.rotate(request.params.id, request.body, auditContextOf(request)),
  });

  routes.route({
    method: 'DELETE',
    url: ADMIN_ROUTES.apiKey,
    config: { permission: 'keys:write' },
    schema: {
      operationId: 'deleteApiKey',
      summary: 'Revoke an API key on every instance',
      tags,
      params: IdParams,
      response: { 204: z.null(), 400: ErrorResponse, 404: ErrorResponse, ...refusals },
    },
    handler: async (request, reply) => {
      await service.revoke(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}

export function registerApiKeysRoutes(app: FastifyInstance, service: ApiKeysService) {
  registerKeyReads(app, service);
  registerKeyEdits(app, service);
  registerKeyLifecycle(app, service);
}
