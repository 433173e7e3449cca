import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  API_TAGS,
  AppointmentTypesQuery,
  CreatePatientWithAppointmentBody,
  DepartmentAppointmentTypes,
  DepartmentProviders,
  DepartmentProvidersQuery,
  ErrorResponse,
  HEADERS,
  PatientLookupQuery,
  PatientOpenSlots,
  PatientOpenSlotsQuery,
  PatientProvider,
  PatientWithAppointmentCreated,
} from '@ehr-gateway/contracts';

import { callContextOf } from '../ehr/index.js';
import type { AggregationService } from './aggregation-service.js';

const tags = [API_TAGS.aggregation];
const config = { source: 'aggregation', scope: 'aggregation' } as const;
/** Registering a patient and booking writes to the EHR. */
const writeConfig = { source: 'aggregation', scope: 'ehr:write' } as const;
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
  504: ErrorResponse,
};

export function registerAggregationRoutes(app: FastifyInstance, service: AggregationService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/department-providers',
    config,
    schema: {
      operationId: 'getDepartmentProviders',
      summary: 'Every department with the providers based there',
      tags,
      querystring: DepartmentProvidersQuery,
      response: { 200: DepartmentProviders, ...errors },
    },
    handler: async (request) =>
      service.departmentProviders(request.query.source, callContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: '/appointment-types',
    config,
    schema: {
      operationId: 'getDepartmentAppointmentTypes',
      summary: 'Appointment types offered in a department',
      tags,
      querystring: AppointmentTypesQuery,
      response: { 200: DepartmentAppointmentTypes, ...errors },
    },
    handler: async (request) => service.appointmentTypes(request.query, callContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: '/patient-open-slots',
    config,
    schema: {
      operationId: 'getPatientOpenSlots',
      summary:
        "Open slots for a patient (found by name and date of birth): their provider's first, else their department's",
      tags,
      querystring: PatientOpenSlotsQuery,
      response: { 200: PatientOpenSlots, ...errors },
    },
    handler: async (request) => service.patientOpenSlots(request.query, callContextOf(request)),
  });

  routes.route({
    method: 'GET',
    url: '/patient-provider',
    config,
    schema: {
      operationId: 'getPatientProvider',
      summary: "A patient's provider and department, found by name and date of birth",
      tags,
      querystring: PatientLookupQuery,
      response: { 200: PatientProvider, ...errors },
    },
    handler: async (request) => service.patientProvider(request.query, callContextOf(request)),
  });

  routes.route({
    method: 'POST',
    url: '/patient-with-appointment',
    config: writeConfig,
    schema: {
      operationId: 'createPatientWithAppointment',
      summary:
        'Find or register a patient and book the earliest open slot on a day; send Idempotency-Key to retry safely',
      tags,
      querystring: DepartmentProvidersQuery,
      headers: z.object({ [HEADERS.idempotencyKey]: z.string().trim().min(1).max(200).optional() }),
      body: CreatePatientWithAppointmentBody,
      response: { 201: PatientWithAppointmentCreated, ...errors, 422: ErrorResponse },
    },
    handler: async (request, reply) => {
      const answer = await service.createPatientWithAppointment(
        request.query.source,
        request.body,
        request.headers[HEADERS.idempotencyKey],
        callContextOf(request),
      );
      if (answer.replayed) {
        void reply.header(HEADERS.idempotentReplayed, 'true');
      }
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  });
}
