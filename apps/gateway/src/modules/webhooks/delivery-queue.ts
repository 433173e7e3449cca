import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { StoredEventFields } from './change-events.js';
import type { EndpointRow } from './endpoints-repository.js';

/** The event a claimed delivery carries, read in the claim itself (no read per delivery). */
export interface ClaimedEvent extends StoredEventFields {
  data_full_sealed: string | null;
}

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  attemptCount: number;
  event: ClaimedEvent;
}

/** One claim: the endpoints it is for (read under their row lock) and their leased deliveries. */
export interface ClaimedRound {
  endpoints: EndpointRow[];
  deliveries: ClaimedDelivery[];
  /** The lease every delivery of the round holds (the same instant for all of them). */
  leasedUntil: Date;
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

type ClaimedRow = Omit<ClaimedDelivery, 'event'> & ClaimedEvent;

const claimedOf = (row: ClaimedRow): ClaimedDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  attemptCount: row.attemptCount,
  event: {
    id: row.eventId,
    type: row.type,
    occurred_at: new Date(row.occurred_at),
    source: row.source,
    practice_id: row.practice_id,
    data_ids: row.data_ids,
    data_full_sealed: row.data_full_sealed,
  },
});

/**
 * An endpoint's failure streak after a round's attempts, in the order they ended: a success
 * clears it, so only the failures after the last success count (and the first of them is when it
 * started failing). `cleared`: the round had a success.
 */
export function streakOf(attempts: AttemptRecord[]) {
  const sorted = [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime());
  const lastSuccess = sorted.map((attempt) => attempt.delivered).lastIndexOf(true);
  const failures = sorted.slice(lastSuccess + 1);
  return { cleared: lastSuccess >= 0, failures: failures.length, since: failures[0]?.at ?? null };
}

/** The endpoint's failure streak after a round: one update, and none when nothing changes. */
async function recordStreak(tx: Db, endpointId: string, attempts: AttemptRecord[]) {
  const { cleared, failures, since } = streakOf(attempts);
  if (cleared && failures === 0) {
    // The usual case writes nothing: an endpoint row every delivery updated would make each
    // round wait on the others' locks.
    await sql`update webhook_endpoints set failure_streak = 0, failing_since = null
      where id = ${endpointId} and (failure_streak <> 0 or failing_since is not null)`.execute(tx);
    return null;
  }
  const row = await sql<{ failing_since: Date | null }>`
    update webhook_endpoints set
      failure_streak = ${cleared ? sql`0` : sql`failure_streak`} + ${failures},
      failing_since = ${cleared ? sql`${since}::timestamptz` : sql`coalesce(failing_since, ${since}::timestamptz)`}
    where id = ${endpointId}
    returning failing_since`.execute(tx);
  const failingSince = row.rows[0]?.failing_since;
  return failingSince ? new Date(failingSince) : null;
}

/** Each attempt's delivery to its new state, in one statement. */
async function recordDeliveries(tx: Db, attempts: AttemptRecord[]) {
  const rows = attempts.map(
    (a) => sql`(${a.deliveryId}::uuid,
      ${a.delivered ? 'delivered' : a.nextAttemptAt ? 'pending' : 'failed'}::text,
      ${a.nextAttemptAt ?? a.at}::timestamptz,
      ${a.delivered ? a.at : null}::timestamptz,
      ${a.status}::integer)`,
  );
  await sql`update webhook_deliveries d set
      attempt_count = d.attempt_count + 1, status = v.status, next_attempt_at = v.next_attempt_at,
      leased_until = null, delivered_at = v.delivered_at, last_response_status = v.last_status
    from (values ${sql.join(rows)}) as v(id, status, next_attempt_at, delivered_at, last_status)
    where d.id = v.id`.execute(tx);
}

/**
 * Claims up to `room` of an endpoint's due deliveries, first in line per resource, with events.
 * The first in line are read in one ordered pass of the pending index (DISTINCT ON); a "no earlier
 * pending one" test per row, on a table whose statistics lag its growth, was planned as a
 * pending-by-pending comparison (0.6 s a claim at 4 000 pending). The locking select checks the
 * row again, so one recorded or leased meanwhile is not taken.
 */
async function claimFor(tx: Db, endpointId: string, room: number, now: Date, leasedUntil: Date) {
  const rows = await sql<ClaimedRow & { seq: string }>`
    with claimed as (
      update webhook_deliveries set leased_until = ${leasedUntil}
      where id in (
        select d.id from webhook_deliveries d
        where d.id in (
            select first.id from (
              select distinct on (f.ordering_key) f.id, f.next_attempt_at, f.leased_until
              from webhook_deliveries f
              where f.endpoint_id = ${endpointId} and f.status = 'pending'
              order by f.ordering_key, f.seq) first
            where first.next_attempt_at <= ${now}
              and (first.leased_until is null or first.leased_until <= ${now}))
          and d.status = 'pending' and d.next_attempt_at <= ${now}
          and (d.leased_until is null or d.leased_until <= ${now})
        order by d.seq
        limit ${room}
        for update skip locked)
      returning id, seq, endpoint_id, event_id, attempt_count)
    select c.id, c.seq, c.endpoint_id as "endpointId", c.event_id as "eventId",
      c.attempt_count as "attemptCount", e.type, e.occurred_at, e.source, e.practice_id,
      e.data_ids, e.data_full_sealed
    from claimed c join webhook_events e on e.id = c.event_id
    order by c.seq`.execute(tx);
  return rows.rows.map(claimedOf);
}

/**
 * Which deliveries this instance sends next. Within one transaction it takes active endpoints with
 * due work under FOR UPDATE SKIP LOCKED (another instance working an endpoint skips it), and for
 * each at most `perEndpoint` less those still leased of its due deliveries that are first in line
 * for their resource (one appointment's events go out in order), with their events. Each is leased
 * until `leaseMs` from now: sent once while the lease holds, sent again only if the lease ran out
 * (a crash). How many of them are in flight at once is the worker's to bound.
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
    ): Promise<ClaimedRound> {
      const leasedUntil = new Date(now.getTime() + leaseMs);
      return db.transaction().execute(async (tx) => {
        const ready = await sql<EndpointRow & { leased: string }>`
          select w.*,
            (select count(*) from webhook_deliveries l
              where l.endpoint_id = w.id and l.status = 'pending' and l.leased_until > ${now}) as leased
          from webhook_endpoints w
          where w.status = 'active' and exists (
            select 1 from webhook_deliveries d where d.endpoint_id = w.id and d.status = 'pending'
              and d.next_attempt_at <= ${now} and (d.leased_until is null or d.leased_until <= ${now}))
          order by w.id
          limit ${endpoints}
          for update of w skip locked`.execute(tx);
        const round: ClaimedRound = { endpoints: [], deliveries: [], leasedUntil };
        for (const { leased, ...endpoint } of ready.rows) {
          const room = perEndpoint - Number(leased);
          if (room > 0) {
            round.endpoints.push(endpoint);
            round.deliveries.push(...(await claimFor(tx, endpoint.id, room, now, leasedUntil)));
          }
        }
        return round;
      });
    },

    /**
     * A round's attempts, their deliveries' new states and each endpoint's failure streak, in one
     * transaction; the deliveries it did not start are let go (only while still under this
     * round's lease, so one another instance claimed since is not touched). Answers when each
     * endpoint of the round started failing (null: it is not failing).
     */
    async record(
      attempts: AttemptRecord[],
      unsent: { ids: string[]; leasedUntil: Date },
    ): Promise<Map<string, Date | null>> {
      return db.transaction().execute(async (tx) => {
        const failing = new Map<string, Date | null>();
        if (unsent.ids.length > 0) {
          await tx
            .updateTable('webhook_deliveries')
            .set({ leased_until: null })
            .where('id', 'in', unsent.ids)
            .where('status', '=', 'pending')
            .where('leased_until', '=', unsent.leasedUntil)
            .execute();
        }
        if (attempts.length === 0) {
          return failing;
        }
        await tx
          .insertInto('webhook_attempts')
          .values(
            attempts.map((attempt) => ({
              delivery_id: attempt.deliveryId,
              attempted_at: attempt.at,
              outcome: attempt.outcome,
              response_status: attempt.status,
              duration_ms: attempt.durationMs,
              response_excerpt: attempt.excerpt,
              error: attempt.error,
            })),
          )
          .execute();
        await recordDeliveries(tx, attempts);
        for (const endpointId of new Set(attempts.map((attempt) => attempt.endpointId))) {
          const own = attempts.filter((attempt) => attempt.endpointId === endpointId);
          failing.set(endpointId, await recordStreak(tx, endpointId, own));
        }
        return failing;
      });
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
