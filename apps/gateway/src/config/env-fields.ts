import { z } from 'zod';

import { parsePayloadKey } from '../lib/payload-seal.js';

/** An optional variable where an empty value means unset. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list; blanks between commas are dropped. */
export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** An optional 32-byte sealing key (payloads, webhook secrets, TOTP secrets): hex or base64. */
export const sealingKey = optionalString.transform((value, ctx) => {
  if (value === undefined) {
    return undefined;
  }
  const key = parsePayloadKey(value);
  if (!key) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be 32 random bytes as 64 hex characters or base64 (openssl rand -base64 32)',
    });
    return z.NEVER;
  }
  return key;
});
