import type { FastifyInstance } from 'fastify';

import type { SandboxState } from '../state.js';
import { appointmentRoutes } from './appointments.js';
import { changedDataRoutes } from './changed.js';
import { openSlotRoutes } from './open-slots.js';
import { patientRoutes } from './patients.js';
import { practiceDataRoutes } from './practice-data.js';

/**
 * Everything under /v1/{practiceid}: a bearer token from /oauth2/v1/token is required (a missing
 * one gets Mashery's "Developer Inactive"), and only the configured practice exists.
 */
export function v1Routes(state: SandboxState) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match) {
        state.stats.counts.unauthorized += 1;
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/html')
          .send('<h1>Developer Inactive</h1>');
      }
      if (!state.tokens.isValid(match[1]!)) {
        state.stats.counts.unauthorized += 1;
        return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send({
          error: 'Invalid or expired access token.',
          detailedmessage: 'Request a new token from /oauth2/v1/token.',
        });
      }
      const { practiceid } = request.params as { practiceid: string };
      if (practiceid !== state.options.practiceId) {
        return reply.code(404).send({
          error: 'Invalid practice ID.',
          detailedmessage: `Practice ${practiceid} is not available; this sandbox serves practice ${state.options.practiceId}.`,
        });
      }
    });

    await app.register(patientRoutes(state));
    await app.register(practiceDataRoutes(state));
    await app.register(openSlotRoutes(state));
    await app.register(appointmentRoutes(state));
    await app.register(changedDataRoutes(state));
  };
}
