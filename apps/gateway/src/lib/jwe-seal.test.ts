import { randomBytes } from 'node:crypto';

import { CompactEncrypt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';

import { createJweSealer } from './jwe-seal.js';
import { createPayloadSealer } from './payload-seal.js';

describe('JWE sealing', () => {
  const plain = JSON.stringify({ patientId: '1001', firstName: 'Linda' });

  it('seals as compact JWE (dir, A256GCM) that holds none of the plain text, and opens it', async () => {
    const sealer = createJweSealer(randomBytes(32));
    const sealed = await sealer.seal(plain);
    expect(sealed.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(sealed)).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(sealed).not.toContain('Linda');
    expect(Buffer.from(sealed.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(
      'Linda',
    );
    expect(await sealer.seal(plain)).not.toBe(sealed);
    expect(await sealer.open(sealed)).toBe(plain);
  });

  it('still opens what the v1 sealer wrote with the same key', async () => {
    const key = randomBytes(32);
    const old = createPayloadSealer(key).seal(plain);
    expect(await createJweSealer(key).open(old)).toBe(plain);
    expect(await createJweSealer(randomBytes(32)).open(old)).toBeNull();
  });

  it('refuses a changed ciphertext, another key, another algorithm and text that is no seal', async () => {
    const key = randomBytes(32);
    const sealer = createJweSealer(key);
    const parts = (await sealer.seal(plain)).split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(await sealer.open(parts.join('.'))).toBeNull();
    expect(await createJweSealer(randomBytes(32)).open(await sealer.seal(plain))).toBeNull();
    // The same key with AES-128-GCM (its first half): a valid JWE this sealer must not accept.
    const weaker = await new CompactEncrypt(new TextEncoder().encode(plain))
      .setProtectedHeader({ alg: 'dir', enc: 'A128GCM' })
      .encrypt(key.subarray(0, 16));
    expect(await sealer.open(weaker)).toBeNull();
    expect(await sealer.open('not a seal')).toBeNull();
    expect(() => createJweSealer(randomBytes(16))).toThrow(/32 bytes/);
  });
});
