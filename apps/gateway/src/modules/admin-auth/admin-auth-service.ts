import {
  PASSWORD_MIN_LENGTH,
  permissionsOf,
  type ChangePasswordBody,
  type CreateUserBody,
  type Permission,
  type Role,
  type SessionResponse,
  type SessionSummary,
  type UpdateUserBody,
  type UserCreated,
  type UserSummary,
} from '@ehr-gateway/contracts';

import {
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  validationError,
} from '../../lib/http-errors.js';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/secrets.js';
import { sleep } from '../../lib/timing.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type {
  AdminAuthRepository,
  AdminUserRecord,
  SessionRecord,
} from './admin-auth-repository.js';

export const INITIAL_ADMIN_DISPLAY_NAME = 'Admin User';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export interface AdminAuthPolicy {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
  /** Attempts per username within the window; beyond it no password is checked. */
  maxFailuresPerUser: number;
  /** Attempts from one client address (any username) within the window. */
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

/**
 * Session touches are written at most this often, so every admin call is not a write; it is also
 * how precisely idle expiry is kept (a second).
 */
const TOUCH_INTERVAL_MS = 1_000;
const ONE_TIME_PASSWORD_BYTES = 18;

/** The signed-in user as every admin route sees it. */
export interface AuthenticatedAdmin {
  sessionId: string;
  user: {
    id: string;
    username: string;
    displayName: string;
    role: Role;
    phiAccess: boolean;
    permissions: Permission[];
    mustChangePassword: boolean;
  };
}

/** Where a sign-in comes from. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

interface Deps {
  repository: AdminAuthRepository;
  policy: AdminAuthPolicy;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}

/** One count per person however they capitalise their username. */
const userSubject = (username: string) => `user:${username.toLowerCase()}`;
const addressSubject = (ip: string) => `address:${ip}`;

const sessionUserOf = (user: AdminUserRecord): AuthenticatedAdmin['user'] => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  permissions: permissionsOf(user),
  mustChangePassword: user.mustChangePassword,
});

const toSummary = (user: AdminUserRecord): UserSummary => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  active: user.active,
  mustChangePassword: user.mustChangePassword,
  createdAt: user.createdAt.toISOString(),
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
});

const userAuditView = (user: AdminUserRecord) => ({
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  active: user.active,
});

const containsUsername = (password: string, username: string) =>
  password.toLowerCase().includes(username.toLowerCase());

/** Console passwords: long enough (the body's schema), and not built around the username. */
function assertAcceptablePassword(password: string, username: string, field: string): void {
  if (containsUsername(password, username)) {
    throw validationError(field, 'must not contain the username');
  }
}

/**
 * Console users, their roles and sessions, and signing in. Every change is recorded in the audit
 * trail with who made it and from where.
 */
export function createAdminAuthService({
  repository,
  policy,
  audit,
  now = () => new Date(),
}: Deps) {
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

  async function requireUser(id: string): Promise<AdminUserRecord> {
    const user = await repository.findUserById(id);
    if (!user) {
      throw notFound(`No user with id ${id}`, 'USER_NOT_FOUND');
    }
    return user;
  }

  const lastAdminRefusal = () =>
    conflict(
      'This is the last active administrator: make another user an active admin first',
      'LAST_ADMIN',
    );

  const toSessionSummary = (session: SessionRecord, currentId: string): SessionSummary => ({
    id: session.sessionId,
    userId: session.user.id,
    username: session.user.username,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    current: session.sessionId === currentId,
  });

  /** A new one-time password that must be changed at sign-in; the user's sessions end. */
  async function resetPasswordOf(user: AdminUserRecord, context: AuditContext): Promise<string> {
    const oneTimePassword = randomToken(ONE_TIME_PASSWORD_BYTES);
    await repository.updateUser(user.id, {
      passwordHash: await hashPassword(oneTimePassword),
      mustChangePassword: true,
    });
    await repository.deleteSessionsOfUser(user.id);
    await audit.record(context, { action: 'password-reset', target: user.username });
    return oneTimePassword;
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
      username: string,
      password: string,
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
        { action: 'sign-in', target: user.username },
      );
      return {
        token,
        session: { user: sessionUserOf(user) },
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
      return { sessionId: session.sessionId, user: sessionUserOf(session.user) };
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
      const user = await requireUser(admin.user.id);
      if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
        throw validationError('currentPassword', 'is not your current password');
      }
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
      return { user: sessionUserOf(updated!) };
    },

    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.deleteExpiredSessions(at, new Date(at.getTime() - policy.idleTimeoutMs));
      await repository.deleteLoginWindowsBefore(new Date(at.getTime() - policy.failureWindowMs));
    },

    // Users

    async listUsers(): Promise<UserSummary[]> {
      return (await repository.listUsers()).map(toSummary);
    },

    async createUser(body: CreateUserBody, context: AuditContext): Promise<UserCreated> {
      const oneTimePassword = randomToken(ONE_TIME_PASSWORD_BYTES);
      const user = await repository.insertUserIfAbsent({
        username: body.username,
        displayName: body.displayName,
        passwordHash: await hashPassword(oneTimePassword),
        role: body.role,
        phiAccess: body.phiAccess,
        mustChangePassword: true,
      });
      if (!user) {
        throw conflict(`A user named "${body.username}" already exists`, 'DUPLICATE');
      }
      await audit.record(context, {
        action: 'user-created',
        target: user.username,
        details: { after: userAuditView(user) },
      });
      return { user: toSummary(user), oneTimePassword };
    },

    async updateUser(
      id: string,
      body: UpdateUserBody,
      context: AuditContext,
    ): Promise<UserSummary> {
      const before = await requireUser(id);
      const updated = await repository.updateUserKeepingAnAdmin(id, body);
      if (updated === undefined) {
        throw notFound(`No user with id ${id}`, 'USER_NOT_FOUND');
      }
      if (updated === false) {
        throw lastAdminRefusal();
      }
      if (before.active && !updated.active) {
        // Deactivated: every session ends now, on every instance (sessions live in the database).
        await repository.deleteSessionsOfUser(id);
      }
      await audit.record(context, {
        action: before.active && !updated.active ? 'user-deactivated' : 'user-changed',
        target: updated.username,
        details: { before: userAuditView(before), after: userAuditView(updated) },
      });
      return toSummary(updated);
    },

    /**
     * The operator's way back in (`npm run admin -- reset-password`): a user by name, or the
     * longest-standing active admin when none is named.
     */
    async resetPasswordByUsername(
      username: string | undefined,
      context: AuditContext,
    ): Promise<{ username: string; oneTimePassword: string }> {
      const user = username
        ? await repository.findUserByUsername(username)
        : (await repository.listUsers())
            .filter((candidate) => candidate.role === 'admin' && candidate.active)
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
      if (!user) {
        throw notFound(
          username ? `No user is named ${username}` : 'There is no active admin user',
          'USER_NOT_FOUND',
        );
      }
      return { username: user.username, oneTimePassword: await resetPasswordOf(user, context) };
    },

    async resetPassword(id: string, context: AuditContext): Promise<{ oneTimePassword: string }> {
      return { oneTimePassword: await resetPasswordOf(await requireUser(id), context) };
    },

    // Sessions

    async listSessions(admin: AuthenticatedAdmin, everyone: boolean): Promise<SessionSummary[]> {
      if (everyone && !admin.user.permissions.includes('sessions:manage')) {
        throw forbidden(
          `Your role (${admin.user.role}) may not see other users' sessions`,
          'PERMISSION_DENIED',
        );
      }
      const sessions = await repository.listSessions(everyone ? null : admin.user.id);
      return sessions.map((session) => toSessionSummary(session, admin.sessionId));
    },

    async revokeSession(
      admin: AuthenticatedAdmin,
      sessionId: string,
      context: AuditContext,
    ): Promise<void> {
      const session = await repository.findSessionById(sessionId);
      const mayEndOthers = admin.user.permissions.includes('sessions:manage');
      if (!session || (session.userId !== admin.user.id && !mayEndOthers)) {
        throw notFound(`No session with id ${sessionId}`, 'SESSION_NOT_FOUND');
      }
      await repository.deleteSessionById(sessionId);
      await audit.record(context, { action: 'session-revoked', target: sessionId });
    },

    /** Signs the user out everywhere, this session included. */
    async revokeOwnSessions(admin: AuthenticatedAdmin, context: AuditContext): Promise<number> {
      const ended = await repository.deleteSessionsOfUser(admin.user.id);
      await audit.record(context, {
        action: 'session-revoked',
        target: admin.user.username,
        details: { sessions: ended, everywhere: true },
      });
      return ended;
    },
  };
}

export type AdminAuthService = ReturnType<typeof createAdminAuthService>;
