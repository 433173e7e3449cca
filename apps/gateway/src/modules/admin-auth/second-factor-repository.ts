import type { Db } from '../../db/database.js';

/** The TOTP secret (sealed), whether it is confirmed, the last step used, and recovery codes. */
export function createSecondFactorRepository(db: Db) {
  return {
    async find(
      userId: string,
    ): Promise<
      { sealedSecret: string; confirmedAt: Date | null; lastUsedStep: number | null } | undefined
    > {
      const row = await db
        .selectFrom('admin_second_factors')
        .select(['sealed_secret', 'confirmed_at', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          sealedSecret: row.sealed_secret,
          confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
          lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
        }
      );
    },

    /** A new pending secret, replacing any earlier pending one. */
    async savePending(userId: string, sealedSecret: string): Promise<void> {
      await db
        .insertInto('admin_second_factors')
        .values({ user_id: userId, sealed_secret: sealedSecret, confirmed_at: null })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            sealed_secret: sealedSecret,
            confirmed_at: null,
            last_used_step: null,
          }),
        )
        .execute();
    },

    /**
     * Takes a time step for the user's codes if it is later than the last one taken: true when
     * this call took it. Atomic, so two requests with the same code cannot both succeed.
     */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('admin_second_factors')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Confirms the pending secret, marks the user, and replaces the recovery codes. */
    async confirm(userId: string, at: Date, recoveryCodeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('admin_second_factors')
          .set({ confirmed_at: at })
          .where('user_id', '=', userId)
          .execute();
        await tx
          .updateTable('admin_users')
          .set({ second_factor_at: at })
          .where('id', '=', userId)
          .execute();
        await tx.deleteFrom('admin_recovery_codes').where('user_id', '=', userId).execute();
        await tx
          .insertInto('admin_recovery_codes')
          .values(recoveryCodeHashes.map((hash) => ({ user_id: userId, code_hash: hash })))
          .execute();
      });
    },

    /** Marks an unused recovery code used: true when it was there and this call used it. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('admin_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Removes the second factor and its recovery codes; true when there was one. */
    async remove(userId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const removed = await tx
          .deleteFrom('admin_second_factors')
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
        await tx.deleteFrom('admin_recovery_codes').where('user_id', '=', userId).execute();
        await tx
          .updateTable('admin_users')
          .set({ second_factor_at: null })
          .where('id', '=', userId)
          .execute();
        return removed !== undefined;
      });
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
