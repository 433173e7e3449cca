import type { Selectable, Transaction } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Database, ProvidersTable } from '../../db/schema.js';
import {
  insertRow,
  selectRows,
  updateRow,
  type Executor,
  type NewRow,
  type ProviderRow,
  type RowPatch,
} from './voice-config-rows.js';

/** Providers, whose rows carry their department links (provider_departments). */
export function createProviderRows(db: Db) {
  async function departmentIdsOf(
    executor: Executor,
    providerIds: number[],
  ): Promise<Map<number, number[]>> {
    const links = new Map<number, number[]>(providerIds.map((id) => [id, []]));
    if (providerIds.length === 0) {
      return links;
    }
    const rows = await executor
      .selectFrom('provider_departments')
      .select(['provider_id', 'department_id'])
      .where('provider_id', 'in', providerIds)
      .orderBy('department_id')
      .execute();
    for (const row of rows) {
      links.get(row.provider_id)?.push(row.department_id);
    }
    return links;
  }

  async function withDepartments(
    executor: Executor,
    rows: Selectable<ProvidersTable>[],
  ): Promise<ProviderRow[]> {
    const links = await departmentIdsOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, department_ids: links.get(row.id) ?? [] }));
  }

  async function replaceProviderDepartments(
    tx: Transaction<Database>,
    providerId: number,
    departmentIds: readonly number[],
  ) {
    await tx.deleteFrom('provider_departments').where('provider_id', '=', providerId).execute();
    if (departmentIds.length > 0) {
      await tx
        .insertInto('provider_departments')
        .values(
          departmentIds.map((departmentId) => ({
            provider_id: providerId,
            department_id: departmentId,
          })),
        )
        .execute();
    }
  }

  async function getProvider(executor: Executor, id: number): Promise<ProviderRow | undefined> {
    const row = await executor
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? (await withDepartments(executor, [row]))[0] : undefined;
  }

  return {
    async listProviders(tenantId: number, includeInactive: boolean): Promise<ProviderRow[]> {
      return withDepartments(db, await selectRows(db, 'providers', { tenantId }, !includeInactive));
    },

    getProvider: (id: number) => getProvider(db, id),

    /** Inserts a provider and its department links in one transaction. */
    async insertProvider(
      values: NewRow<'providers'>,
      departmentIds: readonly number[],
    ): Promise<ProviderRow> {
      return db.transaction().execute(async (tx) => {
        const row = await insertRow(tx, 'providers', values);
        await replaceProviderDepartments(tx, row.id, departmentIds);
        return (await getProvider(tx, row.id))!;
      });
    },

    /** Updates a provider; departmentIds, when given, replace its department links. */
    async updateProvider(
      id: number,
      patch: RowPatch<'providers'>,
      departmentIds: readonly number[] | undefined,
    ): Promise<ProviderRow | undefined> {
      return db.transaction().execute(async (tx) => {
        if (!(await updateRow(tx, 'providers', id, patch))) {
          return undefined;
        }
        if (departmentIds) {
          await replaceProviderDepartments(tx, id, departmentIds);
        }
        return getProvider(tx, id);
      });
    },

    async providerDepartmentIds(providerIds: number[]): Promise<Map<number, number[]>> {
      return departmentIdsOf(db, providerIds);
    },
  };
}
