import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { freePort } from './gateway';
import { REPO_ROOT } from './constants';

const DEV_IDP_SERVER = path.join(REPO_ROOT, 'apps/dev-idp/dist/server.js');
const START_TIMEOUT_MS = 30_000;

export interface RunningDevIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built development IdP (apps/dev-idp) on a free port, as `npm run demo` does, with
 * the gateway at `gatewayUrl` as its one client, and waits for its discovery document.
 */
export async function startDevIdp(gatewayUrl: string): Promise<RunningDevIdp> {
  if (!existsSync(DEV_IDP_SERVER)) {
    throw new Error(
      `${path.relative(REPO_ROOT, DEV_IDP_SERVER)} is missing: run \`npm run build\``,
    );
  }
  const port = await freePort();
  const idp = {
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'e2e-gateway',
    clientSecret: 'e2e-dev-idp-secret',
  };
  const child = spawn(process.execPath, [DEV_IDP_SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DEV_IDP_PORT: String(port),
      DEV_IDP_GATEWAY_URL: gatewayUrl,
      DEV_IDP_CLIENT_ID: idp.clientId,
      DEV_IDP_CLIENT_SECRET: idp.clientSecret,
    },
    stdio: 'ignore',
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await closed;
    }
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${idp.issuer}/.well-known/openid-configuration`)).ok) {
        return { ...idp, stop };
      }
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The development IdP did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
