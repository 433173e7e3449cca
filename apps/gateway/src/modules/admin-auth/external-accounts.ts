import type { Role } from '@ehr-gateway/contracts';

import { hashToken, randomToken } from '../../lib/secrets.js';
import type { AdminAuthRepository, AdminUserRecord } from './admin-auth-repository.js';
import type { AdminAuthPolicy, ClientInfo } from './admin-auth-shared.js';
import { NO_LOCAL_PASSWORD } from './no-local-password.js';

export interface ExternalAccount {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  phiAccess: boolean;
  active: boolean;
}

const toAccount = (user: AdminUserRecord): ExternalAccount => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  role: user.role,
  phiAccess: user.phiAccess,
  active: user.active,
});

/**
 * Console accounts whose identity lives elsewhere (single sign-on): created on first sign-in, their
 * access set by the provider's groups, their sessions opened and ended by that module. The
 * sessions are the same database sessions a password sign-in opens, so the permission hook, idle
 * and absolute expiry (SESSION_MAX_HOURS) and sign-out apply unchanged.
 */
export function createExternalAccounts({
  repository,
  policy,
  now = () => new Date(),
}: {
  repository: AdminAuthRepository;
  policy: Pick<AdminAuthPolicy, 'absoluteTimeoutMs'>;
  now?: () => Date;
}) {
  return {
    async find(id: string): Promise<ExternalAccount | undefined> {
      const user = await repository.findUserById(id);
      return user ? toAccount(user) : undefined;
    },

    async findByUsername(username: string): Promise<ExternalAccount | undefined> {
      const user = await repository.findUserByUsername(username);
      return user ? toAccount(user) : undefined;
    },

    /** Undefined when the username is taken. */
    async create(account: {
      username: string;
      displayName: string;
      role: Role;
      phiAccess: boolean;
    }): Promise<ExternalAccount | undefined> {
      const user = await repository.insertUserIfAbsent({
        ...account,
        passwordHash: NO_LOCAL_PASSWORD,
        mustChangePassword: false,
      });
      return user ? toAccount(user) : undefined;
    },

    async updateAccess(
      id: string,
      access: { displayName: string; role: Role; phiAccess: boolean },
    ): Promise<ExternalAccount | undefined> {
      const { displayName, role, phiAccess } = access;
      const user = await repository.updateUser(id, { displayName, role, phiAccess });
      return user ? toAccount(user) : undefined;
    },

    async openSession(
      userId: string,
      client: ClientInfo,
    ): Promise<{ token: string; sessionId: string; maxAgeSeconds: number }> {
      const at = now();
      const token = randomToken();
      const sessionId = await repository.insertSession({
        tokenHash: hashToken(token),
        userId,
        now: at,
        expiresAt: new Date(at.getTime() + policy.absoluteTimeoutMs),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      await repository.updateUser(userId, { lastSignInAt: at });
      return { token, sessionId, maxAgeSeconds: Math.floor(policy.absoluteTimeoutMs / 1000) };
    },

    /** Ends every session of the user; how many ended. */
    endSessions: (userId: string) => repository.deleteSessionsOfUser(userId),

    /** The session a cookie token names, if it is still open. */
    async sessionOf(
      token: string | undefined,
    ): Promise<{ sessionId: string; userId: string } | undefined> {
      if (!token || token.length > 200) {
        return undefined;
      }
      const session = await repository.findSession(hashToken(token));
      return session ? { sessionId: session.sessionId, userId: session.user.id } : undefined;
    },
  };
}

export type ExternalAccounts = ReturnType<typeof createExternalAccounts>;
