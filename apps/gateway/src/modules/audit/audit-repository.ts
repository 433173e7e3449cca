import { sql } from 'kysely';

import type { AuditExportQuery } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import type { AuditEventRow } from '../../db/schema.js';
import { eventHash, GENESIS_HASH, type HashedFields } from './audit-hash.js';

export type NewAuditEvent = Omit<HashedFields, 'prevHash'>;

export interface StoredAuditEvent extends HashedFields {
  id: string;
  hash: string;
}

/** Arbitrary constant shared by every instance: appends to the chain happen one at a time. */
const AUDIT_CHAIN_LOCK_ID = 7_193_004_211;

export const AUDIT_COLUMNS = [
  'id',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'target',
  'result',
  'ip',
  'user_agent',
  'details',
  'prev_hash',
  'hash',
] as const satisfies readonly (keyof AuditEventRow)[];

const toEvent = (row: AuditEventRow): StoredAuditEvent => ({
  id: String(row.id),
  at: new Date(row.at),
  actorType: row.actor_type,
  actorId: row.actor_id,
  actorName: row.actor_name,
  action: row.action,
  target: row.target,
  result: row.result,
  ip: row.ip,
  userAgent: row.user_agent,
  details: row.details ?? {},
  prevHash: row.prev_hash,
  hash: row.hash,
});

export function createAuditRepository(db: Db) {
  return {
    /**
     * Appends one event to the chain: under a transaction-scoped advisory lock, so events written
     * by several instances at once still form one chain, each naming the hash of the one before.
     */
    async append(event: NewAuditEvent): Promise<StoredAuditEvent> {
      return db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`.execute(tx);
        const last = await tx
          .selectFrom('audit_events')
          .select('hash')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const prevHash = last?.hash ?? GENESIS_HASH;
        const hash = eventHash({ ...event, prevHash });
        const row = await tx
          .insertInto('audit_events')
          .values({
            at: event.at,
            actor_type: event.actorType,
            actor_id: event.actorId,
            actor_name: event.actorName,
            action: event.action,
            target: event.target,
            result: event.result,
            ip: event.ip,
            user_agent: event.userAgent,
            details: JSON.stringify(event.details),
            prev_hash: prevHash,
            hash,
          })
          .returning(AUDIT_COLUMNS)
          .executeTakeFirstOrThrow();
        return toEvent(row);
      });
    },

    /** Newest first, after (older than) the cursor's id. */
    async page(
      filter: AuditExportQuery & { before?: string; limit: number },
    ): Promise<StoredAuditEvent[]> {
      let query = db.selectFrom('audit_events').select(AUDIT_COLUMNS);
      if (filter.actor) {
        query = query.where((eb) =>
          eb.or([eb('actor_name', '=', filter.actor!), eb('actor_id', '=', filter.actor!)]),
        );
      }
      if (filter.action) {
        query = query.where('action', '=', filter.action);
      }
      if (filter.from) {
        query = query.where('at', '>=', new Date(filter.from));
      }
      if (filter.to) {
        query = query.where('at', '<=', new Date(filter.to));
      }
      if (filter.before) {
        query = query.where('id', '<', filter.before as never);
      }
      const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map((row) => toEvent(row));
    },

    /** Oldest first, after the given id: how the chain is walked to verify it. */
    async chainAfter(afterId: string | null, limit: number): Promise<StoredAuditEvent[]> {
      let query = db.selectFrom('audit_events').select(AUDIT_COLUMNS);
      if (afterId !== null) {
        query = query.where('id', '>', afterId as never);
      }
      const rows = await query.orderBy('id', 'asc').limit(limit).execute();
      return rows.map((row) => toEvent(row));
    },

    /** Retention: the only delete of audit events in the code. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('audit_events')
        .where('at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
