import { describe, expect, it } from 'vitest';

import { hashPassword, hashToken, maskSecret, randomToken, verifyPassword } from './secrets.js';

describe('password hashing', () => {
  it('verifies the password it hashed, and refuses a wrong one', async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(hash).not.toContain('correct-horse-battery');
    await expect(verifyPassword('correct-horse-battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct-horse-batterY', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts: two hashes of one password differ and both verify', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
    await expect(verifyPassword('same', first)).resolves.toBe(true);
    await expect(verifyPassword('same', second)).resolves.toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['text that is no hash', 'not-a-hash'],
    ['another scheme', 'bcrypt$32768$8$1$c2FsdA$aGFzaA'],
    ['missing parts', 'scrypt$32768$8$1$c2FsdA'],
    ['an empty digest', 'scrypt$32768$8$1$c2FsdA$'],
    ['a digest that decodes to nothing', 'scrypt$32768$8$1$c2FsdA$!!!'],
    ['a one-byte digest', 'scrypt$32768$8$1$c2FsdA$AA'],
    ['a non-numeric cost', 'scrypt$abc$8$1$c2FsdA$aGFzaA'],
    ['a cost that is not a power of two', 'scrypt$3$8$1$c2FsdA$aGFzaA'],
    ['a cost beyond the memory limit', 'scrypt$1099511627776$8$1$c2FsdA$aGFzaA'],
  ])('answers false, without throwing, for a malformed hash: %s', async (_what, encoded) => {
    await expect(verifyPassword('any-password', encoded)).resolves.toBe(false);
  });

  it('refuses a hash whose digest was altered', async () => {
    const hash = await hashPassword('pw-12345678');
    const parts = hash.split('$');
    const digest = parts[5] ?? '';
    parts[5] = `${digest[0] === 'A' ? 'B' : 'A'}${digest.slice(1)}`;
    await expect(verifyPassword('pw-12345678', parts.join('$'))).resolves.toBe(false);
  });
});

describe('tokens', () => {
  it('hashes a token deterministically with SHA-256', () => {
    expect(hashToken('ehrgw_abc')).toBe(hashToken('ehrgw_abc'));
    expect(hashToken('ehrgw_abc')).not.toBe(hashToken('ehrgw_abd'));
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashToken('ehrgw_abc')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes random tokens of 256 bits by default, base64url-encoded', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(256);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('never repeats a token, and uses the whole alphabet', () => {
    const tokens = Array.from({ length: 2_000 }, () => randomToken(32));
    expect(new Set(tokens).size).toBe(tokens.length);
    // 86 000 characters drawn from 64 symbols: every symbol should appear, roughly evenly.
    const counts = new Map<string, number>();
    for (const char of tokens.join('')) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(64);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(800);
      expect(count).toBeLessThan(2_000);
    }
  });
});

describe('maskSecret', () => {
  it('shows only the last four characters', () => {
    const masked = maskSecret('client-secret-abcd1234');
    expect(masked.endsWith('1234')).toBe(true);
    expect(masked.slice(0, -4)).toMatch(/^•+$/);
    expect(masked).not.toContain('abcd');
    expect(masked).not.toContain('client');
  });

  it('does not reveal the length of a long secret, and masks at least four characters', () => {
    expect(maskSecret('x'.repeat(100) + 'WXYZ')).toBe(`${'•'.repeat(12)}WXYZ`);
    expect(maskSecret('abcdefgh')).toBe('••••efgh');
    expect(maskSecret('abcde')).toBe('••••bcde');
  });
});
