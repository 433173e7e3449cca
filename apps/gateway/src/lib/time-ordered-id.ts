import { randomFillSync } from 'node:crypto';

const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let next = POOL_IDS;

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in milliseconds, the other 74
 * are random. Rows keyed by it are appended at the right edge of their primary-key index instead of
 * landing on a random page of it, which keeps inserts into a large table cheap.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = pool.subarray(next * 16, next * 16 + 16);
  next += 1;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
