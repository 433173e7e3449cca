import type { FastifyInstance } from 'fastify';

import { parseFaultPatch } from '../faults.js';
import { registrationProblems, type ClientRegistration } from '../smart/clients.js';
import { FHIR_BASE_PATH, TOKEN_PATH, type SandboxState } from '../state.js';

/**
 * The sandbox's own controls, outside FHIR (no token): what it serves, fault knobs, counters,
 * reset, forced token expiry and client registration. For tests and demos on a local machine.
 */
export function adminRoutes(state: SandboxState) {
  const { faults, tokens, stats, clients, options } = state;
  const currentFaults = () => ({ ...faults.settings, tokenTtlSeconds: tokens.ttlSeconds });

  return async (app: FastifyInstance) => {
    app.get('/_sandbox', async (request) => {
      const origin = state.origin(request);
      return {
        status: 'ok',
        profile: options.profile,
        practiceId: options.practiceId,
        fhirBaseUrl: `${origin}${FHIR_BASE_PATH}`,
        tokenUrl: `${origin}${TOKEN_PATH}`,
        seed: options.seed,
        tokenTtlSeconds: tokens.ttlSeconds,
        identifierSystemPrefix: `urn:ehr-gateway:${state.context.source}:${state.context.practiceId}:`,
        published: state.seeded(),
        clients: clients.list(),
      };
    });

    app.get('/_sandbox/faults', async () => currentFaults());

    app.post('/_sandbox/faults', async (request, reply) => {
      const parsed = parseFaultPatch(request.body);
      if ('problems' in parsed) {
        return reply.code(400).send({ error: 'Invalid faults.', problems: parsed.problems });
      }
      const { tokenTtlSeconds, ...patch } = parsed.patch;
      if (tokenTtlSeconds !== undefined) {
        tokens.setTtlSeconds(tokenTtlSeconds);
      }
      faults.apply(patch);
      return currentFaults();
    });

    app.delete('/_sandbox/faults', async () => {
      faults.clear();
      tokens.setTtlSeconds(options.tokenTtlSeconds);
      return currentFaults();
    });

    app.get('/_sandbox/stats', async () => stats.counts);

    app.post('/_sandbox/reset', async () => {
      await state.reset();
      return { reset: true, published: state.seeded() };
    });

    app.post('/_sandbox/expire-tokens', async () => ({ expired: tokens.expireAll() }));

    app.get('/_sandbox/clients', async () => clients.list());

    app.post('/_sandbox/clients', async (request, reply) => {
      const problems = registrationProblems(request.body);
      if (problems.length) {
        return reply.code(400).send({ error: 'Invalid client.', problems });
      }
      const registration = request.body as ClientRegistration;
      clients.register(registration);
      return reply.code(201).send(clients.list().find((c) => c.clientId === registration.clientId));
    });

    app.delete<{ Params: { clientId: string } }>(
      '/_sandbox/clients/:clientId',
      async (request, reply) =>
        clients.remove(request.params.clientId)
          ? reply.code(204).send()
          : reply.code(404).send({ error: `No client ${request.params.clientId}.` }),
    );
  };
}
