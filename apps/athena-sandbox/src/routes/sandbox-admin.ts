import type { FastifyInstance } from 'fastify';

import { parseFaultPatch } from '../faults.js';
import type { SandboxState } from '../state.js';

/**
 * The sandbox's own controls, outside athena's API (no token needed): fault knobs, counters,
 * reset and forced token expiry. For tests and demos on a local machine.
 */
export function sandboxAdminRoutes(state: SandboxState) {
  const { faults, tokens, stats, options } = state;

  const current = () => ({
    ...faults.settings,
    tokenLimitPerMinute: tokens.limitPerMinute,
  });

  return async (app: FastifyInstance) => {
    app.get('/_sandbox', async () => ({
      status: 'ok',
      practiceId: options.practiceId,
      clientId: options.clientId,
      tokenPath: '/oauth2/v1/token',
      apiBasePath: `/v1/${options.practiceId}`,
      seed: options.seed,
      tokenTtlSeconds: options.tokenTtlSeconds,
      tokenLimitPerMinute: tokens.limitPerMinute,
    }));

    app.get('/_sandbox/faults', async () => current());

    app.post('/_sandbox/faults', async (request, reply) => {
      const parsed = parseFaultPatch(request.body);
      if ('problems' in parsed) {
        return reply.code(400).send({ error: 'Invalid faults.', problems: parsed.problems });
      }
      const { tokenLimitPerMinute, ...patch } = parsed.patch;
      if (tokenLimitPerMinute !== undefined) {
        tokens.setLimitPerMinute(tokenLimitPerMinute);
      }
      faults.apply(patch);
      return current();
    });

    app.delete('/_sandbox/faults', async () => {
      faults.clear();
      tokens.setLimitPerMinute(options.tokenLimitPerMinute);
      return current();
    });

    app.get('/_sandbox/stats', async () => ({
      ...stats.counts,
      peakQps: stats.peakQps(),
      patientsCreated: state.patients.created(),
      appointmentsChanged: state.bookings.changes(),
    }));

    app.post('/_sandbox/reset', async () => {
      state.reset();
      return { reset: true };
    });

    app.post('/_sandbox/expire-tokens', async () => ({ expired: tokens.expireAll() }));
  };
}
