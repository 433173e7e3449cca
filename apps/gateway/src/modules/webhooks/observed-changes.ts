import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { orderingKeyOf, type EhrChange } from './change-events.js';

/** Which event types count as the same change of a record, when the EHR's feed reports it. */
const sameKind = (change: EhrChange): string[] =>
  change.kind === 'patient' ? ['patient.registered', 'patient.updated'] : [change.type];

interface LastEvent {
  ordering_key: string;
  type: string;
  last: Date;
}

/**
 * Serialises writers of the same records (the feed, a write's completion, recovery) until the
 * transaction ends, so "is there an event already?" and the write cannot interleave. Keys are
 * taken in sorted order so two batches never wait on each other crosswise.
 */
async function lockRecords(tx: Db, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) {
    return;
  }
  await sql`select pg_advisory_xact_lock(hashtext(k))
    from (values ${sql.join(sorted.map((key) => sql`(${key})`))}) as v(k) order by k`.execute(tx);
}

/** The newest event of each type for these records: one query for a whole batch. */
async function lastEvents(tx: Db, keys: string[]): Promise<LastEvent[]> {
  const rows = await tx
    .selectFrom('webhook_events')
    .select(['ordering_key', 'type', (eb) => eb.fn.max('created_at').as('last')])
    .where('ordering_key', 'in', [...new Set(keys)])
    .groupBy(['ordering_key', 'type'])
    .execute();
  return rows.map((row) => ({ ...row, last: new Date(row.last) }));
}

/**
 * Writes changes unless the same record's event of the same kind was written since `since` (the
 * gateway made the change, or another reporter got there first). A `patient.registered` for a
 * patient the outbox already has events for is written as `patient.updated`: the feed cannot
 * tell a new patient from one edited on its registration day. Answers the changes written.
 */
export async function recordUnlessRecorded(
  tx: Db,
  changes: EhrChange[],
  since: Date,
  recordChange: (change: EhrChange, tx: Db) => Promise<void>,
): Promise<EhrChange[]> {
  if (changes.length === 0) {
    return [];
  }
  const keys = changes.map(orderingKeyOf);
  await lockRecords(tx, keys);
  const known = await lastEvents(tx, keys);
  const written: EhrChange[] = [];
  for (const change of changes) {
    const key = orderingKeyOf(change);
    const kinds = sameKind(change);
    const ofRecord = known.filter((row) => row.ordering_key === key);
    if (ofRecord.some((row) => kinds.includes(row.type) && row.last >= since)) {
      continue;
    }
    const recorded: EhrChange =
      change.type === 'patient.registered' && ofRecord.length > 0
        ? { ...change, type: 'patient.updated' }
        : change;
    await recordChange(recorded, tx);
    written.push(recorded);
  }
  return written;
}

/**
 * Records the changes an EHR's feed reported in one round, in one transaction, with one query for
 * what the outbox already has. Answers how many events were written.
 */
export function createObservedChangeRecorder(
  db: Db,
  recordChange: (change: EhrChange, tx: Db) => Promise<void>,
  onCommitted: () => void,
) {
  return async (changes: EhrChange[], since: Date): Promise<number> => {
    const written = await db
      .transaction()
      .execute((tx) => recordUnlessRecorded(tx, changes, since, recordChange));
    if (written.length > 0) {
      onCommitted();
    }
    return written.length;
  };
}
