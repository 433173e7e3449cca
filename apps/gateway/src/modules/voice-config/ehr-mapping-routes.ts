import type { FastifyInstance } from 'fastify';

import {
  EhrAppointmentTypeMappingList,
  EhrDepartmentMappingList,
  EhrProviderMappingList,
  TenantQuery,
} from '@ehr-gateway/contracts';

import { callContextOf } from '../ehr/index.js';
import { ehrErrors, readConfig, tags, withZod } from './voice-config-route-parts.js';
import type { VoiceConfigService } from './voice-config-service.js';

const ehrDescription =
  "Read from the tenant's EHR (its ehrSource and practice); voiceConfig is the entry whose EHR id matches, or null.";

/** The tenant's EHR data, each entry next to the voice-config entry mapped to it. */
export function registerEhrMappingRoutes(app: FastifyInstance, service: VoiceConfigService) {
  const routes = withZod(app);

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
}
