import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DevIdp } from '@ehr-gateway/dev-idp';

import { adminRequest, buildGateway, openTestStorage, type TestStorage } from './helpers.js';
import { ssoSettingsFor, ssoSignIn, startTestIdp } from './sso-helpers.js';

/** An RSA key pair as the operator holds it: the private half as PEM, the public half as a JWK. */
async function clientKeyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    pem: await exportPKCS8(privateKey),
    privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' }),
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

describe('private_key_jwt client authentication against the development IdP', () => {
  let idp: DevIdp;
  let storage: TestStorage;
  let registered: Awaited<ReturnType<typeof clientKeyPair>>;

  beforeAll(async () => {
    registered = await clientKeyPair('gateway-key-1');
    // The IdP knows the client by its public key only: no secret would be accepted.
    idp = await startTestIdp({ clientSecret: undefined, jwks: { keys: [registered.publicJwk] } });
    storage = await openTestStorage({ name: 'pglite' });
  });
  afterAll(async () => {
    await storage.dispose();
    await idp.close();
  });

  const gatewayWithKey = (privateKey: string) =>
    buildGateway(storage, {
      settings: {
        signIn: ssoSettingsFor(idp.issuer, {
          OIDC_CLIENT_SECRET: '',
          OIDC_CLIENT_PRIVATE_KEY: privateKey,
        }),
      },
    });

  it.each([
    ['a PKCS#8 PEM', () => registered.pem],
    ['a private JWK', () => registered.privateJwk],
  ])('signs in with the client key given as %s', async (_form, key) => {
    const app = await gatewayWithKey(key());
    const { cookie, refused } = await ssoSignIn(app, 'devon');
    expect(refused).toBeNull();
    const session = await adminRequest(app, cookie!, { method: 'GET', url: '/admin/session' });
    expect(session.json().user).toMatchObject({ username: 'devon@example.org', role: 'developer' });
    await app.close();
  });

  it('is refused without a session when the gateway signs with a key the IdP does not know', async () => {
    const stranger = await clientKeyPair('gateway-key-1');
    const app = await gatewayWithKey(stranger.pem);
    expect((await ssoSignIn(app, 'devon')).refused).toBe('token-invalid');
    await app.close();
  });

  it('is refused when the gateway offers a client secret the IdP never issued', async () => {
    const app = await buildGateway(storage, { settings: { signIn: ssoSettingsFor(idp.issuer) } });
    expect((await ssoSignIn(app, 'devon')).refused).toBe('token-invalid');
    await app.close();
  });
});
