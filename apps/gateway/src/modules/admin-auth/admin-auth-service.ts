import { setTimeout as sleep } from 'node:timers/promises';

import type { SessionResponse } from '@ehr-gateway/contracts';

import { tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/secrets.js';
import type { AdminAuthRepository } from './admin-auth-repository.js';

export const INITIAL_ADMIN_DISPLAY_NAME = 'Admin User';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export interface AdminAuthPolicy {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  /** Failures per username and address within the window before sign-in is refused. */
  maxFailuresPerUser: number;
  /** Failures from one address (any username) within the window before sign-in is refused. */
  maxFailuresPerIp: number;
  failureWindowMs: number;
  /** Added to each failed attempt, growing with the number of recent failures. */
  failureDelayMs: number;
}

export const DEFAULT_AUTH_POLICY: Omit<AdminAuthPolicy, 'idleTimeoutMs' | 'absoluteTimeoutMs'> = {
  maxFailuresPerUser: 5,
  maxFailuresPerIp: 50,
  failureWindowMs: 15 * 60_000,
  failureDelayMs: 150,
};

/** Session touches are written at most this often, so every admin call is not a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthenticatedAdmin {
  sessionId: string;
  user: { id: string; username: string; displayName: string };
}

interface Deps {
  repository: AdminAuthRepository;
  policy: AdminAuthPolicy;
  now?: () => Date;
}

export function createAdminAuthService({ repository, policy, now = () => new Date() }: Deps) {
  // Verified against when the username is unknown, so both paths cost one scrypt.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomToken()));

  async function assertNotLockedOut(username: string, ip: string, at: Date) {
    const since = new Date(at.getTime() - policy.failureWindowMs);
    const failures = await repository.countRecentFailures(username, ip, since);
    const lockedForUser = failures.forUserAndIp >= policy.maxFailuresPerUser;
    if (lockedForUser || failures.forIp >= policy.maxFailuresPerIp) {
      const latest = failures.latest ?? at;
      const retryMs = Math.max(1000, latest.getTime() + policy.failureWindowMs - at.getTime());
      const minutes = Math.ceil(retryMs / 60_000);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(retryMs / 1000),
      );
    }
    return failures.forUserAndIp;
  }

  return {
    /** Creates the first admin on an empty database; returns the password when it was generated. */
    async ensureInitialAdmin(
      username: string,
      password: string | undefined,
    ): Promise<{ created: boolean; generatedPassword?: string }> {
      if ((await repository.countUsers()) > 0) {
        return { created: false };
      }
      const chosen = password ?? randomToken(18);
      const created = await repository.insertUserIfAbsent({
        username,
        displayName: INITIAL_ADMIN_DISPLAY_NAME,
        passwordHash: await hashPassword(chosen),
      });
      return created && !password ? { created, generatedPassword: chosen } : { created };
    },

    async login(
      username: string,
      password: string,
      ip: string,
    ): Promise<{ token: string; session: SessionResponse; maxAgeSeconds: number }> {
      const at = now();
      const recentFailures = await assertNotLockedOut(username, ip, at);
      const user = await repository.findUserByUsername(username);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
      if (!user || !valid) {
        await repository.recordLoginFailure(username, ip, at);
        await sleep(policy.failureDelayMs * Math.min(recentFailures + 1, 10));
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      }
      await repository.clearLoginFailures(username, ip);
      const token = randomToken();
      await repository.insertSession({
        tokenHash: hashToken(token),
        userId: user.id,
        now: at,
        expiresAt: new Date(at.getTime() + policy.absoluteTimeoutMs),
      });
      return {
        token,
        session: { user: { username: user.username, displayName: user.displayName } },
        maxAgeSeconds: Math.floor(policy.absoluteTimeoutMs / 1000),
      };
    },

    async authenticate(token: string | undefined): Promise<AuthenticatedAdmin | null> {
      if (!token || token.length > 200) {
        return null;
      }
      const session = await repository.findSession(hashToken(token));
      if (!session) {
        return null;
      }
      const at = now();
      const idleExpired = at.getTime() - session.lastSeenAt.getTime() > policy.idleTimeoutMs;
      if (session.expiresAt.getTime() <= at.getTime() || idleExpired) {
        await repository.deleteSessionById(session.sessionId);
        return null;
      }
      if (at.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(session.sessionId, at);
      }
      return { sessionId: session.sessionId, user: session.user };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) {
        await repository.deleteSession(hashToken(token));
      }
    },

    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.deleteExpiredSessions(at, new Date(at.getTime() - policy.idleTimeoutMs));
      await repository.deleteLoginFailuresBefore(new Date(at.getTime() - policy.failureWindowMs));
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
