import { randomBytes } from 'node:crypto';

export interface Grant {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

export type TokenCheck = { ok: true; grant: Grant } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * Opaque bearer tokens with a lifetime, as a SMART authorization server issues them for backend
 * services (no refresh tokens in this flow). An expired token is remembered for a while so the
 * answer can say "expired" rather than "unknown".
 */
export function createTokenStore(options: { ttlSeconds: number; now: () => Date }) {
  const { now } = options;
  let ttlSeconds = options.ttlSeconds;
  const grants = new Map<string, Grant>();
  /** How long after expiry a token is still recognised as one of ours. */
  const REMEMBER_MS = 3_600_000;

  function prune(at: number) {
    for (const [token, grant] of grants) {
      if (grant.expiresAt + REMEMBER_MS <= at) {
        grants.delete(token);
      }
    }
  }

  return {
    issue(clientId: string, scopes: string[]): { token: string; expiresIn: number } {
      const at = now().getTime();
      prune(at);
      const token = randomBytes(32).toString('base64url');
      grants.set(token, { clientId, scopes, expiresAt: at + ttlSeconds * 1000 });
      return { token, expiresIn: ttlSeconds };
    },

    check(token: string): TokenCheck {
      const grant = grants.get(token);
      if (!grant) {
        return { ok: false, reason: 'unknown' };
      }
      return grant.expiresAt > now().getTime()
        ? { ok: true, grant }
        : { ok: false, reason: 'expired' };
    },

    /** Every token issued so far expires now (they answer "expired" from here on). */
    expireAll(): number {
      const at = now().getTime();
      let count = 0;
      for (const grant of grants.values()) {
        if (grant.expiresAt > at) {
          grant.expiresAt = at;
          count += 1;
        }
      }
      return count;
    },

    get ttlSeconds() {
      return ttlSeconds;
    },

    setTtlSeconds(seconds: number) {
      ttlSeconds = seconds;
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
