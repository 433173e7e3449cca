import type { FastifyInstance } from 'fastify';

import { capabilityStatement } from '../fhir/capabilities.js';
import { callEngine } from '../fhir/engine.js';
import type { ProfileRules } from '../fhir/profile-rules.js';
import { searchType } from '../fhir/search.js';
import { TOKEN_PATH, type SandboxState } from '../state.js';
import { authorize, fhirBaseUrl, sendResource, type FhirParams } from './fhir-access.js';

/** /metadata, type-level search and read. */
export function fhirReadRoutes(state: SandboxState, rules: ProfileRules) {
  return async (app: FastifyInstance) => {
    app.get('/metadata', async (request) =>
      capabilityStatement({
        profile: state.options.profile,
        baseUrl: fhirBaseUrl(state, request),
        tokenUrl: `${state.origin(request)}${TOKEN_PATH}`,
        date: state.startedAt,
      }),
    );

    app.get<{ Params: FhirParams }>('/:type', async (request) => {
      const type = authorize(state, request, 'search-type');
      const at = request.url.indexOf('?');
      return searchType(state, rules, {
        type,
        rawQuery: at < 0 ? '' : request.url.slice(at + 1),
        strict: /handling\s*=\s*strict/i.test(String(request.headers.prefer ?? '')),
        baseUrl: fhirBaseUrl(state, request),
      });
    });

    app.get<{ Params: FhirParams }>('/:type/:id', async (request, reply) => {
      const type = authorize(state, request, 'read');
      const { resource } = await callEngine(state, 'GET', `${type}/${request.params.id}`);
      return sendResource(reply, 200, resource);
    });
  };
}
