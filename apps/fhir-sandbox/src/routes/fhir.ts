import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Appointment, Resource } from '@medplum/fhirtypes';

import { statusChangeFromPatch } from '@ehr-gateway/fhir-mapping';

import { forbidden, notAllowed, notFound, badRequest, unauthorized } from '../outcome.js';
import { permits, scopesFor } from '../smart/scopes.js';
import type { Grant } from '../smart/tokens.js';
import { FHIR_BASE_PATH, type SandboxState } from '../state.js';
import { assertValid, bookAppointment, changeAppointment, etagOf } from '../fhir/appointments.js';
import {
  capabilityStatement,
  SCOPE_INTERACTION,
  type FhirInteraction,
} from '../fhir/capabilities.js';
import { callEngine } from '../fhir/engine.js';
import { profileRules } from '../fhir/profile-rules.js';
import { searchType } from '../fhir/search.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's grant, once checked. */
    grant?: Grant;
  }
}

type Params = { type: string; id?: string };

/** Answers a FHIR resource with its version headers. */
function sendResource(reply: FastifyReply, status: number, resource: Resource, baseUrl?: string) {
  if (resource.meta?.versionId) {
    reply.header('etag', etagOf(resource));
  }
  if (resource.meta?.lastUpdated) {
    reply.header('last-modified', new Date(resource.meta.lastUpdated).toUTCString());
  }
  if (status === 201 && baseUrl) {
    reply.header(
      'location',
      `${baseUrl}/${resource.resourceType}/${resource.id}/_history/${resource.meta?.versionId}`,
    );
  }
  return reply.code(status).send(resource);
}

/** The bearer token, checked: 401 with the reason when it is missing, unknown or expired. */
function checkBearer(state: SandboxState, request: FastifyRequest) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const challenge = (error?: string) => ({
    'www-authenticate': `Bearer realm="fhir-sandbox"${error ? `, error="${error}"` : ''}`,
  });
  if (!token) {
    throw unauthorized(
      'A bearer token is required: get one at the token endpoint',
      undefined,
      challenge(),
    );
  }
  const check = state.tokens.check(token);
  if (!check.ok) {
    throw unauthorized(
      check.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid',
      undefined,
      challenge('invalid_token'),
    );
  }
  request.grant = check.grant;
}

export function fhirRoutes(state: SandboxState) {
  const rules = profileRules(state.options.profile);
  const baseUrl = (request: FastifyRequest) => `${state.origin(request)}${FHIR_BASE_PATH}`;

  /** The resource type, if served, after the scope check for the interaction. */
  function authorize(request: FastifyRequest<{ Params: Params }>, interaction: FhirInteraction) {
    const { type } = request.params;
    const support = state.support[type];
    if (!support) {
      throw notFound(`Resource type ${type} is not served here`);
    }
    if (!support.interactions.includes(interaction)) {
      throw notAllowed(`${interaction} is not supported on ${type}`);
    }
    const scope = SCOPE_INTERACTION[interaction];
    if (!permits(request.grant?.scopes ?? [], type, scope)) {
      throw forbidden(
        `The token's scopes do not allow ${interaction} on ${type}: it needs ${scopesFor(type, scope)}`,
      );
    }
    return type;
  }

  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0]!;
      if (!path.endsWith('/metadata') && !path.includes('/.well-known/')) {
        checkBearer(state, request);
      }
    });

    app.get('/metadata', async (request) =>
      capabilityStatement({
        profile: state.options.profile,
        baseUrl: baseUrl(request),
        tokenUrl: `${state.origin(request)}/oauth2/token`,
        date: state.startedAt,
      }),
    );

    app.get<{ Params: Params }>('/:type', async (request) => {
      const type = authorize(request, 'search-type');
      const rawQuery = request.url.includes('?')
        ? request.url.slice(request.url.indexOf('?') + 1)
        : '';
      const strict = /handling\s*=\s*strict/i.test(String(request.headers.prefer ?? ''));
      return searchType(state, rules, { type, rawQuery, strict, baseUrl: baseUrl(request) });
    });

    app.get<{ Params: Params }>('/:type/:id', async (request, reply) => {
      const type = authorize(request, 'read');
      const { resource } = await callEngine(state, 'GET', `${type}/${request.params.id}`);
      return sendResource(reply, 200, resource);
    });

    app.post<{ Params: Params; Body: Resource }>('/:type', async (request, reply) => {
      const type = authorize(request, 'create');
      const body = request.body;
      if (body?.resourceType !== type) {
        throw badRequest(`The body must be a ${type} resource`, ['resourceType']);
      }
      const ifNoneExist = request.headers['if-none-exist'] as string | undefined;
      if (type === 'Appointment') {
        const { status, resource } = await bookAppointment(
          state,
          rules,
          body as Appointment,
          ifNoneExist,
        );
        return sendResource(reply, status, resource, baseUrl(request));
      }
      const { id: _id, meta: _meta, ...fields } = body;
      assertValid(fields as Resource);
      const { status, resource } = await callEngine(state, 'POST', type, {
        body: fields,
        headers: ifNoneExist ? { 'if-none-exist': ifNoneExist } : {},
      });
      return sendResource(reply, status, resource, baseUrl(request));
    });

    app.patch<{ Params: Params; Body: unknown }>('/:type/:id', async (request, reply) => {
      authorize(request, 'patch');
      const change = statusChangeFromPatch(request.body);
      if (!change.ok) {
        throw badRequest(
          change.errors.map((e) => `${e.path}: ${e.message}`).join('; '),
          change.errors.map((e) => e.path),
        );
      }
      const saved = await changeAppointment(state, rules, {
        id: request.params.id!,
        change: change.value,
        ifMatch: request.headers['if-match'],
        requireIfMatch: rules.patchNeedsIfMatch,
      });
      return sendResource(reply, 200, saved);
    });

    app.put<{ Params: Params; Body: Appointment }>('/:type/:id', async (request, reply) => {
      authorize(request, 'update');
      const body = request.body;
      if (body?.resourceType !== 'Appointment' || body.id !== request.params.id) {
        throw badRequest('The body must be the Appointment with the id in the URL', ['id']);
      }
      const saved = await changeAppointment(state, rules, {
        id: request.params.id!,
        change: {
          status: body.status,
          cancelationReason: body.cancelationReason ?? null,
          reason: null,
        },
        ifMatch: request.headers['if-match'],
        requireIfMatch: false,
        replacement: body,
      });
      return sendResource(reply, 200, saved);
    });

    app.delete('/:type/:id', async () => {
      throw notAllowed(
        'Resources are not deleted here: cancel an Appointment by setting its status',
      );
    });
    app.post('/', async () => {
      throw notAllowed(
        'Batch and transaction Bundles are not supported (the engine would not apply them atomically)',
      );
    });
  };
}
