import type { SessionSummary } from '@ehr-gateway/contracts';

import { forbidden, notFound } from '../../lib/http-errors.js';
import type { AuditContext } from '../audit/index.js';
import type { SessionRecord } from './admin-auth-repository.js';
import type { AdminAuthDeps, AuthenticatedAdmin } from './admin-auth-shared.js';

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

/** Console sessions: one's own or, with sessions:manage, everyone's; listed and ended. */
export function createSessionsService({ repository, audit }: AdminAuthDeps) {
  return {
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
