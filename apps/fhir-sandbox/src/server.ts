import { buildFhirSandbox } from './app.js';
import { EnvError, loadEnv } from './env.js';
import { FHIR_BASE_PATH, TOKEN_PATH } from './state.js';

async function main() {
  const env = loadEnv();
  const app = buildFhirSandbox(env.options);
  await app.listen({ port: env.port, host: env.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const origin =
    app.sandbox.options.publicUrl ??
    `http://${env.host.includes(':') ? `[${env.host}]` : env.host}:${port}`;
  const published = app.sandbox.seeded();
  const [client] = app.sandbox.clients.list();
  console.log(
    `FHIR sandbox (${app.sandbox.options.profile}) listening: base ${origin}${FHIR_BASE_PATH}, token ${origin}${TOKEN_PATH}, client_id ${client?.clientId} (${client?.authentication.join(', ')}); slots ${published?.firstDay} to ${published?.lastDay}`,
  );

  let stopping: Promise<void> | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stopping ??= app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`FHIR sandbox: could not stop cleanly on ${signal}:`, error);
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
      ? `FHIR sandbox: ${error.message}`
      : `FHIR sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
