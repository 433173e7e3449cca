import type { Db } from '../../db/database.js';

export interface AdminUserRecord {
  id: string;
  username: string;
  displayName: string;
  passwordHash: string;
}

export interface SessionRecord {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: { id: string; username: string; displayName: string };
}

export function createAdminAuthRepository(db: Db) {
  return {
    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('admin_users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Inserts unless the username exists; true when this call created the user. */
    async insertUserIfAbsent(user: {
      username: string;
      displayName: string;
      passwordHash: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('admin_users')
        .values({
          username: user.username,
          display_name: user.displayName,
          password_hash: user.passwordHash,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async findUserByUsername(username: string): Promise<AdminUserRecord | undefined> {
      const row = await db
        .selectFrom('admin_users')
        .select(['id', 'username', 'display_name', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            username: row.username,
            displayName: row.display_name,
            passwordHash: row.password_hash,
          }
        : undefined;
    },

    async insertSession(session: {
      tokenHash: string;
      userId: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('admin_sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          last_seen_at: session.now,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const row = await db
        .selectFrom('admin_sessions as s')
        .innerJoin('admin_users as u', 'u.id', 's.user_id')
        .select([
          's.id as sessionId',
          's.last_seen_at',
          's.expires_at',
          'u.id as userId',
          'u.username',
          'u.display_name',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            sessionId: row.sessionId,
            lastSeenAt: row.last_seen_at,
            expiresAt: row.expires_at,
            user: { id: row.userId, username: row.username, displayName: row.display_name },
          }
        : undefined;
    },

    async touchSession(sessionId: string, now: Date): Promise<void> {
      await db
        .updateTable('admin_sessions')
        .set({ last_seen_at: now })
        .where('id', '=', sessionId)
        .execute();
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteSessionById(sessionId: string): Promise<void> {
      await db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();
    },

    async deleteExpiredSessions(now: Date, idleCutoff: Date): Promise<void> {
      await db
        .deleteFrom('admin_sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleCutoff)]))
        .execute();
    },

    async recordLoginFailure(username: string, ip: string, at: Date): Promise<void> {
      await db.insertInto('login_failures').values({ username, ip, failed_at: at }).execute();
    },

    async countRecentFailures(
      username: string,
      ip: string,
      since: Date,
    ): Promise<{ forUserAndIp: number; forIp: number; latest: Date | null }> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => [
          eb.fn.count<number>('id').filterWhere('username', '=', username).as('forUserAndIp'),
          eb.fn.countAll<number>().as('forIp'),
          eb.fn.max('failed_at').filterWhere('username', '=', username).as('latest'),
        ])
        .where('ip', '=', ip)
        .where('failed_at', '>=', since)
        .executeTakeFirstOrThrow();
      return {
        forUserAndIp: Number(row.forUserAndIp),
        forIp: Number(row.forIp),
        latest: row.latest ? new Date(row.latest) : null,
      };
    },

    async clearLoginFailures(username: string, ip: string): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where('username', '=', username)
        .where('ip', '=', ip)
        .execute();
    },

    async deleteLoginFailuresBefore(cutoff: Date): Promise<void> {
      await db.deleteFrom('login_failures').where('failed_at', '<', cutoff).execute();
    },
  };
}

export type AdminAuthRepository = ReturnType<typeof createAdminAuthRepository>;
