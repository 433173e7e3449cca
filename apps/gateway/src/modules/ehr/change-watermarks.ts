import type { EhrSource } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';

/** Where a practice's change poll has got to. */
export interface ChangeWatermark {
  /** The newest change time seen; null before the first poll fixed a starting point. */
  watermark: Date | null;
  /** Resource versions already reported inside the overlap window. */
  seen: string[];
}

export interface ChangeWatermarkStore {
  /**
   * Takes the practice's watermark for one poll until `leaseMs` from `now`; null while another
   * instance holds it (one poller per practice across a fleet).
   */
  claim(practiceId: string, now: Date, leaseMs: number): Promise<ChangeWatermark | null>;
  /** Stores where the poll got to and gives the lease back. */
  save(practiceId: string, next: { watermark: Date; seen: string[] }, now: Date): Promise<void>;
  /** Gives the lease back without moving the watermark (the poll failed). */
  release(practiceId: string): Promise<void>;
}

/** The durable watermarks of one EHR's change poll (table ehr_change_watermarks). */
export function createChangeWatermarkStore(db: Db, source: EhrSource): ChangeWatermarkStore {
  const row = (practiceId: string) =>
    db
      .updateTable('ehr_change_watermarks')
      .where('source', '=', source)
      .where('practice_id', '=', practiceId);

  return {
    async claim(practiceId, now, leaseMs) {
      await db
        .insertInto('ehr_change_watermarks')
        .values({ source, practice_id: practiceId, watermark: null, seen: '[]' })
        .onConflict((conflict) => conflict.columns(['source', 'practice_id']).doNothing())
        .execute();
      const claimed = await row(practiceId)
        .set({ leased_until: new Date(now.getTime() + leaseMs) })
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
        .returning(['watermark', 'seen'])
        .executeTakeFirst();
      return claimed ? { watermark: claimed.watermark, seen: claimed.seen } : null;
    },

    async save(practiceId, { watermark, seen }, now) {
      await row(practiceId)
        .set({ watermark, seen: JSON.stringify(seen), leased_until: null, updated_at: now })
        .execute();
    },

    async release(practiceId) {
      await row(practiceId).set({ leased_until: null }).execute();
    },
  };
}
