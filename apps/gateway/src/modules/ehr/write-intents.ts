import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';

import type { EhrSource } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';

export type WriteOperation = 'register' | 'book' | 'cancel';

/** What a write to a remote EHR was about to do: ids only (the identity to find a patient is sealed). */
export interface NewWriteIntent {
  source: EhrSource;
  practiceId: string;
  operation: WriteOperation;
  target: Record<string, string | null>;
  identitySealed?: string;
}

export interface WriteIntent extends NewWriteIntent {
  id: string;
  createdAt: Date;
}

/**
 * How long a write may take before recovery treats its intent as abandoned: longer than any EHR
 * call with its retries, so an instance never recovers a write another is still making.
 */
export const INTENT_GRACE_MS = 2 * 60_000;
/** Recovery's hold on an intent it is working; after it runs out another round may take it. */
const RECOVERY_LEASE_MS = 5 * 60_000;

/**
 * The journal of writes to remote EHRs (migration 0031): an intent is committed before the EHR is
 * called and deleted in the transaction that writes the change's outbox event, so an intent that
 * stays is a write whose outcome the outbox does not know yet.
 */
export function createWriteIntents(db: Db, now: () => Date) {
  return {
    async begin(intent: NewWriteIntent): Promise<WriteIntent> {
      const createdAt = now();
      const id = randomUUID();
      await db
        .insertInto('ehr_write_intents')
        .values({
          id,
          source: intent.source,
          practice_id: intent.practiceId,
          operation: intent.operation,
          target: JSON.stringify(intent.target),
          identity_sealed: intent.identitySealed ?? null,
          created_at: createdAt,
          attempt_after: new Date(createdAt.getTime() + INTENT_GRACE_MS),
        })
        .execute();
      return { ...intent, id, createdAt };
    },

    /** The write is accounted for (its event written in `tx`, or it did not happen). */
    async finish(id: string, tx: Db = db): Promise<void> {
      await tx.deleteFrom('ehr_write_intents').where('id', '=', id).execute();
    },

    /**
     * Intents past their grace (or a lapsed recovery lease), oldest first, each leased to this
     * caller; SKIP LOCKED keeps two instances off the same one.
     */
    async claimDue(limit: number): Promise<WriteIntent[]> {
      const at = now();
      const rows = await sql<{
        id: string;
        source: EhrSource;
        practice_id: string;
        operation: WriteOperation;
        target: Record<string, string | null>;
        identity_sealed: string | null;
        created_at: Date;
      }>`
        update ehr_write_intents set attempt_after = ${new Date(at.getTime() + RECOVERY_LEASE_MS)}
        where id in (
          select id from ehr_write_intents where attempt_after <= ${at}
          order by created_at limit ${limit} for update skip locked)
        returning id, source, practice_id, operation, target, identity_sealed, created_at`.execute(
        db,
      );
      return rows.rows
        .map((row) => ({
          id: row.id,
          source: row.source,
          practiceId: row.practice_id,
          operation: row.operation,
          target: row.target,
          identitySealed: row.identity_sealed ?? undefined,
          createdAt: new Date(row.created_at),
        }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },
  };
}

export type WriteIntents = ReturnType<typeof createWriteIntents>;
