import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import {
  CreateTenantBody,
  IdParam,
  Tenant,
  TenantList,
  UpdateTenantBody,
} from '@ehr-gateway/contracts';

import {
  errors,
  readConfig,
  tags,
  TenantListQuery,
  withZod,
  writeConfig,
  writeErrors,
} from './voice-config-route-parts.js';
import type { VoiceConfigService } from './voice-config-service.js';

/** Tenants: list, create, read, change and deactivate. */
export function registerTenantRoutes(app: FastifyInstance, service: VoiceConfigService) {
  const routes = withZod(app);

  routes.route({
    method: 'GET',
    url: '/tenants',
    config: readConfig,
    schema: {
      operationId: 'listVoiceConfigTenants',
      summary: 'Tenants (active ones unless includeInactive=true)',
      tags,
      querystring: TenantListQuery,
      response: { 200: TenantList, ...errors },
    },
    handler: async (request) => ({
      tenants: await service.listTenants({ includeInactive: request.query.includeInactive }),
    }),
  });

  routes.route({
    method: 'POST',
    url: '/tenants',
    config: writeConfig,
    schema: {
      operationId: 'createVoiceConfigTenant',
      summary: 'Create a tenant (name required, unique regardless of case)',
      tags,
      body: CreateTenantBody,
      response: { 201: Tenant, ...writeErrors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createTenant(request.body)),
  });

  routes.route({
    method: 'GET',
    url: '/tenants/:id',
    config: readConfig,
    schema: {
      operationId: 'getVoiceConfigTenant',
      summary: 'One tenant, active or not',
      tags,
      params: IdParam,
      response: { 200: Tenant, ...errors },
    },
    handler: async (request) => service.getTenant(request.params.id),
  });

  routes.route({
    method: 'PATCH',
    url: '/tenants/:id',
    config: writeConfig,
    schema: {
      operationId: 'updateVoiceConfigTenant',
      summary: 'Change a tenant; fields left out keep their value',
      tags,
      params: IdParam,
      body: UpdateTenantBody,
      response: { 200: Tenant, ...writeErrors },
    },
    handler: async (request) => service.updateTenant(request.params.id, request.body),
  });

  routes.route({
    method: 'DELETE',
    url: '/tenants/:id',
    config: writeConfig,
    schema: {
      operationId: 'deactivateVoiceConfigTenant',
      summary: 'Deactivate a tenant (status inactive); nothing is deleted',
      tags,
      params: IdParam,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.deactivateTenant(request.params.id);
      return reply.code(204).send(null);
    },
  });
}
