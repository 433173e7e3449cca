import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  API_TAGS,
  CreateLocationBody,
  CreateTenantBody,
  CreateVisitReasonBody,
  CreateVoiceAppointmentTypeBody,
  CreateVoiceDepartmentBody,
  CreateVoiceProviderBody,
  EhrAppointmentTypeMappingList,
  EhrDepartmentMappingList,
  EhrProviderMappingList,
  ErrorResponse,
  GlobalConfigEntry,
  GlobalConfigParams,
  IdParam,
  Location,
  LocationList,
  SetGlobalConfigBody,
  Tenant,
  TenantList,
  TenantQuery,
  UpdateLocationBody,
  UpdateTenantBody,
  UpdateVisitReasonBody,
  UpdateVoiceAppointmentTypeBody,
  UpdateVoiceDepartmentBody,
  UpdateVoiceProviderBody,
  VisitReason,
  VisitReasonList,
  VoiceAppointmentType,
  VoiceAppointmentTypeList,
  VoiceConfigQueryBody,
  VoiceConfigQueryResult,
  VoiceDepartment,
  VoiceDepartmentList,
  VoiceProvider,
  VoiceProviderList,
} from '@ehr-gateway/contracts';

import { callContextOf } from '../ehr/index.js';
import type { TenantTable } from './voice-config-repository.js';
import type { VoiceConfigService } from './voice-config-service.js';

const tags = [API_TAGS.voiceConfig];
const readConfig = { source: 'voice-config', scope: 'voice-config:read' } as const;
const writeConfig = { source: 'voice-config', scope: 'voice-config:write' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse };
const ehrErrors = { ...errors, 502: ErrorResponse, 503: ErrorResponse, 504: ErrorResponse };
const TenantListQuery = TenantQuery.pick({ includeInactive: true });
type Id = z.infer<typeof IdParam>;

interface EntryRoutes<C extends z.ZodType, U extends z.ZodType> {
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
  list: (tenantId: number, includeInactive: boolean) => Promise<unknown>;
  create: (body: z.infer<C>) => Promise<unknown>;
  update: (id: number, body: z.infer<U>) => Promise<unknown>;
}

/** Voice-config routes: tenants, their entries, EHR mapping, global config and the query. */
export function registerVoiceConfigRoutes(app: FastifyInstance, service: VoiceConfigService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Tenants

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

  // A tenant's locations, departments, providers, appointment types and visit reasons

  /**
   * The four routes of one kind of entry. Registered without the type provider (the schemas are
   * generic here), so the handlers cast what the schemas have already validated.
   */
  const entryRoutes = <C extends z.ZodType, U extends z.ZodType>(entry: EntryRoutes<C, U>) => {
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
        return entry.list(query.tenantId, query.includeInactive);
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
        reply.code(201).send(await entry.create(request.body as z.infer<C>)),
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
        entry.update((request.params as Id).id, request.body as z.infer<U>),
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
  };

  entryRoutes({
    path: 'locations',
    table: 'locations',
    one: 'location',
    many: 'locations',
    name: 'Location',
    names: 'Locations',
    listSchema: LocationList,
    entrySchema: Location,
    createBody: CreateLocationBody,
    updateBody: UpdateLocationBody,
    list: async (tenantId, includeInactive) => ({
      locations: await service.entries.locations.list(tenantId, { includeInactive }),
    }),
    create: (body) => service.entries.locations.create(body),
    update: (id, body) => service.entries.locations.update(id, body),
  });

  entryRoutes({
    path: 'departments',
    table: 'departments',
    one: 'department',
    many: 'departments',
    name: 'Department',
    names: 'Departments',
    listSchema: VoiceDepartmentList,
    entrySchema: VoiceDepartment,
    createBody: CreateVoiceDepartmentBody,
    updateBody: UpdateVoiceDepartmentBody,
    list: async (tenantId, includeInactive) => ({
      departments: await service.entries.departments.list(tenantId, { includeInactive }),
    }),
    create: (body) => service.entries.departments.create(body),
    update: (id, body) => service.entries.departments.update(id, body),
  });

  entryRoutes({
    path: 'providers',
    table: 'providers',
    one: 'provider',
    many: 'providers',
    name: 'Provider',
    names: 'Providers',
    listSchema: VoiceProviderList,
    entrySchema: VoiceProvider,
    createBody: CreateVoiceProviderBody,
    updateBody: UpdateVoiceProviderBody,
    list: async (tenantId, includeInactive) => ({
      providers: await service.entries.providers.list(tenantId, { includeInactive }),
    }),
    create: (body) => service.entries.providers.create(body),
    update: (id, body) => service.entries.providers.update(id, body),
  });

  entryRoutes({
    path: 'appointment-types',
    table: 'appointment_types',
    one: 'appointment type',
    many: 'appointment types',
    name: 'AppointmentType',
    names: 'AppointmentTypes',
    listSchema: VoiceAppointmentTypeList,
    entrySchema: VoiceAppointmentType,
    createBody: CreateVoiceAppointmentTypeBody,
    updateBody: UpdateVoiceAppointmentTypeBody,
    list: async (tenantId, includeInactive) => ({
      appointmentTypes: await service.entries.appointmentTypes.list(tenantId, { includeInactive }),
    }),
    create: (body) => service.entries.appointmentTypes.create(body),
    update: (id, body) => service.entries.appointmentTypes.update(id, body),
  });

  entryRoutes({
    path: 'visit-reasons',
    table: 'visit_reasons',
    one: 'visit reason',
    many: 'visit reasons',
    name: 'VisitReason',
    names: 'VisitReasons',
    listSchema: VisitReasonList,
    entrySchema: VisitReason,
    createBody: CreateVisitReasonBody,
    updateBody: UpdateVisitReasonBody,
    list: async (tenantId, includeInactive) => ({
      visitReasons: await service.entries.visitReasons.list(tenantId, { includeInactive }),
    }),
    create: (body) => service.entries.visitReasons.create(body),
    update: (id, body) => service.entries.visitReasons.update(id, body),
  });

  // The tenant's EHR data, each entry next to the voice-config entry mapped to it

  const ehrDescription =
    "Read from the tenant's EHR (its ehrSource and practice); voiceConfig is the entry whose EHR id matches, or null.";

  routes.route({
    method: 'GET',
    url: '/ehr/departments',
    config: readConfig,
    schema: {
      operationId: 'listVoiceConfigEhrDepartments',
      summary: "The tenant's EHR departments and the voice-config departments mapped to them",
      description: ehrDescription,
      tags,
      querystring: TenantQuery,
      response: { 200: EhrDepartmentMappingList, ...ehrErrors },
    },
    handler: async (request) =>
      service.ehrDepartments(request.query.tenantId, request.query, callContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: '/ehr/appointment-types',
    config: readConfig,
    schema: {
      operationId: 'listVoiceConfigEhrAppointmentTypes',
      summary:
        "The tenant's EHR appointment types and the voice-config appointment types mapped to them",
      description: ehrDescription,
      tags,
      querystring: TenantQuery,
      response: { 200: EhrAppointmentTypeMappingList, ...ehrErrors },
    },
    handler: async (request) =>
      service.ehrAppointmentTypes(request.query.tenantId, request.query, callContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: '/ehr/providers',
    config: readConfig,
    schema: {
      operationId: 'listVoiceConfigEhrProviders',
      summary: "The tenant's EHR providers and the voice-config providers mapped to them",
      description: ehrDescription,
      tags,
      querystring: TenantQuery,
      response: { 200: EhrProviderMappingList, ...ehrErrors },
    },
    handler: async (request) =>
      service.ehrProviders(request.query.tenantId, request.query, callContextOf(request)),
  });

  // Global config

  routes.route({
    method: 'GET',
    url: '/global-config/:key',
    config: readConfig,
    schema: {
      operationId: 'getVoiceConfigGlobalConfig',
      summary: 'A global config entry by key',
      tags,
      params: GlobalConfigParams,
      response: { 200: GlobalConfigEntry, ...errors },
    },
    handler: async (request) => service.getGlobalConfig(request.params.key),
  });

  routes.route({
    method: 'POST',
    url: '/global-config',
    config: writeConfig,
    schema: {
      operationId: 'setVoiceConfigGlobalConfig',
      summary: 'Create or replace a global config entry (key and value required; value ≤ 64 KiB)',
      tags,
      body: SetGlobalConfigBody,
      response: { 200: GlobalConfigEntry, ...errors },
    },
    handler: async (request) => service.setGlobalConfig(request.body),
  });

  // Cross-entity query

  routes.route({
    method: 'POST',
    url: '/query',
    config: readConfig,
    schema: {
      operationId: 'queryVoiceConfig',
      summary: "Search a tenant's locations, departments and providers at once",
      description:
        'match_type partial (default), exact, starts_with or fuzzy (typo-tolerant, trigram similarity, always case-insensitive); results best match first, only active entries.',
      tags,
      body: VoiceConfigQueryBody,
      response: { 200: VoiceConfigQueryResult, ...errors },
    },
    handler: async (request) => service.query(request.body),
  });
}
