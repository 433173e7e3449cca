import { startBuiltService } from './built-service';
import { freePort } from './gateway';

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
  const port = await freePort();
  const idp = {
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'e2e-gateway',
    clientSecret: 'e2e-dev-idp-secret',
  };
  const { stop } = await startBuiltService({
    name: 'development IdP',
    server: 'apps/dev-idp/dist/server.js',
    env: {
      DEV_IDP_PORT: String(port),
      DEV_IDP_GATEWAY_URL: gatewayUrl,
      DEV_IDP_CLIENT_ID: idp.clientId,
      DEV_IDP_CLIENT_SECRET: idp.clientSecret,
    },
    readyUrl: `${idp.issuer}/.well-known/openid-configuration`,
    timeoutMs: 30_000,
  });
  return { ...idp, stop };
}
