import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import { searchEntries, type SearchOptions, type SearchTable } from './entity-search.js';
import { createProviderRows } from './provider-rows.js';
import type { VoiceConfigSeed } from './voice-config-seed.js';
import { insertSeed } from './voice-config-seed-writer.js';
import {
  insertRow,
  now,
  selectRows,
  updateRow,
  type GlobalConfigRow,
  type NewRow,
  type PlainTable,
  type RowPatch,
  type TenantRow,
  type TenantTable,
} from './voice-config-rows.js';

/**
 * The voice config's storage: tenants, the entries that belong to one (providers in
 * provider-rows.ts), the global config, the cross-entity search (entity-search.ts) and the seed
 * (voice-config-seed-writer.ts).
 */
export function createVoiceConfigRepository(db: Db) {
  return {
    // Tenants

    async listTenants(includeInactive: boolean): Promise<TenantRow[]> {
      let query = db.selectFrom('tenants').selectAll();
      if (!includeInactive) {
        query = query.where('status', '=', 'active');
      }
      return query.orderBy('id').execute();
    },

    async getTenant(id: number): Promise<TenantRow | undefined> {
      return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    insertTenant: (values: NewRow<'tenants'>) => insertRow(db, 'tenants', values),
    updateTenant: (id: number, patch: RowPatch<'tenants'>) => updateRow(db, 'tenants', id, patch),

    // Entries that belong to a tenant

    /** The entry's tenant, or undefined when there is no such entry. */
    async tenantOf(table: TenantTable, id: number): Promise<number | undefined> {
      const result = await sql<{ tenant_id: number }>`
        select tenant_id from ${sql.table(table)} where id = ${id}`.execute(db);
      return result.rows[0]?.tenant_id;
    },

    /** Which of these ids are entries of this tenant. */
    async idsOwnedBy(
      table: TenantTable,
      tenantId: number,
      ids: readonly number[],
    ): Promise<Set<number>> {
      if (ids.length === 0) {
        return new Set();
      }
      const result = await sql<{ id: number }>`
        select id from ${sql.table(table)}
        where tenant_id = ${tenantId} and id in (${sql.join([...ids])})`.execute(db);
      return new Set(result.rows.map((row) => row.id));
    },

    /** The entry holding a value of a case-insensitively unique column (for 409 messages). */
    async findByValue(
      table: TenantTable,
      tenantId: number,
      column: 'name' | 'code',
      value: string,
    ): Promise<{ id: number; active: boolean } | undefined> {
      const result = await sql<{ id: number; active: boolean }>`
        select id, active from ${sql.table(table)}
        where tenant_id = ${tenantId} and lower(${sql.ref(column)}) = lower(${value}::text)
        limit 1`.execute(db);
      return result.rows[0];
    },

    async deactivate(table: TenantTable, id: number): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set({ active: false, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // Entries but providers, whose rows carry their department links (see below).
    list: <T extends PlainTable>(table: T, tenantId: number, includeInactive: boolean) =>
      selectRows(db, table, { tenantId }, !includeInactive),
    byIds: <T extends PlainTable>(table: T, ids: readonly number[], activeOnly: boolean) =>
      selectRows(db, table, { ids }, activeOnly),
    insert: <T extends PlainTable>(table: T, values: NewRow<T>) => insertRow(db, table, values),
    update: <T extends PlainTable>(table: T, id: number, patch: RowPatch<T>) =>
      updateRow(db, table, id, patch),

    ...createProviderRows(db),

    // Global config

    async getGlobalConfig(key: string): Promise<GlobalConfigRow | undefined> {
      return db.selectFrom('global_config').selectAll().where('key', '=', key).executeTakeFirst();
    },

    async setGlobalConfig(key: string, json: string): Promise<GlobalConfigRow> {
      return db
        .insertInto('global_config')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    // Cross-entity query
    search: <T extends SearchTable>(
      table: T,
      tenantId: number,
      term: string,
      options: SearchOptions,
    ) => searchEntries(db, table, tenantId, term, options),

    insertSeed: (seed: VoiceConfigSeed) => insertSeed(db, seed),
  };
}

export type VoiceConfigRepository = ReturnType<typeof createVoiceConfigRepository>;
