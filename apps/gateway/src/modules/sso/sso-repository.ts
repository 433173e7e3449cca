import type { Db } from '../../db/database.js';

export interface SsoIdentityRecord {
  userId: string;
  issuer: string;
  subject: string;
  email: string | null;
  groups: string[];
  syncedAt: Date;
}

const toIdentity = (row: {
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  groups: string[] | string;
  synced_at: Date;
}): SsoIdentityRecord => ({
  userId: row.user_id,
  issuer: row.issuer,
  subject: row.subject,
  email: row.email,
  // PGlite and node-postgres both parse jsonb; a string would be a driver that does not.
  groups: typeof row.groups === 'string' ? (JSON.parse(row.groups) as string[]) : row.groups,
  syncedAt: new Date(row.synced_at),
});

export function createSsoRepository(db: Db) {
  const identities = () =>
    db
      .selectFrom('sso_identities')
      .select(['user_id', 'issuer', 'subject', 'email', 'groups', 'synced_at']);

  return {
    async findIdentity(issuer: string, subject: string): Promise<SsoIdentityRecord | undefined> {
      const row = await identities()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ? toIdentity(row) : undefined;
    },

    async listIdentities(): Promise<SsoIdentityRecord[]> {
      return (await identities().orderBy('user_id').execute()).map(toIdentity);
    },

    /** Records (or refreshes) what the provider said about the user at this sign-in. */
    async saveIdentity(identity: SsoIdentityRecord): Promise<void> {
      const values = {
        user_id: identity.userId,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        groups: JSON.stringify(identity.groups),
        synced_at: identity.syncedAt,
      };
      await db
        .insertInto('sso_identities')
        .values(values)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            email: values.email,
            groups: values.groups,
            synced_at: values.synced_at,
          }),
        )
        .execute();
    },

    async linkSession(sessionId: string, idToken: string): Promise<void> {
      await db
        .insertInto('sso_sessions')
        .values({ session_id: sessionId, id_token: idToken })
        .execute();
    },

    async idTokenOf(sessionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sso_sessions')
        .select('id_token')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.id_token;
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
