import { randomBytes } from 'node:crypto';

const MINUTE_MS = 60_000;

export type IssueResult =
  { ok: true; token: string; expiresIn: number } | { ok: false; retryAfterSeconds: number };

/**
 * Access tokens as athena's OAuth server hands them out: opaque, valid for a fixed lifetime, and
 * at most `limitPerMinute` new ones per clock minute (beyond that, blocked for the rest of it).
 */
export function createTokenStore(options: {
  ttlSeconds: number;
  limitPerMinute: number;
  now: () => Date;
}) {
  const { ttlSeconds, now } = options;
  let limitPerMinute = options.limitPerMinute;
  const expiries = new Map<string, number>();
  let windowMinute = -1;
  let issuedInWindow = 0;

  function prune(at: number) {
    for (const [token, expiresAt] of expiries) {
      if (expiresAt <= at) {
        expiries.delete(token);
      }
    }
  }

  return {
    issue(): IssueResult {
      const at = now().getTime();
      const minute = Math.floor(at / MINUTE_MS);
      if (minute !== windowMinute) {
        windowMinute = minute;
        issuedInWindow = 0;
        prune(at);
      }
      if (issuedInWindow >= limitPerMinute) {
        return { ok: false, retryAfterSeconds: Math.ceil(((minute + 1) * MINUTE_MS - at) / 1000) };
      }
      issuedInWindow += 1;
      const token = randomBytes(24).toString('base64url');
      expiries.set(token, at + ttlSeconds * 1000);
      return { ok: true, token, expiresIn: ttlSeconds };
    },

    isValid(token: string): boolean {
      const expiresAt = expiries.get(token);
      return expiresAt !== undefined && expiresAt > now().getTime();
    },

    /** Every token issued so far stops working now. */
    expireAll(): number {
      const count = expiries.size;
      expiries.clear();
      return count;
    },

    get limitPerMinute() {
      return limitPerMinute;
    },

    setLimitPerMinute(limit: number) {
      limitPerMinute = limit;
    },

    /** Forgets the current minute's count (tokens already issued stay valid). */
    resetWindow() {
      windowMinute = -1;
      issuedInWindow = 0;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
