import {
  type CreateUserBody,
  type UpdateUserBody,
  type UserCreated,
  type UserSummary,
} from '@ehr-gateway/contracts';

import { conflict, notFound } from '../../lib/http-errors.js';
import { hashPassword, randomToken } from '../../lib/secrets.js';
import type { AuditContext } from '../audit/index.js';
import {
  ONE_TIME_PASSWORD_BYTES,
  requireUser,
  resetPasswordOf,
  toSummary,
  userAuditView,
  type AdminAuthDeps,
} from './admin-auth-shared.js';

const lastAdminRefusal = () =>
  conflict(
    'This is the last active administrator: make another user an active admin first',
    'LAST_ADMIN',
  );

/** Console users: listed, created, changed and given a new one-time password. */
export function createUsersService(deps: AdminAuthDeps) {
  const { repository, audit } = deps;
  return {
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
      const before = await requireUser(repository, id);
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
      return {
        username: user.username,
        oneTimePassword: await resetPasswordOf(deps, user, context),
      };
    },

    async resetPassword(id: string, context: AuditContext): Promise<{ oneTimePassword: string }> {
      return {
        oneTimePassword: await resetPasswordOf(deps, await requireUser(repository, id), context),
      };
    },
  };
}
