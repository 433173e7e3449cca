import { buildSandbox } from './app.js';
import { EnvError, loadEnv } from './env.js';

async function main() {
  const env = loadEnv();
  const app = buildSandbox(env.options);
  const { practiceId, clientId, clientSecret } = app.sandbox.options;
  await app.listen({ port: env.port, host: env.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const base = `http://${env.host.includes(':') ? `[${env.host}]` : env.host}:${port}`;
  console.log(
    `athena sandbox listening on ${base} (practice ${practiceId}; token ${base}/oauth2/v1/token; client_id ${clientId}, client_secret ${clientSecret})`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      return;
    }
    stopping = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`athena sandbox: error while stopping on ${signal}:`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError
      ? `athena sandbox: ${error.message}`
      : `athena sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
