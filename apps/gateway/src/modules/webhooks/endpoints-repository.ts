import type { Selectable } from 'kysely';

import type { Db } from '../../db/database.js';
import type { WebhookEndpointsTable } from '../../db/schema-webhooks.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export interface NewEndpointRow {
  url: string;
  events: string[];
  description: string;
  payload: string;
  practiceIds: string[] | null;
  ownerKeyId: string | null;
  secretSealed: string;
  at: Date;
}

export type EndpointChanges = Partial<{
  url: string;
  events: string[];
  description: string;
  payload: string;
  phi_approved: boolean;
  status: string;
  failure_streak: number;
  failing_since: Date | null;
  disabled_at: Date | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
}>;

/** Webhook endpoints; `owner` limits every read and change to one API key's own (null: any). */
export function createEndpointsRepository(db: Db) {
  const scoped = (owner: string | null) => {
    let query = db.selectFrom('webhook_endpoints').selectAll();
    if (owner !== null) {
      query = query.where('owner_key_id', '=', owner);
    }
    return query;
  };
  return {
    async insert(row: NewEndpointRow): Promise<EndpointRow> {
      return db
        .insertInto('webhook_endpoints')
        .values({
          url: row.url,
          events: JSON.stringify(row.events),
          description: row.description,
          payload: row.payload,
          practice_ids: row.practiceIds === null ? null : JSON.stringify(row.practiceIds),
          owner_key_id: row.ownerKeyId,
          secret_sealed: row.secretSealed,
          created_at: row.at,
          updated_at: row.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list: (owner: string | null): Promise<EndpointRow[]> =>
      scoped(owner).orderBy('created_at', 'desc').orderBy('id').execute(),

    find: (id: string, owner: string | null): Promise<EndpointRow | undefined> =>
      scoped(owner).where('id', '=', id).executeTakeFirst(),

    async update(id: string, changes: EndpointChanges, at: Date): Promise<EndpointRow> {
      const { events, ...rest } = changes;
      return db
        .updateTable('webhook_endpoints')
        .set({
          ...rest,
          ...(events ? { events: JSON.stringify(events) } : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    /** Endpoints that have failed without a success since before `cutoff` and are not disabled. */
    failingSince: (cutoff: Date): Promise<EndpointRow[]> =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('status', '!=', 'disabled')
        .where('failing_since', '<=', cutoff)
        .execute(),

    /** Endpoints the gateway disabled, for the bell. */
    disabled: () =>
      db
        .selectFrom('webhook_endpoints')
        .select(['id', 'disabled_at'])
        .where('status', '=', 'disabled')
        .where('disabled_at', 'is not', null)
        .orderBy('disabled_at', 'desc')
        .execute(),
  };
}

export type EndpointsRepository = ReturnType<typeof createEndpointsRepository>;
