import {
  permissionsOf,
  type LocalMfaPolicy,
  type Permission,
  type Role,
  type UserSummary,
} from '@ehr-gateway/contracts';

import { conflict, notFound, validationError } from '../../lib/http-errors.js';
import { hashPassword, randomToken } from '../../lib/secrets.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { AdminAuthRepository, AdminUserRecord } from './admin-auth-repository.js';
import { NO_LOCAL_PASSWORD } from './no-local-password.js';
import type { PasswordGate } from './password-sign-in-gate.js';

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
  /** LOCAL_MFA: `required` makes local accounts enrol a second factor before anything else. */
  localMfa: LocalMfaPolicy;
}

export const DEFAULT_AUTH_POLICY: Omit<AdminAuthPolicy, 'idleTimeoutMs' | 'absoluteTimeoutMs'> = {
  localMfa: 'optional',
  maxFailuresPerUser: 5,
  maxFailuresPerIp: 50,
  failureWindowMs: 15 * 60_000,
  failureDelayMs: 150,
};

/**
 * Session touches are written at most this often, so every admin call is not a write; it is also
 * how precisely idle expiry is kept (a second).
 */
export const TOUCH_INTERVAL_MS = 1_000;
export const ONE_TIME_PASSWORD_BYTES = 18;

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
    secondFactor: boolean;
    mustEnrolSecondFactor: boolean;
  };
}

/** Where a sign-in comes from. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** What each part of the admin-auth service is built from. */
export interface AdminAuthDeps {
  repository: AdminAuthRepository;
  policy: AdminAuthPolicy;
  audit: Pick<AuditModule, 'record'>;
  now: () => Date;
  /** AUTH_MODE's say on password sign-in; by default every password sign-in is allowed. */
  passwordGate?: PasswordGate;
  /** Checks the code of a user with a second factor; without it no such user can sign in. */
  secondFactor?: { verify: (user: AdminUserRecord, code: string, at: Date) => Promise<string> };
}

export const sessionUserOf = (
  user: AdminUserRecord,
  localMfa: LocalMfaPolicy,
): AuthenticatedAdmin['user'] => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  permissions: permissionsOf(user),
  mustChangePassword: user.mustChangePassword,
  secondFactor: user.secondFactorAt !== null,
  // Single sign-on users' second factor is the identity provider's business.
  mustEnrolSecondFactor:
    localMfa === 'required' &&
    user.secondFactorAt === null &&
    user.passwordHash !== NO_LOCAL_PASSWORD,
});

export const toSummary = (user: AdminUserRecord): UserSummary => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  active: user.active,
  mustChangePassword: user.mustChangePassword,
  secondFactor: user.secondFactorAt !== null,
  createdAt: user.createdAt.toISOString(),
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
});

export const userAuditView = (user: AdminUserRecord) => ({
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  active: user.active,
});

export const containsUsername = (password: string, username: string) =>
  password.toLowerCase().includes(username.toLowerCase());

/** Console passwords: long enough (the body's schema), and not built around the username. */
export function assertAcceptablePassword(password: string, username: string, field: string): void {
  if (containsUsername(password, username)) {
    throw validationError(field, 'must not contain the username');
  }
}

export async function requireUser(
  repository: AdminAuthRepository,
  id: string,
): Promise<AdminUserRecord> {
  const user = await repository.findUserById(id);
  if (!user) {
    throw notFound(`No user with id ${id}`, 'USER_NOT_FOUND');
  }
  return user;
}

/** A new one-time password that must be changed at sign-in; the user's sessions end. */
export async function resetPasswordOf(
  { repository, audit }: Pick<AdminAuthDeps, 'repository' | 'audit'>,
  user: AdminUserRecord,
  context: AuditContext,
): Promise<string> {
  if (user.passwordHash === NO_LOCAL_PASSWORD) {
    throw conflict(`${user.username} signs in with single sign-on and has no password`, 'SSO_USER');
  }
  const oneTimePassword = randomToken(ONE_TIME_PASSWORD_BYTES);
  await repository.updateUser(user.id, {
    passwordHash: await hashPassword(oneTimePassword),
    mustChangePassword: true,
  });
  await repository.deleteSessionsOfUser(user.id);
  await audit.record(context, { action: 'password-reset', target: user.username });
  return oneTimePassword;
}
