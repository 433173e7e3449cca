import type { FastifyInstance } from 'fastify';

import { API_TAGS, PublicKeySet, SERVICE_PATHS } from '@ehr-gateway/contracts';

import type { PublicKeySet as KeySet } from './fhir-keys.js';

/**
 * The public keys FHIR EHRs verify the gateway's client assertions with (Epic and others fetch
 * this URL). The response schema admits public members only, whatever the key set holds.
 */
export function registerJwksRoute(app: FastifyInstance, keySet: () => Promise<KeySet>) {
  app.route({
    method: 'GET',
    url: SERVICE_PATHS.jwks,
    schema: {
      operationId: 'getJwks',
      summary: 'The public keys of the gateway’s SMART Backend Services client',
      tags: [API_TAGS.fhir],
      response: { 200: PublicKeySet },
    },
    handler: async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return keySet();
    },
  });
}
