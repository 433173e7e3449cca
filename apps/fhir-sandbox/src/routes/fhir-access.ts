import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';

import { etagOf } from '../fhir/appointments.js';
import { SCOPE_INTERACTION, type FhirInteraction } from '../fhir/capabilities.js';
import { forbidden, notAllowed, notFound, unauthorized } from '../outcome.js';
import { permits, scopesFor } from '../smart/scopes.js';
import type { Grant } from '../smart/tokens.js';
import { FHIR_BASE_PATH, type SandboxState } from '../state.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's grant, once checked. */
    grant?: Grant;
  }
}

export type FhirParams = { type: string; id?: string };

export const fhirBaseUrl = (state: SandboxState, request: FastifyRequest) =>
  `${state.origin(request)}${FHIR_BASE_PATH}`;

/** Answers a FHIR resource with its version headers (and Location when it was created). */
export function sendResource(
  reply: FastifyReply,
  status: number,
  resource: Resource,
  baseUrl?: string,
) {
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
export function checkBearer(state: SandboxState, request: FastifyRequest) {
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

/** The resource type, if served, after the scope check for the interaction. */
export function authorize(
  state: SandboxState,
  request: FastifyRequest<{ Params: FhirParams }>,
  interaction: FhirInteraction,
) {
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
