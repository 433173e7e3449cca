import { startDevIdp } from './app.js';
import { EnvError, loadEnv } from './env.js';

async function main() {
  const options = loadEnv();
  const idp = await startDevIdp(options);
  const [client] = options.clients;
  console.log(
    `Dev IdP listening: issuer ${idp.issuer}, client_id ${client?.clientId}, redirect ${client?.redirectUris.join(' ')}; users ${idp.users
      .list()
      .map((user) => `${user.username} [${user.groups.join(',')}]`)
      .join(', ')}`,
  );
  const stop = () => {
    void idp.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError
      ? `Dev IdP: ${error.message}`
      : `Dev IdP failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
