import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  API_TAGS,
  CorsCheck,
  DatetimeInfo,
  DatetimeQuery,
  DobValidation,
  ErrorResponse,
  TestEcho,
  TestEchoBody,
  ValidateDobQuery,
} from '@ehr-gateway/contracts';

import type { UtilityService } from './utility-service.js';

const tags = [API_TAGS.utility];
const config = { source: 'utility', scope: 'utility' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse };

export function registerUtilityRoutes(app: FastifyInstance, service: UtilityService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: '/validate-dob',
    config,
    schema: {
      operationId: 'validateDob',
      summary: 'Check a date of birth and convert it to ISO and athena formats',
      tags,
      querystring: ValidateDobQuery,
      response: { 200: DobValidation, ...errors },
    },
    handler: async (request) => service.validateDob(request.query.dob),
  });

  routes.route({
    method: 'GET',
    url: '/datetime',
    config,
    schema: {
      operationId: 'getDatetime',
      summary: 'The current time in ISO, athena and a chosen date-fns format',
      tags,
      querystring: DatetimeQuery,
      response: { 200: DatetimeInfo, ...errors },
    },
    handler: async (request) => service.datetime(request.query.format),
  });

  routes.route({
    method: 'GET',
    url: '/cors-check',
    config,
    schema: {
      operationId: 'checkCors',
      summary: "Whether the request's Origin may call the gateway from a browser",
      tags,
      response: { 200: CorsCheck, ...errors },
    },
    handler: async (request) =>
      service.corsCheck(request.headers.origin, `${request.protocol}://${request.host}`),
  });

  routes.route({
    method: 'POST',
    url: '/test',
    config,
    schema: {
      operationId: 'testEcho',
      summary: 'Echo a message and data back, with the time received and the request id',
      tags,
      body: TestEchoBody,
      response: { 200: TestEcho, ...errors, 413: ErrorResponse, 415: ErrorResponse },
    },
    handler: async (request) => service.echo(request.body, request.id),
  });
}
