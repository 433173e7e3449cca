import {
  sql,
  type ColumnType,
  type Generated,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
} from 'kysely';

import type { MatchType } from '@ehr-gateway/contracts';

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
import type { VoiceConfigSeed } from './voice-config-seed.js';
import { escapeLike } from '../../lib/sql-text.js';

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

export type SearchTable = 'locations' | 'departments' | 'providers';
interface SearchRows {
  locations: LocationRow;
  departments: DepartmentRow;
  providers: Selectable<ProvidersTable>;
}

/**
 * What the cross-entity query matches a term against, name first: a caller may find a location by
 * its town, a department by its code and providers by their specialty ("cardiology").
 */
const SEARCH_COLUMNS: Record<SearchTable, readonly string[]> = {
  locations: ['name', 'address'],
  departments: ['name', 'code'],
  providers: ['name', 'specialty'],
};

/**
 * Fuzzy matches score the mean of pg_trgm's similarity (the whole value) and word_similarity (the
 * best-matching stretch of it), so a typo of a whole name ranks above the same word inside a
 * longer name; below this score a value is not a match.
 */
export const FUZZY_THRESHOLD = 0.3;

export interface SearchOptions {
  matchType: MatchType;
  caseSensitive: boolean;
  limit: number;
}

export type Scored<T> = T & { match_score: number };

type Executor = Db | Transaction<Database>;

/** The unique index a duplicate hit, or null when the error is not a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505') {
    const constraint = (error as { constraint?: unknown }).constraint;
    return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

const now = sql<Date>`now()`;

/** Tables the generic row helpers serve: tenants and the entries that belong to one. */
type RowTable = 'tenants' | TenantTable;
/** The entry tables whose rows the generic list/byIds/insert/update methods return as they are. */
type PlainTable = Exclude<TenantTable, 'providers'>;
type Row<T extends RowTable> = Selectable<Database[T]>;
/** What an insert sets: every column but the generated id and timestamps. */
type NewRow<T extends RowTable> = Omit<Row<T>, 'id' | 'created_at' | 'updated_at'>;
/** What an update may change: every column but the keys and timestamps. */
type RowPatch<T extends RowTable> = Partial<
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
const shared = (executor: Executor) =>
  executor as unknown as Kysely<Record<RowTable, SharedColumns>>;

async function insertRow<T extends RowTable>(
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

async function updateRow<T extends RowTable>(
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
async function selectRows<T extends TenantTable>(
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

export function createVoiceConfigRepository(db: Db) {
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

    /**
     * Active entries of a tenant matching a term, best first. Scores: 1 for an exact match; for
     * partial and starts_with the share of the value the term covers (so "Cardiology" scores 1
     * for "cardiology" and 0.5 for "cardio"); for fuzzy the trigram score (see FUZZY_THRESHOLD).
     * Each entry scores its best-matching column (SEARCH_COLUMNS).
     */
    async search<T extends SearchTable>(
      table: T,
      tenantId: number,
      term: string,
      { matchType, caseSensitive, limit }: SearchOptions,
    ): Promise<Scored<SearchRows[T]>[]> {
      // Fuzzy matching is always case-insensitive: pg_trgm compares lower-cased trigrams.
      const folded = matchType === 'fuzzy' || !caseSensitive;
      const fold = (expression: RawBuilder<unknown>) =>
        folded ? sql`lower(${expression})` : expression;
      const q = fold(sql`${term}::text`);
      const escaped = sql`${escapeLike(term)}::text`;
      const pattern =
        matchType === 'starts_with'
          ? sql`${fold(escaped)} || '%'`
          : sql`'%' || ${fold(escaped)} || '%'`;
      const coverage = (value: RawBuilder<unknown>) =>
        sql`length(${q})::float8 / greatest(length(${value}), 1)`;

      const scores = SEARCH_COLUMNS[table].map((column) => {
        const value = fold(sql.ref(`t.${column}`));
        switch (matchType) {
          case 'exact':
            return sql`case when ${value} = ${q} then 1.0::float8 else 0.0::float8 end`;
          case 'fuzzy':
            return sql`coalesce((similarity(${value}, ${q}) + word_similarity(${q}, ${value}))::float8 / 2, 0.0)`;
          default:
            return sql`case when ${value} like ${pattern} escape '\\' then ${coverage(value)} else 0.0::float8 end`;
        }
      });
      const enough =
        matchType === 'fuzzy' ? sql`match_score >= ${FUZZY_THRESHOLD}` : sql`match_score > 0`;
      const result = await sql<Scored<SearchRows[T]>>`
        select * from (
          select t.*, greatest(${sql.join(scores)}) as match_score
          from ${sql.table(table)} t
          where t.tenant_id = ${tenantId} and t.active
        ) matched
        where ${enough}
        order by match_score desc, lower(name), id
        limit ${limit}`.execute(db);
      return result.rows;
    },

    async providerDepartmentIds(providerIds: number[]): Promise<Map<number, number[]>> {
      return departmentIdsOf(db, providerIds);
    },

    // Seed

    /**
     * Writes the seed unless its tenant exists, in one transaction: the tenant row is inserted
     * first with on-conflict-do-nothing, so of two instances starting together one seeds and the
     * other (waiting on the row lock) finds the tenant and writes nothing. True when it seeded.
     */
    async insertSeed(seed: VoiceConfigSeed): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const tenant = await tx
          .insertInto('tenants')
          .values({
            id: seed.tenant.id,
            name: seed.tenant.name,
            status: 'active',
            ehr_source: seed.tenant.ehrSource,
            practice_id: seed.tenant.practiceId,
          })
          // No conflict target: the id and the name index are both arbiters, so an instance
          // racing another's uncommitted seed waits for it and then skips, whichever index
          // PostgreSQL checks first.
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!tenant) {
          return false;
        }
        // An explicit id leaves the identity sequence behind; move it past every id in use.
        await sql`select setval(
          pg_get_serial_sequence('tenants', 'id'),
          greatest(
            (select max(id) from tenants),
            coalesce(pg_sequence_last_value(pg_get_serial_sequence('tenants', 'id')::regclass), 1)
          )
        )`.execute(tx);
        const tenantId = tenant.id;

        /** Inserts this tenant's entries of one table, named as in the seed; their ids by name. */
        const insertNamed = async <T extends TenantTable, E extends { name: string }>(
          table: T,
          entries: readonly E[],
          columns: (entry: E) => Omit<Insertable<Database[T]>, 'tenant_id' | 'name'>,
        ): Promise<Map<string, number>> => {
          const inserted = await shared(tx)
            .insertInto(table as TenantTable)
            .values(
              entries.map((entry) => ({
                tenant_id: tenantId,
                name: entry.name,
                ...columns(entry),
              })) as never,
            )
            .returning(['id', 'name'])
            .execute();
          return new Map(inserted.map((row) => [row.name, row.id]));
        };

        const locations = await insertNamed('locations', seed.locations, (location) => ({
          address: location.address,
        }));
        const departments = await insertNamed('departments', seed.departments, (department) => ({
          code: department.code,
          location_id: locations.get(department.locationName) ?? null,
          ehr_department_id: department.ehrDepartmentId,
        }));
        const providers = await insertNamed('providers', seed.providers, (provider) => ({
          specialty: provider.specialty,
          is_not_accepting_new_patients: provider.isNotAcceptingNewPatients,
          ehr_provider_id: provider.ehrProviderId,
        }));
        const links = seed.providers.flatMap((provider) =>
          provider.departmentNames.flatMap((departmentName) => {
            const departmentId = departments.get(departmentName);
            return departmentId === undefined
              ? []
              : [{ provider_id: providers.get(provider.name)!, department_id: departmentId }];
          }),
        );
        if (links.length > 0) {
          await tx.insertInto('provider_departments').values(links).execute();
        }
        const types = await insertNamed('appointment_types', seed.appointmentTypes, (type) => ({
          duration: type.duration,
          ehr_appointment_type_id: type.ehrAppointmentTypeId,
        }));
        await insertNamed('visit_reasons', seed.visitReasons, (reason) => ({
          appointment_type_id: types.get(reason.appointmentTypeName) ?? null,
        }));
        await tx
          .insertInto('global_config')
          .values(
            seed.globalConfig.map(({ key, value }) => ({ key, value: JSON.stringify(value) })),
          )
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        return true;
      });
    },
  };
}

export type VoiceConfigRepository = ReturnType<typeof createVoiceConfigRepository>;
