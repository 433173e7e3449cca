import type { Db } from '../../db/database.js';
import { orderingKeyOf, type EhrChange } from './change-events.js';

/** Which event types count as the same change of a record, when the EHR's feed reports it. */
const sameKind = (change: EhrChange): string[] =>
  change.kind === 'patient' ? ['patient.registered', 'patient.updated'] : [change.type];

/**
 * Records a change an EHR's feed reported, unless the gateway's own event for that record and kind
 * of change was written since `since` (the gateway made it; the feed is reporting it back). The
 * check and the write share one transaction. Answers whether an event was written.
 */
export function createObservedChangeRecorder(
  db: Db,
  recordChange: (change: EhrChange, tx: Db) => Promise<void>,
) {
  return (change: EhrChange, since: Date): Promise<boolean> =>
    db.transaction().execute(async (tx) => {
      const own = await tx
        .selectFrom('webhook_events')
        .select('id')
        .where('ordering_key', '=', orderingKeyOf(change))
        .where('type', 'in', sameKind(change))
        .where('created_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      if (own) {
        return false;
      }
      await recordChange(change, tx);
      return true;
    });
}
