import { describe, expect, it } from 'vitest';

import { EnvError, loadEnv } from './env.js';

const PUBLIC_JWK = { kty: 'RSA', n: 'sXch', e: 'AQAB', kid: 'gateway-key-1', alg: 'RS256' };

describe('the development IdP environment', () => {
  it('registers the gateway with a client secret by default', () => {
    expect(loadEnv({}).clients[0]).toMatchObject({
      clientId: 'ehr-gateway',
      clientSecret: 'dev-idp-secret',
    });
  });

  it('registers a private_key_jwt client, without a secret, from DEV_IDP_CLIENT_JWKS', () => {
    for (const given of [{ keys: [PUBLIC_JWK] }, PUBLIC_JWK]) {
      const [client] = loadEnv({ DEV_IDP_CLIENT_JWKS: JSON.stringify(given) }).clients;
      expect(client?.jwks).toEqual({ keys: [PUBLIC_JWK] });
      expect(client?.clientSecret).toBeUndefined();
    }
  });

  it.each([
    ['not JSON', 'nope', /must be JSON/],
    ['no kty', '{"keys":[{"n":"x"}]}', /kty/],
    ['a private key', JSON.stringify({ ...PUBLIC_JWK, d: 'secret' }), /public keys only/],
  ])('refuses DEV_IDP_CLIENT_JWKS that is %s', (_case, value, message) => {
    expect(() => loadEnv({ DEV_IDP_CLIENT_JWKS: value })).toThrow(EnvError);
    expect(() => loadEnv({ DEV_IDP_CLIENT_JWKS: value })).toThrow(message);
  });
});
