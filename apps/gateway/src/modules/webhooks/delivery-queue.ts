import { sql } from 'kysely';

import type { Db } from '../../db/database.js';

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attemptCount: number;
}

export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  at: Date;
  outcome: string;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  /** Null when the delivery succeeded or gave up. */
  nextAttemptAt: Date | null;
  delivered: boolean;
}

/**
 * Which deliveries this instance sends next. Within one transaction it takes active endpoints with
 * due work under FOR UPDATE SKIP LOCKED (another instance working an endpoint skips it), and for
 * each at most `perEndpoint` less those still leased of its due deliveries that are first in line
 * for their resource (one appointment's events go out in order). Each is leased until `leaseMs`
 * from now: sent once while the lease holds, sent again only if the lease ran out (a crash).
 */
export function createDeliveryQueue(db: Db) {
  return {
    async claim(
      now: Date,
      {
        leaseMs,
        perEndpoint,
        endpoints,
      }: { leaseMs: number; perEndpoint: number; endpoints: number },
    ): Promise<ClaimedDelivery[]> {
      return db.transaction().execute(async (tx) => {
        const ready = await sql<{ id: string; leased: string }>`
          select w.id,
            (select count(*) from webhook_deliveries l
              where l.endpoint_id = w.id and l.status = 'pending' and l.leased_until > ${now}) as leased
          from webhook_endpoints w
          where w.status = 'active' and exists (
            select 1 from webhook_deliveries d where d.endpoint_id = w.id and d.status = 'pending'
              and d.next_attempt_at <= ${now} and (d.leased_until is null or d.leased_until <= ${now}))
          order by w.id
          limit ${endpoints}
          for update of w skip locked`.execute(tx);
        const claimed: ClaimedDelivery[] = [];
        for (const endpoint of ready.rows) {
          const room = perEndpoint - Number(endpoint.leased);
          if (room <= 0) {
            continue;
          }
          const rows = await sql<ClaimedDelivery>`
            update webhook_deliveries set leased_until = ${new Date(now.getTime() + leaseMs)}
            where id in (
              select d.id from webhook_deliveries d
              where d.endpoint_id = ${endpoint.id} and d.status = 'pending'
                and d.next_attempt_at <= ${now}
                and (d.leased_until is null or d.leased_until <= ${now})
                and not exists (select 1 from webhook_deliveries earlier
                  where earlier.endpoint_id = d.endpoint_id and earlier.ordering_key = d.ordering_key
                    and earlier.status = 'pending' and earlier.seq < d.seq)
              order by d.seq
              limit ${room}
              for update skip locked)
            returning id, endpoint_id as "endpointId", event_id as "eventId",
              attempt_count as "attemptCount"`.execute(tx);
          claimed.push(...rows.rows);
        }
        return claimed;
      });
    },

    /** The attempt, the delivery's new state and the endpoint's failure streak, together. */
    async record(attempt: AttemptRecord): Promise<{ failingSince: Date | null }> {
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: attempt.deliveryId,
            attempted_at: attempt.at,
            outcome: attempt.outcome,
            response_status: attempt.status,
            duration_ms: attempt.durationMs,
            response_excerpt: attempt.excerpt,
            error: attempt.error,
          })
          .execute();
        await tx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            attempt_count: eb('attempt_count', '+', 1),
            status: attempt.delivered ? 'delivered' : attempt.nextAttemptAt ? 'pending' : 'failed',
            next_attempt_at: attempt.nextAttemptAt ?? attempt.at,
            leased_until: null,
            delivered_at: attempt.delivered ? attempt.at : null,
            last_response_status: attempt.status,
          }))
          .where('id', '=', attempt.deliveryId)
          .execute();
        const endpoint = await tx
          .updateTable('webhook_endpoints')
          .set(
            attempt.delivered
              ? { failure_streak: 0, failing_since: null }
              : (eb) => ({
                  failure_streak: eb('failure_streak', '+', 1),
                  failing_since: sql<Date>`coalesce(failing_since, ${attempt.at})`,
                }),
          )
          .where('id', '=', attempt.endpointId)
          .returning('failing_since')
          .executeTakeFirst();
        return { failingSince: endpoint?.failing_since ?? null };
      });
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
