import {
  sql,
  type ColumnType,
  type Generated,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';

import type { Db } from '../../db/database.js';
import type {
  AppointmentTypesTable,
  Database,
  DepartmentsTable,
  GlobalConfigTable,
  LocationsTable,
  ProvidersTable,
  TenantsTable,
  VisitReasonsTable,
} from '../../db/schema.js';

/**
 * The voice config's rows and the helpers every entity's queries share: one insert, update and
 * ordered select for tenants and the entries that belong to one.
 */

export type TenantRow = Selectable<TenantsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type ProviderRow = Selectable<ProvidersTable> & { department_ids: number[] };
export type AppointmentTypeRow = Selectable<AppointmentTypesTable>;
export type VisitReasonRow = Selectable<VisitReasonsTable>;
export type GlobalConfigRow = Selectable<GlobalConfigTable>;

/** Tables whose entries belong to a tenant and are deactivated rather than deleted. */
export type TenantTable =
  'locations' | 'departments' | 'providers' | 'appointment_types' | 'visit_reasons';

export type Executor = Db | Transaction<Database>;

/** The unique index a duplicate hit, or null when the error is not a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505') {
    const constraint = (error as { constraint?: unknown }).constraint;
    return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export const now = sql<Date>`now()`;

/** Tables the generic row helpers serve: tenants and the entries that belong to one. */
export type RowTable = 'tenants' | TenantTable;
/** The entry tables whose rows the generic list/byIds/insert/update methods return as they are. */
export type PlainTable = Exclude<TenantTable, 'providers'>;
export type Row<T extends RowTable> = Selectable<Database[T]>;
/** What an insert sets: every column but the generated id and timestamps. */
export type NewRow<T extends RowTable> = Omit<Row<T>, 'id' | 'created_at' | 'updated_at'>;
/** What an update may change: every column but the keys and timestamps. */
export type RowPatch<T extends RowTable> = Partial<
  Omit<Row<T>, 'id' | 'tenant_id' | 'created_at' | 'updated_at'>
>;

/**
 * The columns the row helpers refer to by name. They query through this view because Kysely
 * cannot type a query whose table name is a type parameter; `name`, `tenant_id` and `active` exist
 * on every TenantTable, and only helpers typed over TenantTable use them.
 */
interface SharedColumns {
  id: Generated<number>;
  name: string;
  tenant_id: number;
  active: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export const shared = (executor: Executor) =>
  executor as unknown as Kysely<Record<RowTable, SharedColumns>>;

export async function insertRow<T extends RowTable>(
  executor: Executor,
  table: T,
  values: NewRow<T>,
): Promise<Row<T>> {
  const row = await shared(executor)
    .insertInto(table as RowTable)
    .values(values as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as unknown as Row<T>;
}

export async function updateRow<T extends RowTable>(
  executor: Executor,
  table: T,
  id: number,
  patch: RowPatch<T>,
): Promise<Row<T> | undefined> {
  const row = await shared(executor)
    .updateTable(table as RowTable)
    .set({ ...(patch as object), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as unknown as Row<T> | undefined;
}

/** Entries by name: a tenant's or those with some ids, only the active ones when activeOnly. */
export async function selectRows<T extends TenantTable>(
  executor: Executor,
  table: T,
  of: { tenantId: number } | { ids: readonly number[] },
  activeOnly: boolean,
): Promise<Row<T>[]> {
  if ('ids' in of && of.ids.length === 0) {
    return [];
  }
  let query = shared(executor)
    .selectFrom(table as TenantTable)
    .selectAll()
    .where((eb) => ('ids' in of ? eb('id', 'in', [...of.ids]) : eb('tenant_id', '=', of.tenantId)));
  if (activeOnly) {
    query = query.where('active', '=', true);
  }
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows as unknown as Row<T>[];
}
