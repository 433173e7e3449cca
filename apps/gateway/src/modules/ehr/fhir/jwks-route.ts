import type { FastifyInstance } from 'fastify';

import { API_TAGS, ErrorResponse, PublicKeySet, SERVICE_PATHS } from '@ehr-gateway/contracts';

import { notFound } from '../../../lib/http-errors.js';

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
      response: { 200: PublicKeySet, 404: ErrorResponse },
    },
    handler: async (_request, reply) => {
      const keys = await keySet();
      if (keys.keys.length === 0) {
        // A gateway without FHIR_PRIVATE_KEY signs nothing: nothing to publish.
        throw notFound(
          'No FHIR signing key is configured (FHIR_PRIVATE_KEY); see docs/fhir.md',
          'JWKS_NOT_CONFIGURED',
        );
      }
      void reply.header('cache-control', 'public, max-age=300');
      return keys;
    },
  });
}
