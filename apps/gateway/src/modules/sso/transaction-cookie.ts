import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { SignInChecks } from './oidc-client.js';

/** Long enough to sign in at the provider (password, a second factor), short enough to be useless later. */
export const TRANSACTION_TTL_MS = 10 * 60_000;

interface Transaction extends SignInChecks {
  expiresAt: number;
}

/**
 * State, nonce and PKCE verifier between the redirect to the provider and the callback, in an
 * HttpOnly cookie signed with a key every instance derives from the client's credential (so the
 * callback may reach any instance) and never in a URL.
 */
export function createTransactionSealer(credential: string, now: () => Date) {
  const key = createHash('sha256')
    .update('ehr-gateway sso transaction\0')
    .update(credential)
    .digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    seal(checks: SignInChecks): string {
      const payload = Buffer.from(
        JSON.stringify({ ...checks, expiresAt: now().getTime() + TRANSACTION_TTL_MS }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The checks the cookie carries, or null when it is missing, altered or expired. */
    open(cookie: string | undefined): SignInChecks | null {
      const [payload, signature, ...rest] = (cookie ?? '').split('.');
      if (!payload || !signature || rest.length > 0) {
        return null;
      }
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return null;
      }
      const transaction = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Transaction;
      if (transaction.expiresAt <= now().getTime()) {
        return null;
      }
      return {
        state: transaction.state,
        nonce: transaction.nonce,
        codeVerifier: transaction.codeVerifier,
      };
    },
  };
}
