import type { FastifyInstance } from 'fastify';

/** Work a module repeats while the gateway runs (retention, flushes, probes, refreshes). */
export interface BackgroundTask {
  /** Named in the server log when a run fails. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** When the first run happens; by default one interval after start. */
  firstRunAfterMs?: number;
}

/**
 * What a module's front door hands the app: the routes it serves and what must run and stop with
 * the gateway. app.ts registers modules in order; nothing else reaches into a module.
 */
export interface GatewayModule {
  /** Routes at the server root: gateway routes (marked with a source) and public ones. */
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /** Routes inside the admin scope, behind the session guard. */
  adminRoutes?: (admin: FastifyInstance) => void | Promise<void>;
  tasks?: BackgroundTask[];
  /** Runs when the gateway closes, modules in reverse order. */
  stop?: () => Promise<void>;
}

/** A module's `routes` that registers its routes under a path prefix. */
export function routesUnder(
  prefix: string,
  register: (scope: FastifyInstance) => void | Promise<void>,
): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    await app.register(
      async (scope) => {
        await register(scope);
      },
      { prefix },
    );
  };
}
