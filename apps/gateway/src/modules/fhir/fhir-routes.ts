import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import {
  API_TAGS,
  EHR_SOURCES,
  EhrSource,
  FHIR_RESOURCES,
  FHIR_RESOURCE_TYPES,
  HEADERS,
  PracticeParams,
  fhirBasePath,
  type ApiScope,
  type FhirResourceType,
  type LogSource,
} from '@ehr-gateway/contracts';

import { callContextOf, type EhrModule } from '../ehr/index.js';
import type { FhirCall, ReadHandler, SearchHandler } from './fhir-call.js';
import { capabilityStatement } from './fhir-capability.js';
import { etagOf, type createBooking, type FhirWriteAnswer } from './fhir-booking.js';
import { registerFhirHttp, sendResource, writeHeaders } from './fhir-http.js';
import { operationOutcome } from './fhir-outcome.js';
import { parseFhirSearch, searchPage } from './fhir-search.js';

export type FhirHandlers = {
  [T in FhirResourceType]: { read?: ReadHandler; search?: SearchHandler };
};

export interface FhirRouteDeps {
  ehr: Pick<EhrModule, 'forSource'>;
  handlers: FhirHandlers;
  booking: ReturnType<typeof createBooking>;
  version: string;
  publicBaseUrl?: string;
  startedAt: string;
}

const BaseParams = z.strictObject({
  source: EhrSource,
  practiceId: PracticeParams.shape.practiceId,
});
const InstanceParams = BaseParams.extend({
  id: z
    .string()
    .regex(/^[A-Za-z0-9\-.]{1,64}$/, 'must be a FHIR id (letters, digits, - and ., at most 64)'),
});
type InstanceParams = z.infer<typeof InstanceParams>;
/** FHIR resources are open-ended: the answer is described, not whitelisted (it is sent as text). */
const FhirResource = z.looseObject({ resourceType: z.string() });
/** Errors: an OperationOutcome, or the gateway's error body on its way to becoming one (onSend). */
const FhirOutcome = z.looseObject({ resourceType: z.literal('OperationOutcome').optional() });
const answers = (success: number) => ({
  [success]: FhirResource,
  ...Object.fromEntries(
    [400, 401, 403, 404, 406, 409, 412, 422, 429, 503].map((status) => [status, FhirOutcome]),
  ),
});

/** The EHR a FHIR path names, for the request log and metrics (refused paths: the gateway). */
const sourceOfPath = (request: FastifyRequest): LogSource => {
  const source = (request.params as { source?: unknown }).source;
  return EHR_SOURCES.find((known) => known === source) ?? 'gateway';
};

type BaseParams = z.infer<typeof BaseParams>;

interface RouteDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  operationId: string;
  summary: string;
  scope: ApiScope;
  params: z.ZodType;
  success?: number;
  body?: boolean;
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** What the route registrations below share: the scope, the deps and the request's EHR. */
interface FhirRouter {
  scope: FastifyInstance;
  deps: FhirRouteDeps;
  route: (definition: RouteDefinition) => void;
  callOf: (request: FastifyRequest) => FhirCall;
  baseUrlOf: (request: FastifyRequest) => string;
}

export function registerFhirRoutes(scope: FastifyInstance, deps: FhirRouteDeps) {
  registerFhirHttp(scope);
  const router: FhirRouter = {
    scope,
    deps,
    baseUrlOf: (request) => {
      const { source, practiceId } = request.params as BaseParams;
      const origin = deps.publicBaseUrl ?? `${request.protocol}://${request.host}`;
      return `${origin}${fhirBasePath(source, practiceId)}`;
    },
    callOf: (request) => {
      const { source, practiceId } = request.params as BaseParams;
      return {
        source,
        practiceId,
        client: deps.ehr.forSource(source),
        ctx: callContextOf(request),
        mapping: { source, practiceId },
      };
    },
    route: (definition) => {
      scope.route({
        method: definition.method,
        url: `/:source/:practiceId${definition.url}`,
        config: { source: sourceOfPath, scope: definition.scope, acceptsBearerKey: true },
        schema: {
          operationId: definition.operationId,
          summary: definition.summary,
          tags: [API_TAGS.fhir],
          params: definition.params,
          ...(definition.body ? { body: FhirResource.or(z.array(z.unknown())) } : {}),
          response: answers(definition.success ?? 200),
        },
        handler: definition.handler,
      });
    },
  };
  registerMetadata(router);
  for (const type of FHIR_RESOURCE_TYPES) {
    registerResource(router, type);
  }
  registerAppointmentWrites(router);
}

function registerMetadata({ route, deps, baseUrlOf }: FhirRouter) {
  route({
    method: 'GET',
    url: '/metadata',
    operationId: 'fhirCapabilities',
    summary: "The FHIR base's CapabilityStatement",
    scope: 'ehr:read',
    params: BaseParams,
    handler: async (request, reply) => {
      const params = request.params as BaseParams;
      // An EHR this gateway cannot reach has no FHIR base (503, as its other routes).
      deps.ehr.forSource(params.source);
      const statement = capabilityStatement({
        ...params,
        baseUrl: baseUrlOf(request),
        version: deps.version,
        date: deps.startedAt,
      });
      return sendResource(reply, 200, statement);
    },
  });
}

function registerResource(router: FhirRouter, type: FhirResourceType) {
  const { route, deps, callOf, baseUrlOf } = router;
  const declared: readonly string[] = FHIR_RESOURCES[type].interactions;
  const { read, search } = deps.handlers[type];
  if (
    declared.includes('read') !== Boolean(read) ||
    declared.includes('search-type') !== Boolean(search)
  ) {
    throw new Error(`FHIR ${type}: the declared interactions and the handlers differ`);
  }
  if (search) {
    route({
      method: 'GET',
      url: `/${type}`,
      operationId: `fhirSearch${type}`,
      summary: `Search ${type} (a searchset Bundle)`,
      scope: 'ehr:read',
      params: BaseParams,
      handler: async (request, reply) => {
        const query = request.query as Record<string, string>;
        const parsed = parseFhirSearch(type, query, writeHeaders(request).strict);
        const answer = await search(callOf(request), parsed);
        const urls = { baseUrl: baseUrlOf(request), rawQuery: request.url.split('?')[1] ?? '' };
        return sendResource(reply, 200, await searchPage(type, parsed, answer, urls));
      },
    });
  }
  if (read) {
    route({
      method: 'GET',
      url: `/${type}/:id`,
      operationId: `fhirRead${type}`,
      summary: `Read one ${type}`,
      scope: 'ehr:read',
      params: InstanceParams,
      handler: async (request, reply) => {
        const resource = await read(callOf(request), (request.params as InstanceParams).id);
        void reply.header(HEADERS.etag, etagOf(resource));
        return sendResource(reply, 200, resource);
      },
    });
  }
  const writes = (interaction: string, method: string) =>
    declared.includes(interaction) ? [method] : [];
  refuseOtherMethods(router, `/${type}`, [...(search ? ['GET'] : []), ...writes('create', 'POST')]);
  refuseOtherMethods(router, `/${type}/:id`, [
    'GET',
    ...writes('update', 'PUT'),
    ...writes('patch', 'PATCH'),
  ]);
}

const FHIR_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** 405 for the methods FHIR defines on a path that this server does not offer there. */
function refuseOtherMethods({ scope }: FhirRouter, url: string, offered: string[]) {
  const shown = url.replace(':id', '{id}');
  scope.route({
    method: FHIR_METHODS.filter((method) => !offered.includes(method)),
    url: `/:source/:practiceId${url}`,
    config: { source: sourceOfPath, scope: 'ehr:read', acceptsBearerKey: true },
    schema: { hide: true },
    handler: async (request, reply) =>
      sendResource(
        reply.header('allow', offered.join(', ')),
        405,
        operationOutcome([
          {
            code: 'not-supported',
            diagnostics: `${request.method} is not offered on ${shown} (offered: ${offered.join(', ') || 'none'})`,
          },
        ]),
      ),
  });
}

function sendWrite(
  router: FhirRouter,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: FhirWriteAnswer,
) {
  const resource = answer.resource;
  if (answer.statusCode >= 400) {
    // A replayed refusal (Idempotency-Key): onSend turns the stored error into an outcome.
    return reply.code(answer.statusCode).send(resource);
  }
  if (answer.created) {
    void reply.header(
      HEADERS.location,
      `${router.baseUrlOf(request)}/${resource.resourceType}/${resource.id}`,
    );
  }
  void reply.header(HEADERS.etag, etagOf(resource));
  return sendResource(reply, answer.statusCode, resource);
}

function registerAppointmentWrites(router: FhirRouter) {
  const { route, deps, callOf } = router;
  route({
    method: 'POST',
    url: '/Appointment',
    operationId: 'fhirBookAppointment',
    summary:
      'Book: an Appointment with one Slot and one Patient participant (Idempotency-Key, If-None-Exist)',
    scope: 'ehr:write',
    params: BaseParams,
    body: true,
    success: 201,
    handler: async (request, reply) => {
      const answer = await deps.booking.create(
        callOf(request),
        request.body,
        writeHeaders(request),
      );
      return sendWrite(router, request, reply, answer);
    },
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    route({
      method,
      url: '/Appointment/:id',
      operationId: method === 'PATCH' ? 'fhirPatchAppointment' : 'fhirUpdateAppointment',
      summary:
        method === 'PATCH'
          ? 'Cancel: JSON Patch replacing /status with cancelled'
          : 'Cancel: the Appointment with status cancelled and a cancelationReason',
      scope: 'ehr:write',
      params: InstanceParams,
      body: true,
      handler: async (request, reply) => {
        const id = (request.params as InstanceParams).id;
        const answer = await deps.booking.changeStatus(callOf(request), id, {
          kind: method === 'PATCH' ? 'patch' : 'put',
          body: request.body,
          ifMatch: writeHeaders(request).ifMatch,
        });
        return sendWrite(router, request, reply, answer);
      },
    });
  }
}
