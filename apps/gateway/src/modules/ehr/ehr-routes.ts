import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import {
  AppointmentDetail,
  AppointmentList,
  AppointmentListQuery,
  AppointmentParams,
  DepartmentList,
  type EhrSource,
  ErrorResponse,
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

import { callContextOf } from './ehr-client.js';
import type { Cached, EhrService } from './ehr-service.js';

/**
 * EHR routes are registered under this fixed prefix; the server rewrites `{apiRoot}/…` onto it, so
 * a new apiRoot takes effect on the next request without re-registering routes.
 */
export const EHR_ROUTE_PREFIX = '/_ehr';

const tags = ['EHR'];
const security = [{ apiKey: [] }];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
};

export function registerEhrRoutes(app: FastifyInstance, service: EhrService) {
  const route = <P extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(definition: {
    url: string;
    operationId: string;
    summary: string;
    params: P;
    querystring: Q;
    response: R;
    /** The service call; the helper records which EHR answered and the cache outcome. */
    load: (
      params: z.infer<P>,
      query: z.infer<Q>,
      ctx: ReturnType<typeof callContextOf>,
    ) => Promise<Cached<unknown>>;
  }) =>
    // Types come from `load`; the zod compilers set on the app still validate and serialise.
    app.route({
      method: 'GET',
      url: `${EHR_ROUTE_PREFIX}${definition.url}`,
      config: { source: 'athena' },
      schema: {
        operationId: definition.operationId,
        summary: definition.summary,
        description: 'source=athena (default) or source=mock picks the EHR.',
        tags,
        security,
        params: definition.params,
        querystring: definition.querystring,
        response: { 200: definition.response, ...errors },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.params as z.infer<P>;
        const query = request.query as z.infer<Q> & { source: EhrSource };
        const result = await definition.load(params, query, callContextOf(request));
        request.gatewaySource = query.source;
        if (result.cache) {
          void reply.header('x-cache', result.cache);
        }
        return result.value;
      },
    });

  route({
    url: '/:practiceId/patients',
    operationId: 'listPatients',
    summary: 'Patients of a practice, filtered by name; 50 per page by default',
    params: PracticeParams,
    querystring: PatientListQuery,
    response: PatientList,
    load: (params, query, ctx) => service.listPatients(params.practiceId, query, ctx),
  });

  route({
    url: '/:practiceId/patients/:patientId',
    operationId: 'getPatient',
    summary: 'One patient with contact details',
    params: PatientParams,
    querystring: SourceQuery,
    response: PatientDetail,
    load: (params, query, ctx) =>
      service.getPatient(params.practiceId, params.patientId, query.source, ctx),
  });

  route({
    url: '/:practiceId/appointments',
    operationId: 'listAppointments',
    summary: 'Booked appointments between startDate and endDate (default: startDate)',
    params: PracticeParams,
    querystring: AppointmentListQuery,
    response: AppointmentList,
    load: (params, query, ctx) => service.listAppointments(params.practiceId, query, ctx),
  });

  route({
    url: '/:practiceId/appointments/:appointmentId',
    operationId: 'getAppointment',
    summary: 'One appointment (or open slot) with its department and notes',
    params: AppointmentParams,
    querystring: SourceQuery,
    response: AppointmentDetail,
    load: (params, query, ctx) =>
      service.getAppointment(params.practiceId, params.appointmentId, query.source, ctx),
  });

  route({
    url: '/:practiceId/providers',
    operationId: 'listProviders',
    summary: 'Providers of a practice; 50 per page by default',
    params: PracticeParams,
    querystring: ProviderListQuery,
    response: ProviderList,
    load: (params, query, ctx) => service.listProviders(params.practiceId, query, ctx),
  });

  route({
    url: '/:practiceId/departments',
    operationId: 'listDepartments',
    summary: 'Departments of a practice with address and timezone',
    params: PracticeParams,
    querystring: SourceQuery,
    response: DepartmentList,
    load: (params, query, ctx) => service.listDepartments(params.practiceId, query.source, ctx),
  });

  route({
    url: '/:practiceId/referring-providers',
    operationId: 'listReferringProviders',
    summary: 'Referring providers known to a practice',
    params: PracticeParams,
    querystring: SourceQuery,
    response: ReferringProviderList,
    load: (params, query, ctx) =>
      service.listReferringProviders(params.practiceId, query.source, ctx),
  });

  route({
    url: '/:practiceId/patient-with-appointments',
    operationId: 'getPatientWithAppointments',
    summary: 'A patient and their appointments between startDate and endDate',
    params: PracticeParams,
    querystring: PatientWithAppointmentsQuery,
    response: PatientWithAppointments,
    load: (params, query, ctx) => service.patientWithAppointments(params.practiceId, query, ctx),
  });
}

/**
 * Maps `{apiRoot}/rest` onto the EHR routes. A direct request to the internal prefix is sent
 * somewhere no route lives, so the configured apiRoot is the only way in.
 */
export function rewriteEhrUrl(url: string, apiRoot: string): string {
  if (
    url === EHR_ROUTE_PREFIX ||
    url.startsWith(`${EHR_ROUTE_PREFIX}/`) ||
    url.startsWith(`${EHR_ROUTE_PREFIX}?`)
  ) {
    return `/_unroutable${url}`;
  }
  if (url.startsWith(`${apiRoot}/`)) {
    return `${EHR_ROUTE_PREFIX}${url.slice(apiRoot.length)}`;
  }
  return url;
}
