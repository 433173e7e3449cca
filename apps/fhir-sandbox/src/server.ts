import { serveSandbox } from '@ehr-gateway/sandbox-kit';

import { buildFhirSandbox } from './app.js';
import { EnvError, loadEnv } from './env.js';
import { FHIR_BASE_PATH, TOKEN_PATH } from './state.js';

serveSandbox(
  'FHIR sandbox',
  () => {
    const env = loadEnv();
    const app = buildFhirSandbox(env.options);
    return {
      app,
      port: env.port,
      host: env.host,
      banner: (listening) => {
        const origin = app.sandbox.options.publicUrl ?? listening;
        const published = app.sandbox.seeded();
        const [client] = app.sandbox.clients.list();
        return `FHIR sandbox (${app.sandbox.options.profile}) listening: base ${origin}${FHIR_BASE_PATH}, token ${origin}${TOKEN_PATH}, client_id ${client?.clientId} (${client?.authentication.join(', ')}); slots ${published?.firstDay} to ${published?.lastDay}`;
      },
    };
  },
  (error): error is EnvError => error instanceof EnvError,
);
