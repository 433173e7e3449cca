import {
  PASSWORD_MIN_LENGTH,
  SECOND_FACTOR_ERRORS,
  type ChangePasswordBody,
  type SessionResponse,
} from '@ehr-gateway/contracts';

import {
  forbidden,
  tooManyRequests,
  unauthorized,
  validationError,
} from '../../lib/http-errors.js';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/secrets.js';
import { sleep } from '../../lib/timing.js';
import type { AuditContext } from '../audit/index.js';
import type { AdminUserRecord } from './admin-auth-repository.js';
import {
  assertAcceptablePassword,
  containsUsername,
  INITIAL_ADMIN_DISPLAY_NAME,
  INVALID_CREDENTIALS_MESSAGE,
  ONE_TIME_PASSWORD_BYTES,
  requireUser,
  sessionUserOf,
  TOUCH_INTERVAL_MS,
  type AdminAuthDeps,
  type AuthenticatedAdmin,
  type ClientInfo,
} from './admin-auth-shared.js';

/** One count per person however they capitalise their username. */
const userSubject = (username: string) => `user:${username.toLowerCase()}`;
const addressSubject = (ip: string) => `address:${ip}`;

/** Signing in and out, sessions' expiry, the first admin and one's own password. */
export function createSignInService({
  repository,
  policy,
  audit,
  now,
  passwordGate = () => 'allowed',
  secondFactor,
}: AdminAuthDeps) {
  // Verified against when the username is unknown, so both paths cost one scrypt.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomToken()));

  /**
   * Claims one attempt for the username and one for the address before any password is checked;
   * past either limit the answer is 429 with when to retry. The username's count does not depend
   * on the address, so rotating addresses (X-Forwarded-For behind a trusted proxy) gains nothing,
   * and the claim is atomic, so parallel guesses count as many as they are.
   */
  async function claimAttempt(username: string, ip: string, at: Date): Promise<number> {
    const windowStartsAfter = new Date(at.getTime() - policy.failureWindowMs);
    const [forUser, forIp] = await Promise.all([
      repository.claimLoginAttempt(userSubject(username), at, windowStartsAfter),
      repository.claimLoginAttempt(addressSubject(ip), at, windowStartsAfter),
    ]);
    const over = [
      forUser.attempts > policy.maxFailuresPerUser ? forUser : null,
      forIp.attempts > policy.maxFailuresPerIp ? forIp : null,
    ].filter((window) => window !== null);
    if (over.length > 0) {
      const endsAt = Math.max(
        ...over.map((window) => window.windowStartedAt.getTime() + policy.failureWindowMs),
      );
      const retryMs = Math.max(1000, endsAt - at.getTime());
      const minutes = Math.ceil(retryMs / 60_000);
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(retryMs / 1000),
      );
    }
    return forUser.attempts;
  }

  /**
   * After the right password, a user with a second factor needs its code too: without one the
   * answer asks for it (the attempt stays counted until a sign-in succeeds), a wrong or reused
   * one is a failure like a wrong password, under the same lockout.
   */
  async function checkSecondFactor(
    user: AdminUserRecord,
    code: string | undefined,
    { at, attempt, context }: { at: Date; attempt: number; context: AuditContext },
  ): Promise<void> {
    if (!user.secondFactorAt) {
      return;
    }
    if (code === undefined) {
      throw unauthorized(
        'Enter the code from your authenticator app, or a recovery code',
        SECOND_FACTOR_ERRORS.required,
      );
    }
    const outcome = secondFactor ? await secondFactor.verify(user, code, at) : 'rejected';
    if (outcome !== 'accepted') {
      await audit.record(context, {
        action: 'sign-in-failed',
        target: user.username,
        result: 'failure',
        details: { reason: 'wrong or reused second-factor code' },
      });
      await sleep(policy.failureDelayMs * Math.min(attempt, 10));
      throw unauthorized('That code is wrong or was already used', SECOND_FACTOR_ERRORS.invalid);
    }
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
      const chosen = password ?? randomToken(ONE_TIME_PASSWORD_BYTES);
      // An ADMIN_PASSWORD older deployments accepted (8 characters) still signs in, once: the
      // admin is then asked to choose one that meets today's rules.
      const belowTodaysRules =
        chosen.length < PASSWORD_MIN_LENGTH || containsUsername(chosen, username);
      const created = await repository.insertUserIfAbsent({
        username,
        displayName: INITIAL_ADMIN_DISPLAY_NAME,
        passwordHash: await hashPassword(chosen),
        role: 'admin',
        phiAccess: true,
        mustChangePassword: belowTodaysRules,
      });
      return created && !password
        ? { created: true, generatedPassword: chosen }
        : { created: created !== undefined };
    },

    async login(
      { username, password, code }: { username: string; password: string; code?: string },
      client: ClientInfo,
    ): Promise<{ token: string; session: SessionResponse; maxAgeSeconds: number }> {
      const at = now();
      const context: AuditContext = {
        actor: { type: 'anonymous', id: null, name: username },
        ip: client.ip,
        userAgent: client.userAgent,
      };
      let attempt: number;
      try {
        attempt = await claimAttempt(username, client.ip, at);
      } catch (error) {
        await audit.record(context, {
          action: 'sign-in-failed',
          target: username,
          result: 'denied',
          details: { reason: 'too many attempts' },
        });
        throw error;
      }
      const gate = passwordGate(username);
      if (gate === 'refused') {
        await audit.record(context, {
          action: 'sign-in-failed',
          target: username,
          result: 'denied',
          details: { reason: 'password sign-in is off (AUTH_MODE=sso)' },
        });
        throw forbidden('Password sign-in is off: use single sign-on', 'PASSWORD_SIGN_IN_OFF');
      }
      const user = await repository.findUserByUsername(username);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
      if (!user || !valid || !user.active) {
        await audit.record(context, {
          action: 'sign-in-failed',
          target: username,
          result: 'failure',
          details: { reason: !user || !valid ? 'wrong username or password' : 'user deactivated' },
        });
        await sleep(policy.failureDelayMs * Math.min(attempt, 10));
        throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
      }
      await checkSecondFactor(user, code, { at, attempt, context });
      // Only failures count: a clinic signing in many users from one address is not locked out.
      await repository.resetLoginAttempts(userSubject(username));
      await repository.refundLoginAttempt(addressSubject(client.ip));
      const token = randomToken();
      await repository.insertSession({
        tokenHash: hashToken(token),
        userId: user.id,
        now: at,
        expiresAt: new Date(at.getTime() + policy.absoluteTimeoutMs),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      await repository.updateUser(user.id, { lastSignInAt: at });
      await audit.record(
        { ...context, actor: { type: 'user', id: user.id, name: user.username } },
        {
          action: gate === 'break-glass' ? 'break-glass-sign-in' : 'sign-in',
          target: user.username,
        },
      );
      return {
        token,
        session: { user: sessionUserOf(user, policy.localMfa) },
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
      if (session.expiresAt.getTime() <= at.getTime() || idleExpired || !session.user.active) {
        await repository.deleteSessionById(session.sessionId);
        return null;
      }
      if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repository.touchSession(session.sessionId, at);
      }
      return { sessionId: session.sessionId, user: sessionUserOf(session.user, policy.localMfa) };
    },

    async logout(token: string | undefined, context: AuditContext): Promise<void> {
      if (!token) {
        return;
      }
      const session = await repository.findSession(hashToken(token));
      await repository.deleteSession(hashToken(token));
      if (session) {
        await audit.record(
          { ...context, actor: { type: 'user', id: session.user.id, name: session.user.username } },
          { action: 'sign-out', target: session.user.username },
        );
      }
    },

    async changeOwnPassword(
      admin: AuthenticatedAdmin,
      body: ChangePasswordBody,
      context: AuditContext,
    ): Promise<SessionResponse> {
      const user = await requireUser(repository, admin.user.id);
      // A guess at the current password (from a session left open, say) is a guess at the
      // sign-in password: it counts toward the same lockout, per user and per address.
      const attempt = await claimAttempt(user.username, context.ip ?? 'unknown', now());
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        await audit.record(context, {
          action: 'password-change-failed',
          target: user.username,
          result: 'failure',
          details: { reason: 'wrong current password' },
        });
        await sleep(policy.failureDelayMs * Math.min(attempt, 10));
        throw validationError('currentPassword', 'is not your current password');
      }
      await repository.resetLoginAttempts(userSubject(user.username));
      await repository.refundLoginAttempt(addressSubject(context.ip ?? 'unknown'));
      assertAcceptablePassword(body.newPassword, user.username, 'newPassword');
      if (body.newPassword === body.currentPassword) {
        throw validationError('newPassword', 'must differ from the current password');
      }
      const updated = await repository.updateUser(user.id, {
        passwordHash: await hashPassword(body.newPassword),
        mustChangePassword: false,
      });
      // Whoever may have learnt the old password is signed out everywhere else.
      await repository.deleteSessionsOfUser(user.id, admin.sessionId);
      await audit.record(context, { action: 'password-changed', target: user.username });
      return { user: sessionUserOf(updated!, policy.localMfa) };
    },

    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.deleteExpiredSessions(at, new Date(at.getTime() - policy.idleTimeoutMs));
      await repository.deleteLoginWindowsBefore(new Date(at.getTime() - policy.failureWindowMs));
    },
  };
}
