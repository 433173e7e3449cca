import { serveSandbox } from '@ehr-gateway/sandbox-kit';

import { buildSandbox } from './app.js';
import { EnvError, loadEnv } from './env.js';

serveSandbox(
  'athena sandbox',
  () => {
    const env = loadEnv();
    const app = buildSandbox(env.options);
    const { practiceId, clientId, clientSecret } = app.sandbox.options;
    return {
      app,
      port: env.port,
      host: env.host,
      banner: (base) =>
        `athena sandbox listening on ${base} (practice ${practiceId}; token ${base}/oauth2/v1/token; client_id ${clientId}, client_secret ${clientSecret})`,
    };
  },
  (error): error is EnvError => error instanceof EnvError,
);
