import { sql, type Selectable } from 'kysely';

import type { Db } from '../../db/database.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEventsTable,
} from '../../db/schema-webhooks.js';

export type DeliveryRow = Selectable<WebhookDeliveriesTable> & {
  event_type: string;
  occurred_at: Date;
};
export type AttemptRow = Selectable<WebhookAttemptsTable>;
export type EventRow = Selectable<WebhookEventsTable>;

export interface NewEvent {
  id: string;
  type: string;
  occurredAt: Date;
  source: string;
  practiceId: string;
  orderingKey: string;
  dataIds: Record<string, unknown>;
  dataFullSealed: string | null;
}

const deliveryColumns = [
  'd.id',
  'd.seq',
  'd.endpoint_id',
  'd.event_id',
  'd.ordering_key',
  'd.status',
  'd.attempt_count',
  'd.next_attempt_at',
  'd.leased_until',
  'd.delivered_at',
  'd.last_response_status',
  'd.created_at',
  'e.type as event_type',
  'e.occurred_at',
] as const;

/** The outbox (events), their deliveries to each endpoint, and each delivery's attempts. */
export function createDeliveriesRepository(db: Db) {
  const withEvent = () =>
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select(deliveryColumns);
  return {
    /**
     * Writes an event and one delivery for every endpoint that subscribes to its type and
     * practice (paused ones too: they deliver on resume; disabled ones do not). With `onlyEndpoint`
     * the event goes to that endpoint alone (a test event). Runs in the caller's transaction.
     */
    async insertEvent(event: NewEvent, at: Date, onlyEndpoint?: string): Promise<number> {
      await db
        .insertInto('webhook_events')
        .values({
          id: event.id,
          type: event.type,
          occurred_at: event.occurredAt,
          source: event.source,
          practice_id: event.practiceId,
          ordering_key: event.orderingKey,
          data_ids: JSON.stringify(event.dataIds),
          data_full_sealed: event.dataFullSealed,
          created_at: at,
        })
        .execute();
      const subscribed = onlyEndpoint
        ? sql`id = ${onlyEndpoint}`
        : sql`status <> 'disabled'
            and events @> ${JSON.stringify([event.type])}::jsonb
            and (practice_ids is null or practice_ids @> ${JSON.stringify([event.practiceId])}::jsonb)`;
      const inserted = await sql`
        insert into webhook_deliveries (endpoint_id, event_id, ordering_key, next_attempt_at, created_at)
        select id, ${event.id}, ${event.orderingKey}, ${at}, ${at}
        from webhook_endpoints where ${subscribed}
        order by created_at`.execute(db);
      return Number(inserted.numAffectedRows ?? 0);
    },

    findEvent: (id: string): Promise<EventRow | undefined> =>
      db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst(),

    find: (id: string): Promise<DeliveryRow | undefined> =>
      withEvent().where('d.id', '=', id).executeTakeFirst(),

    page(endpointId: string, filter: { status?: string; before?: string; limit: number }) {
      let query = withEvent().where('d.endpoint_id', '=', endpointId);
      if (filter.status) {
        query = query.where('d.status', '=', filter.status);
      }
      if (filter.before) {
        query = query.where('d.seq', '<', filter.before);
      }
      return query.orderBy('d.seq', 'desc').limit(filter.limit).execute();
    },

    attempts: (deliveryId: string): Promise<AttemptRow[]> =>
      db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempted_at', 'desc')
        .execute(),

    /** A replay: the same event to the same endpoint again, as a new delivery. */
    async requeue(delivery: DeliveryRow, at: Date): Promise<string> {
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: delivery.endpoint_id,
          event_id: delivery.event_id,
          ordering_key: delivery.ordering_key,
          next_attempt_at: at,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Gives up on an endpoint's waiting deliveries (it was disabled). */
    async failPending(endpointId: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', leased_until: null })
        .where('endpoint_id', '=', endpointId)
        .where('status', '=', 'pending')
        .execute();
    },

    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Event time to delivery of the deliveries delivered since `since`, in ms. */
    async lagsSince(since: Date): Promise<number[]> {
      const rows = await withEvent()
        .where('d.delivered_at', '>=', since)
        .where('d.status', '=', 'delivered')
        .execute();
      return rows.map((row) => row.delivered_at!.getTime() - row.occurred_at.getTime());
    },

    /** Attempts past retention, and events whose deliveries have all ended and aged out with them. */
    async deleteOlderThan(cutoff: Date): Promise<void> {
      await db.deleteFrom('webhook_attempts').where('attempted_at', '<', cutoff).execute();
      await sql`delete from webhook_events e where e.created_at < ${cutoff}
        and not exists (select 1 from webhook_deliveries d
          where d.event_id = e.id and d.status = 'pending')`.execute(db);
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
