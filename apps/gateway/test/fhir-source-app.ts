import type { FastifyInstance } from 'fastify';

import { buildFhirSandbox, type FhirSandboxOptions } from '@ehr-gateway/fhir-sandbox';

import { DEFAULT_FHIR_SCOPES } from '../src/config/fhir-env.js';
import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestGatewayOptions,
  type TestStorage,
} from './helpers.js';

export const FHIR_PRACTICE = '12345';

/** The gateway's credentials at the FHIR sandbox: a client secret, or a private key (PEM). */
type FhirCredentials = { clientId: string } & (
  | { clientSecret: string; privateKey?: undefined }
  | { clientSecret?: undefined; privateKey: string }
);

export interface FhirSourceApp {
  /** The FHIR sandbox, listening on a free port. */
  fhir: ReturnType<typeof buildFhirSandbox>;
  storage: TestStorage;
  /** The gateway, its FHIR connector pointed at the sandbox (source=fhir). */
  app: FastifyInstance;
  /** The signed-in admin's Cookie header. */
  cookie: string;
  /** An API key for the gateway routes. */
  key: string;
  close(): Promise<void>;
}

/**
 * A FHIR sandbox on a free port, and a gateway on PGlite whose FHIR connector calls it over HTTP
 * with the default scopes (those a deployment gets without FHIR_SCOPES), signed in with a key.
 * `beforeListen` sees the sandbox before it listens (to add hooks).
 */
export async function startFhirSourceApp({
  sandbox,
  credentials,
  maxQps,
  gateway = {},
  beforeListen,
}: {
  sandbox: Omit<FhirSandboxOptions, 'practiceId'>;
  credentials: FhirCredentials;
  maxQps: number;
  gateway?: TestGatewayOptions;
  beforeListen?: (fhir: FastifyInstance) => void;
}): Promise<FhirSourceApp> {
  const fhir = buildFhirSandbox({ ...sandbox, practiceId: FHIR_PRACTICE });
  beforeListen?.(fhir);
  const origin = await fhir.listen({ port: 0, host: '127.0.0.1' });
  const storage = await openTestStorage({ name: 'pglite' });
  const app = await buildGateway(storage, {
    ...gateway,
    settings: {
      ...gateway.settings,
      fhir: {
        baseUrl: `${origin}/fhir/r4`,
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        privateKey: credentials.privateKey,
        previousPublicKey: undefined,
        scopes: DEFAULT_FHIR_SCOPES,
        vendor: 'generic',
        practiceId: FHIR_PRACTICE,
        timeoutMs: 8_000,
        maxQps,
      },
    },
  });
  const cookie = await signIn(app);
  const { key } = await createApiKey(app, cookie);
  return {
    fhir,
    storage,
    app,
    cookie,
    key,
    async close() {
      await app.close();
      await storage.dispose();
      await fhir.close();
    },
  };
}
