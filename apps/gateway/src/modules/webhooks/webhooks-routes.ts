import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminCreateWebhookEndpointBody,
  API_TAGS,
  CreateWebhookEndpointBody,
  ErrorResponse,
  RotateWebhookSecretBody,
  UpdateWebhookEndpointBody,
  WEBHOOK_ROUTES,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookDeliveryQueued,
  WebhookEndpointCreated,
  WebhookEndpointDetail,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookPhiApprovalBody,
  WebhookSecretRotated,
  WebhookStats,
} from '@ehr-gateway/contracts';

import { forbidden } from '../../lib/http-errors.js';
import { auditContextOf } from '../audit/index.js';
import type { DeliveriesService } from './deliveries-service.js';
import type { Caller, EndpointsService } from './endpoints-service.js';

interface Services {
  endpoints: EndpointsService;
  deliveries: DeliveriesService;
}

/** How one audience (API clients, or admins) reaches the shared routes. */
interface Audience {
  tags: string[];
  /** Prefixes operationIds so the two audiences' operations stay distinct. */
  operationPrefix: string;
  read: FastifyContextConfig;
  write: FastifyContextConfig;
  callerOf: (request: FastifyRequest) => Caller;
  createBody: typeof CreateWebhookEndpointBody | typeof AdminCreateWebhookEndpointBody;
  refusals: Record<number, typeof ErrorResponse>;
}

const opId = (audience: Audience, name: string) =>
  audience.operationPrefix
    ? `${audience.operationPrefix}${name[0]!.toUpperCase()}${name.slice(1)}`
    : name;

const zodRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type Routes = ReturnType<typeof zodRoutes>;

const notFoundOf = (audience: Audience) => ({
  400: ErrorResponse,
  404: ErrorResponse,
  ...audience.refusals,
});

/** Endpoints, their deliveries, tests and replays: the same routes for clients and admins. */
function registerSharedRoutes(app: FastifyInstance, services: Services, audience: Audience) {
  const routes = zodRoutes(app);
  registerEndpointRoutes(routes, services, audience);
  registerEndpointStateRoutes(routes, services, audience);
  registerDeliveryRoutes(routes, services, audience);
}

/** Create, list, read and change endpoints. */
function registerEndpointRoutes(routes: Routes, { endpoints }: Services, audience: Audience) {
  const { tags, read, write, callerOf, refusals } = audience;
  const notFound = notFoundOf(audience);
  routes.post(
    WEBHOOK_ROUTES.endpoints,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'createWebhookEndpoint'),
        summary: 'Register a webhook endpoint; its signing secret is in this answer only',
        tags,
        body: audience.createBody,
        response: { 201: WebhookEndpointCreated, 400: ErrorResponse, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await endpoints.create(request.body, callerOf(request), auditContextOf(request))),
  );
  routes.get(
    WEBHOOK_ROUTES.endpoints,
    {
      config: read,
      schema: {
        operationId: opId(audience, 'listWebhookEndpoints'),
        summary: 'Webhook endpoints, without their secrets',
        tags,
        response: { 200: WebhookEndpointList, ...refusals },
      },
    },
    async (request) => ({ endpoints: await endpoints.list(callerOf(request)) }),
  );
  routes.get(
    WEBHOOK_ROUTES.endpoint,
    {
      config: read,
      schema: {
        operationId: opId(audience, 'getWebhookEndpoint'),
        summary: 'One webhook endpoint',
        tags,
        params: WebhookEndpointParams,
        response: { 200: WebhookEndpointDetail, ...notFound },
      },
    },
    async (request) => ({ endpoint: await endpoints.get(request.params.id, callerOf(request)) }),
  );
  routes.patch(
    WEBHOOK_ROUTES.endpoint,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'updateWebhookEndpoint'),
        summary: "Change an endpoint's URL, events, description or payload mode",
        tags,
        params: WebhookEndpointParams,
        body: UpdateWebhookEndpointBody,
        response: { 200: WebhookEndpointDetail, ...notFound },
      },
    },
    async (request) => ({
      endpoint: await endpoints.update(
        request.params.id,
        request.body,
        callerOf(request),
        auditContextOf(request),
      ),
    }),
  );
}

/** Pause, resume, rotate the secret of, and delete an endpoint. */
function registerEndpointStateRoutes(routes: Routes, { endpoints }: Services, audience: Audience) {
  const { tags, write, callerOf } = audience;
  const notFound = notFoundOf(audience);
  for (const [name, route, summary] of [
    ['pause', WEBHOOK_ROUTES.pause, 'Pause deliveries (events queue until resumed)'],
    ['resume', WEBHOOK_ROUTES.resume, 'Resume a paused or disabled endpoint'],
  ] as const) {
    routes.post(
      route,
      {
        config: write,
        schema: {
          operationId: opId(audience, `${name}WebhookEndpoint`),
          summary,
          tags,
          params: WebhookEndpointParams,
          response: { 200: WebhookEndpointDetail, ...notFound },
        },
      },
      async (request) => ({
        endpoint: await endpoints[name](
          request.params.id,
          callerOf(request),
          auditContextOf(request),
        ),
      }),
    );
  }
  routes.post(
    WEBHOOK_ROUTES.rotateSecret,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'rotateWebhookSecret'),
        summary: 'New signing secret; the old one also signs until the grace period ends',
        tags,
        params: WebhookEndpointParams,
        body: RotateWebhookSecretBody,
        response: { 200: WebhookSecretRotated, ...notFound },
      },
    },
    async (request) =>
      endpoints.rotate(request.params.id, request.body, callerOf(request), auditContextOf(request)),
  );
  routes.delete(
    WEBHOOK_ROUTES.endpoint,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'deleteWebhookEndpoint'),
        summary: 'Delete an endpoint with its deliveries',
        tags,
        params: WebhookEndpointParams,
        response: { 204: z.null(), ...notFound },
      },
    },
    async (request, reply) => {
      await endpoints.remove(request.params.id, callerOf(request), auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}

/** Test events, an endpoint's deliveries, and replays. */
function registerDeliveryRoutes(routes: Routes, { deliveries }: Services, audience: Audience) {
  const { tags, read, write, callerOf } = audience;
  const notFound = notFoundOf(audience);
  routes.post(
    WEBHOOK_ROUTES.test,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'sendWebhookTest'),
        summary: 'Queue an endpoint.test event to this endpoint',
        tags,
        params: WebhookEndpointParams,
        response: { 202: WebhookDeliveryQueued, ...notFound },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await deliveries.sendTest(request.params.id, callerOf(request), auditContextOf(request)),
        ),
  );
  routes.get(
    WEBHOOK_ROUTES.deliveries,
    {
      config: read,
      schema: {
        operationId: opId(audience, 'listWebhookDeliveries'),
        summary: "An endpoint's deliveries, newest first",
        tags,
        params: WebhookEndpointParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryPage, ...notFound },
      },
    },
    async (request) => deliveries.page(request.params.id, request.query, callerOf(request)),
  );
  routes.get(
    WEBHOOK_ROUTES.delivery,
    {
      config: read,
      schema: {
        operationId: opId(audience, 'getWebhookDelivery'),
        summary: 'One delivery with its attempts (status, timing, the answer masked)',
        tags,
        params: WebhookDeliveryParams,
        response: { 200: WebhookDeliveryDetail, ...notFound },
      },
    },
    async (request) => deliveries.detail(request.params.deliveryId, callerOf(request)),
  );
  routes.post(
    WEBHOOK_ROUTES.replay,
    {
      config: write,
      schema: {
        operationId: opId(audience, 'replayWebhookDelivery'),
        summary: 'Send a delivered or failed event to its endpoint again (same webhook-id)',
        tags,
        params: WebhookDeliveryParams,
        response: { 202: WebhookDeliveryQueued, ...notFound },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await deliveries.replay(
            request.params.deliveryId,
            callerOf(request),
            auditContextOf(request),
          ),
        ),
  );
}

/** Under GATEWAY_PREFIXES.webhooks: API keys with the `events` scope, their own endpoints only. */
export function registerClientWebhookRoutes(app: FastifyInstance, services: Services) {
  const config = { source: 'webhooks', scope: 'events' } as const;
  registerSharedRoutes(app, services, {
    tags: [API_TAGS.webhooks],
    operationPrefix: '',
    read: config,
    write: config,
    createBody: CreateWebhookEndpointBody,
    refusals: { 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse },
    callerOf: (request) => {
      // Platform credentials (Vapi, Retell) hold the tools scope only; only a key owns endpoints.
      if (!request.apiKey?.id) {
        throw forbidden('Webhook endpoints belong to an API key: send one', 'API_KEY_REQUIRED');
      }
      return { kind: 'api-key', keyId: request.apiKey.id, practiceIds: request.apiKey.practiceIds };
    },
  });
}

/** Under ADMIN_WEBHOOKS_PREFIX: every endpoint, PHI approval and the delivery figures. */
export function registerAdminWebhookRoutes(admin: FastifyInstance, services: Services) {
  const tags = [API_TAGS.adminWebhooks];
  const refusals = { 401: ErrorResponse, 403: ErrorResponse };
  registerSharedRoutes(admin, services, {
    tags,
    operationPrefix: 'admin',
    read: { permission: 'webhooks:read' },
    write: { permission: 'webhooks:manage' },
    createBody: AdminCreateWebhookEndpointBody,
    refusals,
    callerOf: () => ({ kind: 'admin' }),
  });
  const routes = zodRoutes(admin);
  routes.put(
    WEBHOOK_ROUTES.phiApproval,
    {
      config: { permission: 'webhooks:approve-phi' },
      schema: {
        operationId: 'setWebhookPhiApproval',
        summary: 'Mark an endpoint PHI-approved (it may then get full bodies), or withdraw it',
        tags,
        params: WebhookEndpointParams,
        body: WebhookPhiApprovalBody,
        response: {
          200: WebhookEndpointDetail,
          400: ErrorResponse,
          404: ErrorResponse,
          ...refusals,
        },
      },
    },
    async (request) => ({
      endpoint: await services.endpoints.setPhiApproval(
        request.params.id,
        request.body.phiApproved,
        auditContextOf(request),
      ),
    }),
  );
  routes.get(
    WEBHOOK_ROUTES.stats,
    {
      config: { permission: 'webhooks:read' },
      schema: {
        operationId: 'getWebhookStats',
        summary: 'Events created, deliveries by outcome, delivery lag p50/p95',
        tags,
        response: { 200: WebhookStats, ...refusals },
      },
    },
    async () => services.deliveries.stats(),
  );
}
