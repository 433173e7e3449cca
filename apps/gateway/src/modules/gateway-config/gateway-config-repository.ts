import type { GatewayConfig, GatewayConfigChange } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';

const CONFIG_ROW_ID = 1;

const CONFIG_COLUMNS = [
  'api_root',
  'practice_id',
  'log_level',
  'caching',
  'payload_capture',
  'payload_retention_days',
] as const;

const toConfig = (row: {
  api_root: string;
  practice_id: string;
  log_level: string;
  caching: boolean;
  payload_capture: string;
  payload_retention_days: number;
}): GatewayConfig => ({
  apiRoot: row.api_root,
  practiceId: row.practice_id,
  logLevel: row.log_level as GatewayConfig['logLevel'],
  caching: row.caching,
  payloadCapture: row.payload_capture as GatewayConfig['payloadCapture'],
  payloadRetentionDays: row.payload_retention_days,
});

export function createGatewayConfigRepository(db: Db) {
  return {
    async get(): Promise<GatewayConfig | undefined> {
      const row = await db
        .selectFrom('gateway_config')
        .select(CONFIG_COLUMNS)
        .where('id', '=', CONFIG_ROW_ID)
        .executeTakeFirst();
      return row ? toConfig(row) : undefined;
    },

    /** Stores the config and its audit record together; returns what it replaced. */
    async save(
      next: GatewayConfig,
      fallback: GatewayConfig,
      changedBy: string,
      at: Date,
    ): Promise<GatewayConfig> {
      return db.transaction().execute(async (tx) => {
        const current = await tx
          .selectFrom('gateway_config')
          .select(CONFIG_COLUMNS)
          .where('id', '=', CONFIG_ROW_ID)
          .forUpdate()
          .executeTakeFirst();
        const before: GatewayConfig = current ? toConfig(current) : fallback;
        const values = {
          api_root: next.apiRoot,
          practice_id: next.practiceId,
          log_level: next.logLevel,
          caching: next.caching,
          payload_capture: next.payloadCapture,
          payload_retention_days: next.payloadRetentionDays,
          updated_at: at,
          updated_by: changedBy,
        };
        await tx
          .insertInto('gateway_config')
          .values({ id: CONFIG_ROW_ID, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .execute();
        await tx
          .insertInto('gateway_config_changes')
          .values({
            changed_at: at,
            changed_by: changedBy,
            before: JSON.stringify(before),
            after: JSON.stringify(next),
          })
          .execute();
        return before;
      });
    },

    async history(limit: number): Promise<GatewayConfigChange[]> {
      const rows = await db
        .selectFrom('gateway_config_changes')
        .selectAll()
        .orderBy('changed_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        changedAt: row.changed_at.toISOString(),
        changedBy: row.changed_by,
        before: row.before as Partial<GatewayConfig>,
        after: row.after as Partial<GatewayConfig>,
      }));
    },
  };
}

export type GatewayConfigRepository = ReturnType<typeof createGatewayConfigRepository>;
