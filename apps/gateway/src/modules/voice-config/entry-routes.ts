import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { IdParam, TenantQuery } from '@ehr-gateway/contracts';

import {
  errors,
  readConfig,
  tags,
  writeConfig,
  writeErrors,
  type Id,
} from './voice-config-route-parts.js';
import type { TenantTable } from './voice-config-rows.js';
import type { VoiceConfigService } from './voice-config-service.js';

/** One kind of entry a tenant has, and how its routes reach the service. */
export interface EntryKind<C extends z.ZodType, U extends z.ZodType> {
  /** Path segment under /voice-config, e.g. 'appointment-types'. */
  path: string;
  table: TenantTable;
  /** For operation ids and summaries: singular and plural, in words and in PascalCase. */
  one: string;
  many: string;
  name: string;
  names: string;
  listSchema: z.ZodType;
  entrySchema: z.ZodType;
  createBody: C;
  updateBody: U;
  list(service: VoiceConfigService, tenantId: number, includeInactive: boolean): Promise<unknown>;
  create(service: VoiceConfigService, body: z.infer<C>): Promise<unknown>;
  update(service: VoiceConfigService, id: number, body: z.infer<U>): Promise<unknown>;
}

/**
 * The four routes of one kind of entry. Registered without the type provider (the schemas are
 * generic here), so the handlers cast what the schemas have already validated.
 */
export function registerEntryRoutes<C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  service: VoiceConfigService,
  entry: EntryKind<C, U>,
) {
  const url = `/${entry.path}`;
  app.route({
    method: 'GET',
    url,
    config: readConfig,
    schema: {
      operationId: `listVoiceConfig${entry.names}`,
      summary: `A tenant's ${entry.many} (tenantId defaults to 1; active ones unless includeInactive=true)`,
      tags,
      querystring: TenantQuery,
      response: { 200: entry.listSchema, ...errors },
    },
    handler: async (request) => {
      const query = request.query as TenantQuery;
      return entry.list(service, query.tenantId, query.includeInactive);
    },
  });

  app.route({
    method: 'POST',
    url,
    config: writeConfig,
    schema: {
      operationId: `createVoiceConfig${entry.name}`,
      summary: `Create a ${entry.one} for a tenant (tenantId defaults to 1; names unique per tenant regardless of case)`,
      tags,
      body: entry.createBody,
      response: { 201: entry.entrySchema, ...writeErrors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await entry.create(service, request.body as z.infer<C>)),
  });

  app.route({
    method: 'PATCH',
    url: `${url}/:id`,
    config: writeConfig,
    schema: {
      operationId: `updateVoiceConfig${entry.name}`,
      summary: `Change a ${entry.one}; fields left out keep their value`,
      tags,
      params: IdParam,
      body: entry.updateBody,
      response: { 200: entry.entrySchema, ...writeErrors },
    },
    handler: async (request) =>
      entry.update(service, (request.params as Id).id, request.body as z.infer<U>),
  });

  app.route({
    method: 'DELETE',
    url: `${url}/:id`,
    config: writeConfig,
    schema: {
      operationId: `deactivateVoiceConfig${entry.name}`,
      summary: `Deactivate a ${entry.one}; nothing is deleted`,
      tags,
      params: IdParam,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.entries.deactivate(entry.table, (request.params as Id).id);
      return reply.code(204).send(null);
    },
  });
}
