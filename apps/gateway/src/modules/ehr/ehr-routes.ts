import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import {
  AppointmentDetail,
  AppointmentList,
  AppointmentListQuery,
  API_TAGS,
  AppointmentParams,
  DepartmentList,
  EhrSource,
  ErrorResponse,
  HEADERS,
  INTERNAL_EHR_PREFIX,
  PatientDetail,
  PatientList,
  PatientListQuery,
  PatientParams,
  PatientWithAppointments,
  PatientWithAppointmentsQuery,
  PracticeParams,
  ProviderList,
  ProviderListQuery,
  ReferringProviderList,
  SourceQuery,
} from '@ehr-gateway/contracts';

import { callContextOf, type EhrCallContext } from './ehr-client.js';
import type { EhrService } from './ehr-service.js';
import { requireEhrIds } from './ehr-ids.js';

const tags = [API_TAGS.ehr];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
};

/** The EHR a request asked for: its `source` when it names one, else athena (the default). */
export function ehrSourceOf(request: FastifyRequest): EhrSource {
  const parsed = EhrSource.safeParse((request.query as { source?: unknown }).source);
  return parsed.success ? parsed.data : 'athena';
}

interface EhrRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType> {
  url: string;
  operationId: string;
  summary: string;
  params: P;
  querystring: Q;
  response: R;
  load: (params: z.infer<P>, query: z.infer<Q>, ctx: EhrCallContext) => Promise<unknown>;
}

/** One GET route under the EHR prefix; types come from `load`, the app's zod compilers validate. */
function ehrRoute<P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  definition: EhrRoute<P, Q, R>,
) {
  app.route({
    method: 'GET',
    url: `${INTERNAL_EHR_PREFIX}${definition.url}`,
    // The EHR that answers is the one asked for, so the request is logged under it, even when
    // it is refused before the handler runs.
    config: { source: ehrSourceOf, scope: 'ehr:read' },
    schema: {
      operationId: definition.operationId,
      summary: definition.summary,
      description: 'source=athena (default), source=mock or source=fhir picks the EHR.',
      tags,
      params: definition.params,
      querystring: definition.querystring,
      response: { 200: definition.response, ...errors },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as z.infer<P>;
      const query = request.query as z.infer<Q>;
      requireEhrIds(ehrSourceOf(request), {
        ...(params as object),
        ...(query as object),
      });
      const value = await definition.load(params, query, callContextOf(request));
      if (request.cacheOutcome) {
        void reply.header(HEADERS.cache, request.cacheOutcome);
      }
      return value;
    },
  });
}

export function registerEhrRoutes(app: FastifyInstance, service: EhrService) {
  registerPatientRoutes(app, service);
  registerAppointmentRoutes(app, service);
  registerDirectoryRoutes(app, service);
  // The combined read last, as it always was in the API description.
  ehrRoute(app, {
    url: '/:practiceId/patient-with-appointments',
    operationId: 'getPatientWithAppointments',
    summary: 'A patient and their appointments between startDate and endDate',
    params: PracticeParams,
    querystring: PatientWithAppointmentsQuery,
    response: PatientWithAppointments,
    load: (params, query, ctx) => service.patientWithAppointments(params.practiceId, query, ctx),
  });
}

function registerPatientRoutes(app: FastifyInstance, service: EhrService) {
  ehrRoute(app, {
    url: '/:practiceId/patients',
    operationId: 'listPatients',
    summary: 'Patients of a practice, filtered by name; 50 per page by default',
    params: PracticeParams,
    querystring: PatientListQuery,
    response: PatientList,
    load: (params, query, ctx) => service.listPatients(params.practiceId, query, ctx),
  });

  ehrRoute(app, {
    url: '/:practiceId/patients/:patientId',
    operationId: 'getPatient',
    summary: 'One patient with contact details',
    params: PatientParams,
    querystring: SourceQuery,
    response: PatientDetail,
    load: (params, query, ctx) =>
      service.getPatient(params.practiceId, params.patientId, query.source, ctx),
  });
}

function registerAppointmentRoutes(app: FastifyInstance, service: EhrService) {
  ehrRoute(app, {
    url: '/:practiceId/appointments',
    operationId: 'listAppointments',
    summary: 'Booked appointments between startDate and endDate (default: startDate)',
    params: PracticeParams,
    querystring: AppointmentListQuery,
    response: AppointmentList,
    load: (params, query, ctx) => service.listAppointments(params.practiceId, query, ctx),
  });

  ehrRoute(app, {
    url: '/:practiceId/appointments/:appointmentId',
    operationId: 'getAppointment',
    summary: 'One appointment (or open slot) with its department and notes',
    params: AppointmentParams,
    querystring: SourceQuery,
    response: AppointmentDetail,
    load: (params, query, ctx) =>
      service.getAppointment(params.practiceId, params.appointmentId, query.source, ctx),
  });
}

function registerDirectoryRoutes(app: FastifyInstance, service: EhrService) {
  ehrRoute(app, {
    url: '/:practiceId/providers',
    operationId: 'listProviders',
    summary: 'Providers of a practice; 50 per page by default',
    params: PracticeParams,
    querystring: ProviderListQuery,
    response: ProviderList,
    load: (params, query, ctx) => service.listProviders(params.practiceId, query, ctx),
  });

  ehrRoute(app, {
    url: '/:practiceId/departments',
    operationId: 'listDepartments',
    summary: 'Departments of a practice with address and timezone',
    params: PracticeParams,
    querystring: SourceQuery,
    response: DepartmentList,
    load: (params, query, ctx) => service.listDepartments(params.practiceId, query.source, ctx),
  });

  ehrRoute(app, {
    url: '/:practiceId/referring-providers',
    operationId: 'listReferringProviders',
    summary: 'Referring providers known to a practice',
    params: PracticeParams,
    querystring: SourceQuery,
    response: ReferringProviderList,
    load: (params, query, ctx) =>
      service.listReferringProviders(params.practiceId, query.source, ctx),
  });
}

/**
 * Maps `{apiRoot}/rest` onto the EHR routes. A direct request to the internal prefix is sent
 * somewhere no route lives, so the configured apiRoot is the only way in.
 */
export function rewriteEhrUrl(url: string, apiRoot: string): string {
  if (
    url === INTERNAL_EHR_PREFIX ||
    url.startsWith(`${INTERNAL_EHR_PREFIX}/`) ||
    url.startsWith(`${INTERNAL_EHR_PREFIX}?`)
  ) {
    return `/_unroutable${url}`;
  }
  if (url.startsWith(`${apiRoot}/`)) {
    return `${INTERNAL_EHR_PREFIX}${url.slice(apiRoot.length)}`;
  }
  return url;
}
