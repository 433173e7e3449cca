import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const SCRYPT_KEY_LENGTH = 64;

/** Encodes as `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT_KEY_LENGTH, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  // An empty or short digest would match (almost) any password: only full-length ones count.
  if (expected.length !== SCRYPT_KEY_LENGTH) {
    return false;
  }
  try {
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: SCRYPT_PARAMS.maxmem,
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (not numbers, not a power of two, beyond maxmem): not a valid hash.
    return false;
  }
}

/** A hash for high-entropy random tokens (API keys, session ids): no salt or stretching needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Shows the last four characters only, for credentials displayed read-only. */
export function maskSecret(value: string): string {
  if (value.length <= 4) {
    return '••••';
  }
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.max(4, Math.min(12, value.length - 4)))}${visible}`;
}

/** Whether a presented shared secret equals the expected one, in time independent of where they differ. */
export function secretMatches(presented: string | string[] | undefined, expected: string): boolean {
  if (typeof presented !== 'string') {
    return false;
  }
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
