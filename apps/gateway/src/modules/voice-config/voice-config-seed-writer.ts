import { sql, type Insertable } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { VoiceConfigSeed } from './voice-config-seed.js';
import { shared, type TenantTable } from './voice-config-rows.js';

/**
 * Writes the seed unless its tenant exists (by id, or by name for a seed without one), in one
 * transaction: the tenant row is inserted first with on-conflict-do-nothing, so of two instances
 * starting together one seeds and the other (waiting on the row lock) finds the tenant and writes
 * nothing. True when it seeded.
 */
export async function insertSeed(db: Db, seed: VoiceConfigSeed): Promise<boolean> {
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
    if (seed.tenant.id !== undefined) {
      // An explicit id leaves the identity sequence behind; move it past every id in use.
      await sql`select setval(
        pg_get_serial_sequence('tenants', 'id'),
        greatest(
          (select max(id) from tenants),
          coalesce(pg_sequence_last_value(pg_get_serial_sequence('tenants', 'id')::regclass), 1)
        )
      )`.execute(tx);
    }
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
      .values(seed.globalConfig.map(({ key, value }) => ({ key, value: JSON.stringify(value) })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return true;
  });
}
