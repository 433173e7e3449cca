import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createPayloadSealer, parsePayloadKey } from './payload-seal.js';

describe('payload sealing', () => {
  it('reads a 32-byte key as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parsePayloadKey(key.toString('hex'))).toEqual(key);
    expect(parsePayloadKey(key.toString('base64'))).toEqual(key);
    expect(parsePayloadKey('too-short')).toBeNull();
  });

  it('seals to text that holds none of the plain text and opens it again', () => {
    const sealer = createPayloadSealer(randomBytes(32));
    const plain = JSON.stringify({ firstName: 'Linda', dob: '1980-02-02' });
    const sealed = sealer.seal(plain);
    expect(sealed).not.toContain('Linda');
    expect(sealer.seal(plain)).not.toBe(sealed);
    expect(sealer.open(sealed)).toBe(plain);
  });

  it('refuses a changed ciphertext and another key', () => {
    const sealer = createPayloadSealer(randomBytes(32));
    const sealed = sealer.seal('{"a":1}');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(sealer.open(parts.join(':'))).toBeNull();
    expect(createPayloadSealer(randomBytes(32)).open(sealed)).toBeNull();
  });
});
