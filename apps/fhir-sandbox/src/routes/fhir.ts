import type { FastifyInstance } from 'fastify';

import { profileRules } from '../fhir/profile-rules.js';
import type { SandboxState } from '../state.js';
import { checkBearer } from './fhir-access.js';
import { fhirReadRoutes } from './fhir-reads.js';
import { fhirWriteRoutes } from './fhir-writes.js';

/** The FHIR REST API under the base path: every call but /metadata needs a bearer token. */
export function fhirRoutes(state: SandboxState) {
  const rules = profileRules(state.options.profile);
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!request.url.split('?')[0]!.endsWith('/metadata')) {
        checkBearer(state, request);
      }
    });
    await app.register(fhirReadRoutes(state, rules));
    await app.register(fhirWriteRoutes(state, rules));
  };
}
