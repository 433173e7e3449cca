import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';

import { publicKeySet, signingKeyFrom } from './fhir-keys.js';

describe('the gateway’s SMART signing keys', () => {
  it('signs ES384 with an EC key and RS384 with an RSA key, publishing public halves only', async () => {
    const ec = await generateKeyPair('ES384', { extractable: true });
    const rsa = await generateKeyPair('RS384', { extractable: true });
    const current = await signingKeyFrom(await exportPKCS8(ec.privateKey));
    expect(current.alg).toBe('ES384');
    const jwk = { ...(await exportJWK(rsa.privateKey)), kid: 'rsa-2025' };
    expect(await signingKeyFrom(JSON.stringify(jwk))).toMatchObject({
      alg: 'RS384',
      kid: 'rsa-2025',
    });

    const set = await publicKeySet(current, await exportSPKI(rsa.publicKey));
    expect(set.keys.map((key) => [key.kty, key.alg, key.use])).toEqual([
      ['EC', 'ES384', 'sig'],
      ['RSA', 'RS384', 'sig'],
    ]);
    expect(set.keys[0]?.kid).toBe(current.kid);
    expect(JSON.stringify(set)).not.toMatch(/"d"|"p"|"q"/);
  });

  it('names the variable, never the key, when the key cannot be read', async () => {
    const attempt = signingKeyFrom(
      '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----',
    );
    await expect(attempt).rejects.toThrow('FHIR_PRIVATE_KEY is not a PKCS#8 PEM or a private JWK');
    await expect(attempt).rejects.not.toThrow('not-a-key');
  });
});
