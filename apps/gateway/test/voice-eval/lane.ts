import type { FastifyInstance } from 'fastify';

import { HEADERS, STAFF_HANDOFF_CONFIG_KEY } from '@ehr-gateway/contracts';

import { buildGateway, createApiKey, openTestStorage, signIn, startSandbox } from '../helpers.js';

const SANDBOX_SECRET = 'sandbox-secret-value-0123';
export const RETELL_API_KEY = 'retell-api-key-for-the-voice-eval-0123';
const ATHENA_PRACTICE = '195900';
const STAFF_NUMBER = '+13125550100';

/**
 * One gateway with its own database and its own athena sandbox: the conversations of one lane run
 * one after another, so each sees the bookings of the ones before and no other lane's.
 */
export interface Lane {
  app: FastifyInstance;
  sandbox: FastifyInstance;
  apiKey: string;
  /** The voice-config tenant whose phone line books in the athena sandbox (tenant 1 is the Mock EHR). */
  athenaTenantId: number;
  close(): Promise<void>;
}

export async function openLane(): Promise<Lane> {
  const { sandbox, url } = await startSandbox({ clientSecret: SANDBOX_SECRET });
  const storage = await openTestStorage({ name: 'pglite' });
  const app = await buildGateway(storage, {
    settings: {
      athena: {
        baseUrl: url,
        clientId: 'sandbox-client',
        clientSecret: SANDBOX_SECRET,
        practiceId: ATHENA_PRACTICE,
      },
      // Generous: a loaded CI machine must not turn a slow answer into an outage.
      athenaTimeoutMs: 60_000,
      retellApiKey: RETELL_API_KEY,
      toolTokenSecret: 'tool-token-secret-for-the-voice-eval-0123456789',
    },
    // A circuit opened by an outage script lets the next call try again at once, so the scripts
    // after it meet athena as it is, not the outage's aftermath.
    athenaTransport: { breakerOpenMs: 0 },
  });
  const { key } = await createApiKey(app, await signIn(app));
  const tenant = await app.inject({
    method: 'POST',
    url: '/voice-config/tenants',
    headers: { [HEADERS.apiKey]: key },
    payload: { name: 'athena line', ehrSource: 'athena', practiceId: ATHENA_PRACTICE },
  });
  if (tenant.statusCode !== 201) {
    throw new Error(`tenant creation failed: ${tenant.statusCode} ${tenant.body}`);
  }
  // Where transfer_to_staff hands calls, as a practice would have set it.
  const handoff = await app.inject({
    method: 'POST',
    url: '/voice-config/global-config',
    headers: { [HEADERS.apiKey]: key },
    payload: { key: STAFF_HANDOFF_CONFIG_KEY, value: STAFF_NUMBER },
  });
  if (handoff.statusCode >= 300) {
    throw new Error(`handoff number not saved: ${handoff.statusCode} ${handoff.body}`);
  }
  return {
    app,
    sandbox,
    apiKey: key,
    athenaTenantId: (tenant.json() as { id: number }).id,
    async close() {
      await app.close();
      await storage.dispose();
      await sandbox.close();
    },
  };
}
