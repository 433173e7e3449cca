import { sql, type Updateable } from 'kysely';

import type { Role } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import type { AdminUsersTable } from '../../db/schema.js';

export interface AdminUserRecord {
  id: string;
  username: string;
  displayName: string;
  passwordHash: string;
  role: Role;
  phiAccess: boolean;
  active: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** When a TOTP second factor was confirmed; null without one. */
  secondFactorAt: Date | null;
}

export interface SessionRecord {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  user: AdminUserRecord;
}

const USER_COLUMNS = [
  'u.id',
  'u.username',
  'u.display_name',
  'u.password_hash',
  'u.role',
  'u.phi_access',
  'u.active',
  'u.must_change_password',
  'u.created_at',
  'u.last_sign_in_at',
  'u.second_factor_at',
] as const;

const PLAIN_USER_COLUMNS = USER_COLUMNS.map((column) => column.slice(2)) as unknown as readonly [
  'id',
  'username',
  'display_name',
  'password_hash',
  'role',
  'phi_access',
  'active',
  'must_change_password',
  'created_at',
  'last_sign_in_at',
  'second_factor_at',
];

type UserRow = {
  id: string;
  username: string;
  display_name: string;
  password_hash: string;
  role: Role;
  phi_access: boolean;
  active: boolean;
  must_change_password: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  second_factor_at: Date | null;
};

const toUser = (row: UserRow): AdminUserRecord => ({
  id: row.id,
  username: row.username,
  displayName: row.display_name,
  passwordHash: row.password_hash,
  role: row.role,
  phiAccess: row.phi_access,
  active: row.active,
  mustChangePassword: row.must_change_password,
  createdAt: new Date(row.created_at),
  lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at) : null,
  secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
});

/** What may change on a user; fields left out stay as they are. */
interface UserPatch {
  displayName?: string;
  role?: Role;
  phiAccess?: boolean;
  active?: boolean;
  passwordHash?: string;
  mustChangePassword?: boolean;
  lastSignInAt?: Date;
}

const USER_PATCH_COLUMNS = {
  displayName: 'display_name',
  role: 'role',
  phiAccess: 'phi_access',
  active: 'active',
  passwordHash: 'password_hash',
  mustChangePassword: 'must_change_password',
  lastSignInAt: 'last_sign_in_at',
} as const satisfies Record<keyof UserPatch, string>;

/** The columns a patch sets: only the fields it names. */
function userColumnsOf(patch: UserPatch) {
  return Object.fromEntries(
    Object.entries(patch)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [USER_PATCH_COLUMNS[field as keyof UserPatch], value]),
  ) as Updateable<AdminUsersTable>;
}

export function createAdminAuthRepository(db: Db) {
  const sessionsWithUsers = () =>
    db
      .selectFrom('admin_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.user_id')
      .select([
        's.id as session_id',
        's.created_at as session_created_at',
        's.last_seen_at',
        's.expires_at',
        's.ip',
        's.user_agent',
        ...USER_COLUMNS,
      ]);
  type SessionRow = Awaited<
    ReturnType<ReturnType<typeof sessionsWithUsers>['executeTakeFirstOrThrow']>
  >;
  const toSession = (row: SessionRow): SessionRecord => ({
    sessionId: row.session_id,
    createdAt: new Date(row.session_created_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    ip: row.ip,
    userAgent: row.user_agent,
    user: toUser(row as unknown as UserRow),
  });

  const users = () => db.selectFrom('admin_users as u').select(USER_COLUMNS);

  return {
    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('admin_users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Inserts unless the username exists; the user when this call created it. */
    async insertUserIfAbsent(user: {
      username: string;
      displayName: string;
      passwordHash: string;
      role: Role;
      phiAccess: boolean;
      mustChangePassword: boolean;
    }): Promise<AdminUserRecord | undefined> {
      const row = await db
        .insertInto('admin_users')
        .values({
          username: user.username,
          display_name: user.displayName,
          password_hash: user.passwordHash,
          role: user.role,
          phi_access: user.phiAccess,
          must_change_password: user.mustChangePassword,
        })
        .onConflict((oc) => oc.doNothing())
        .returning(PLAIN_USER_COLUMNS)
        .executeTakeFirst();
      return row ? toUser(row as UserRow) : undefined;
    },

    async findUserByUsername(username: string): Promise<AdminUserRecord | undefined> {
      const row = await users()
        .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row ? toUser(row as UserRow) : undefined;
    },

    async findUserById(id: string): Promise<AdminUserRecord | undefined> {
      const row = await users().where('u.id', '=', id).executeTakeFirst();
      return row ? toUser(row as UserRow) : undefined;
    },

    async listUsers(): Promise<AdminUserRecord[]> {
      const rows = await users().orderBy('u.created_at').orderBy('u.username').execute();
      return rows.map((row) => toUser(row as UserRow));
    },

    async updateUser(id: string, patch: UserPatch): Promise<AdminUserRecord | undefined> {
      const row = await db
        .updateTable('admin_users as u')
        .set(userColumnsOf(patch))
        .where('u.id', '=', id)
        .returning(USER_COLUMNS)
        .executeTakeFirst();
      return row ? toUser(row as UserRow) : undefined;
    },

    /**
     * Changes a user's role or active flag unless that would leave no active admin: the check and
     * the change run in one transaction holding a lock on every admin row, so two requests
     * demoting the last two admins at once cannot both succeed. Undefined: no such user; false:
     * refused.
     */
    async updateUserKeepingAnAdmin(
      id: string,
      patch: { displayName?: string; role?: Role; phiAccess?: boolean; active?: boolean },
    ): Promise<AdminUserRecord | false | undefined> {
      return db.transaction().execute(async (tx) => {
        const admins = await tx
          .selectFrom('admin_users')
          .select(['id'])
          .where('role', '=', 'admin')
          .where('active', '=', true)
          .forUpdate()
          .execute();
        const target = await tx
          .selectFrom('admin_users')
          .select(['id', 'role', 'active'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!target) {
          return undefined;
        }
        const staysActiveAdmin =
          (patch.role ?? target.role) === 'admin' && (patch.active ?? target.active);
        const isActiveAdmin = target.role === 'admin' && target.active;
        if (isActiveAdmin && !staysActiveAdmin && admins.length <= 1) {
          return false;
        }
        const row = await tx
          .updateTable('admin_users as u')
          .set(userColumnsOf(patch))
          .where('u.id', '=', id)
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        return toUser(row as UserRow);
      });
    },

    async insertSession(session: {
      tokenHash: string;
      userId: string;
      now: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<string> {
      const row = await db
        .insertInto('admin_sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          last_seen_at: session.now,
          expires_at: session.expiresAt,
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findSession(tokenHash: string): Promise<SessionRecord | undefined> {
      const row = await sessionsWithUsers()
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? toSession(row) : undefined;
    },

    /** Sessions, newest first: one user's, or everyone's. */
    async listSessions(userId: string | null): Promise<SessionRecord[]> {
      let query = sessionsWithUsers();
      if (userId) {
        query = query.where('s.user_id', '=', userId);
      }
      const rows = await query.orderBy('s.last_seen_at', 'desc').execute();
      return rows.map(toSession);
    },

    /** Ends one user's sessions (all, or all but one); how many ended. */
    async deleteSessionsOfUser(userId: string, exceptSessionId?: string): Promise<number> {
      let query = db.deleteFrom('admin_sessions').where('user_id', '=', userId);
      if (exceptSessionId) {
        query = query.where('id', '!=', exceptSessionId);
      }
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async findSessionById(
      sessionId: string,
    ): Promise<{ sessionId: string; userId: string } | undefined> {
      const row = await db
        .selectFrom('admin_sessions')
        .select(['id', 'user_id'])
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return row ? { sessionId: row.id, userId: row.user_id } : undefined;
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

    /**
     * Counts one more sign-in attempt for a subject, atomically: a window that began before
     * `windowStartsAfter` is over and a new one starts now. Returns the attempts in the window
     * including this one, and when the window began.
     */
    async claimLoginAttempt(
      subject: string,
      now: Date,
      windowStartsAfter: Date,
    ): Promise<{ attempts: number; windowStartedAt: Date }> {
      const row = await db
        .insertInto('login_throttle')
        .values({ subject, window_started_at: now, attempts: 1 })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            attempts: sql<number>`case when login_throttle.window_started_at <= ${windowStartsAfter} then 1 else login_throttle.attempts + 1 end`,
            window_started_at: sql<Date>`case when login_throttle.window_started_at <= ${windowStartsAfter} then ${now} else login_throttle.window_started_at end`,
          }),
        )
        .returning(['attempts', 'window_started_at'])
        .executeTakeFirstOrThrow();
      return { attempts: row.attempts, windowStartedAt: new Date(row.window_started_at) };
    },

    async resetLoginAttempts(subject: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('subject', '=', subject).execute();
    },

    /** Gives back one claimed attempt: a sign-in that succeeded is no guess. */
    async refundLoginAttempt(subject: string): Promise<void> {
      await db
        .updateTable('login_throttle')
        .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
        .where('subject', '=', subject)
        .execute();
    },

    async deleteLoginWindowsBefore(cutoff: Date): Promise<void> {
      await db.deleteFrom('login_throttle').where('window_started_at', '<', cutoff).execute();
    },
  };
}

export type AdminAuthRepository = ReturnType<typeof createAdminAuthRepository>;
