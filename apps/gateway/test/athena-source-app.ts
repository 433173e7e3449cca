import type { FastifyInstance } from 'fastify';

import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  startSandbox,
  type TestGatewayOptions,
  type TestStorage,
} from './helpers.js';

export const ATHENA_PRACTICE = '195900';
const SANDBOX_SECRET = 'sandbox-secret-value-0123';

export interface AthenaSourceApp {
  /** The athena sandbox, listening on a free port. */
  sandbox: FastifyInstance;
  storage: TestStorage;
  /** The gateway, its athena connector pointed at the sandbox (source=athena), retrying fast. */
  app: FastifyInstance;
  /** The signed-in admin's Cookie header. */
  cookie: string;
  /** An API key for the gateway routes. */
  key: string;
  close(): Promise<void>;
}

/**
 * An athena sandbox on a free port, and a gateway on PGlite whose athena connector calls it over
 * HTTP (retries 5 ms apart), signed in with a key. `gateway.settings` adds to the athena settings.
 */
export async function startAthenaSourceApp(
  gateway: TestGatewayOptions = {},
): Promise<AthenaSourceApp> {
  const { sandbox, url } = await startSandbox({ clientSecret: SANDBOX_SECRET });
  const storage = await openTestStorage({ name: 'pglite' });
  const app = await buildGateway(storage, {
    athenaTransport: { baseRetryDelayMs: 5 },
    ...gateway,
    settings: {
      athena: {
        baseUrl: url,
        clientId: 'sandbox-client',
        clientSecret: SANDBOX_SECRET,
        practiceId: ATHENA_PRACTICE,
      },
      ...gateway.settings,
    },
  });
  const cookie = await signIn(app);
  const { key } = await createApiKey(app, cookie);
  return {
    sandbox,
    storage,
    app,
    cookie,
    key,
    async close() {
      await app.close();
      await storage.dispose();
      await sandbox.close();
    },
  };
}
