import { createHmac } from 'node:crypto';

import { secretMatches } from '../../lib/secrets.js';

/** A signed request older (or further in the future) than this is refused as a replay. */
export const RETELL_SIGNATURE_MAX_AGE_MS = 5 * 60_000;

export type RetellSignatureCheck = 'valid' | 'malformed' | 'stale' | 'mismatch';

/**
 * Checks Retell's `X-Retell-Signature: v=<ms>,d=<hex>`: HMAC-SHA256 over the raw body followed by
 * the timestamp, keyed by the Retell API key; the timestamp must be within five minutes of now.
 */
export function checkRetellSignature(
  header: string,
  rawBody: string,
  apiKey: string,
  now: number = Date.now(),
): RetellSignatureCheck {
  const match = /^v=(\d{10,16}),d=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) {
    return 'malformed';
  }
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > RETELL_SIGNATURE_MAX_AGE_MS) {
    return 'stale';
  }
  const expected = createHmac('sha256', apiKey)
    .update(rawBody + match[1])
    .digest('hex');
  return secretMatches(match[2]!.toLowerCase(), expected) ? 'valid' : 'mismatch';
}

/** The header Retell would send for this body (the tests and the console's simulator sign with it). */
export function signForRetell(rawBody: string, apiKey: string, now: number = Date.now()): string {
  const digest = createHmac('sha256', apiKey)
    .update(rawBody + String(now))
    .digest('hex');
  return `v=${now},d=${digest}`;
}
