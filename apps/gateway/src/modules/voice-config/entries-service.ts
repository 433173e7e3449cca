import type { z } from 'zod';

import {
  ehrIdProblem,
  type CreateLocationBody,
  type CreateVisitReasonBody,
  type CreateVoiceAppointmentTypeBody,
  type CreateVoiceDepartmentBody,
  type CreateVoiceProviderBody,
  type UpdateLocationBody,
  type UpdateVisitReasonBody,
  type UpdateVoiceAppointmentTypeBody,
  type UpdateVoiceDepartmentBody,
  type UpdateVoiceProviderBody,
} from '@ehr-gateway/contracts';

import { HttpError, notFound, validationError } from '../../lib/http-errors.js';
import type { TenantsService } from './tenants-service.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';
import { uniqueViolation, type TenantTable } from './voice-config-rows.js';
import {
  defined,
  ENTRY_LABELS,
  textOrNull,
  toAppointmentType,
  toDepartment,
  toLocation,
  toProvider,
  toVisitReason,
} from './voice-config-shapes.js';

/** Entries of one tenant that an entry names, e.g. a department's location. */
interface Reference {
  table: TenantTable;
  field: string;
  ids: readonly number[];
}

/**
 * One kind of tenant entry: how it is listed, written and shown, and which other entries its
 * input refers to. Every kind is then served by the same list/create/update rules.
 */
interface EntryKind<Row, Shown, Create extends { tenantId: number }, Update> {
  table: TenantTable;
  show: (row: Row) => Shown;
  list: (tenantId: number, includeInactive: boolean) => Promise<Row[]>;
  insert: (input: Create) => Promise<Row>;
  update: (id: number, input: Update) => Promise<Row | undefined>;
  references?: (input: Create | Update) => Reference[];
}

type Values = { name?: string | undefined; code?: string | null | undefined };

const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
const oneId = (table: TenantTable, field: string, id: number | null | undefined) =>
  id == null ? [] : [{ table, field, ids: [id] }];

/**
 * A tenant's locations, departments, providers, appointment types and visit reasons. Entries are
 * deactivated, never deleted; names (and department codes) are unique per tenant.
 */
export function createEntriesService({
  repository,
  tenants,
}: {
  repository: VoiceConfigRepository;
  tenants: Pick<TenantsService, 'requireTenant'>;
}) {
  const entryNotFound = (table: TenantTable, id: number) =>
    notFound(
      `No ${ENTRY_LABELS[table]} with id ${id}`,
      `${ENTRY_LABELS[table].toUpperCase().replace(' ', '_')}_NOT_FOUND`,
    );

  /** The tenant of an existing entry; 404 when there is no such entry. */
  async function tenantOfEntry(table: TenantTable, id: number): Promise<number> {
    const tenantId = await repository.tenantOf(table, id);
    if (tenantId === undefined) {
      throw entryNotFound(table, id);
    }
    return tenantId;
  }

  /** 400 naming the field unless every id named is an entry of this tenant. */
  async function requireOwned(tenantId: number, references: Reference[]): Promise<void> {
    for (const { table, field, ids } of references) {
      const owned = await repository.idsOwnedBy(table, tenantId, ids);
      const foreign = ids.filter((id) => !owned.has(id));
      if (foreign.length > 0) {
        const label = ENTRY_LABELS[table];
        throw validationError(
          field,
          foreign.length === 1
            ? `${label} ${foreign[0]} is not a ${label} of tenant ${tenantId}`
            : `${label}s ${foreign.join(', ')} are not ${label}s of tenant ${tenantId}`,
        );
      }
    }
  }

  /**
   * 400 naming the field when a reference to an EHR record (ehrDepartmentId…) is not an id the
   * tenant's EHR issues: numbers at athena and the Mock EHR, opaque FHIR ids at a FHIR EHR.
   */
  async function requireEhrReferences(tenantId: number, values: Values): Promise<void> {
    const { ehr_source: source } = await tenants.requireTenant(tenantId);
    for (const [field, value] of Object.entries(values)) {
      const problem =
        /^ehr[A-Z]\w*Id$/.test(field) && typeof value === 'string'
          ? ehrIdProblem(source, value)
          : null;
      if (problem) {
        throw validationError(field, `${problem} for a tenant on source=${source}`);
      }
    }
  }

  /** Runs a write, turning a duplicate name (or code) into a 409 that names the existing entry. */
  async function refuseDuplicates<T>(
    table: TenantTable,
    tenantId: number,
    values: Values,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) {
        throw error;
      }
      const column = constraint.endsWith('_code_idx') ? 'code' : 'name';
      const value = values[column] ?? '';
      const existing = value
        ? await repository.findByValue(table, tenantId, column, value)
        : undefined;
      const label = ENTRY_LABELS[table];
      const reactivate =
        existing && !existing.active
          ? ` (${label} ${existing.id}, inactive: reactivate it with PATCH {"active": true})`
          : existing
            ? ` (${label} ${existing.id})`
            : '';
      throw new HttpError(
        409,
        `Tenant ${tenantId} already has a ${label} with the ${column} "${value}"${reactivate}`,
        'DUPLICATE',
        [{ field: column, message: `is already used by another ${label} of this tenant` }],
        undefined,
        existing ? { existingId: existing.id } : undefined,
      );
    }
  }

  function served<Row, Shown, Create extends { tenantId: number } & Values, Update extends Values>(
    kind: EntryKind<Row, Shown, Create, Update>,
  ) {
    return {
      async list(tenantId: number, { includeInactive = false } = {}): Promise<Shown[]> {
        await tenants.requireTenant(tenantId);
        return (await kind.list(tenantId, includeInactive)).map(kind.show);
      },
      async create(input: Create): Promise<Shown> {
        await requireEhrReferences(input.tenantId, input);
        await requireOwned(input.tenantId, kind.references?.(input) ?? []);
        const row = await refuseDuplicates(kind.table, input.tenantId, input, () =>
          kind.insert(input),
        );
        return kind.show(row);
      },
      async update(id: number, input: Update): Promise<Shown> {
        const tenantId = await tenantOfEntry(kind.table, id);
        await requireEhrReferences(tenantId, input);
        await requireOwned(tenantId, kind.references?.(input) ?? []);
        const row = await refuseDuplicates(kind.table, tenantId, input, () =>
          kind.update(id, input),
        );
        if (!row) {
          throw entryNotFound(kind.table, id);
        }
        return kind.show(row);
      },
    };
  }

  return {
    locations: served({
      table: 'locations',
      show: toLocation,
      list: (tenantId, includeInactive) => repository.list('locations', tenantId, includeInactive),
      insert: (input: z.infer<typeof CreateLocationBody>) =>
        repository.insert('locations', {
          tenant_id: input.tenantId,
          name: input.name,
          address: textOrNull(input.address) ?? null,
          active: input.active,
        }),
      update: (id, input: z.infer<typeof UpdateLocationBody>) =>
        repository.update(
          'locations',
          id,
          defined({ name: input.name, address: textOrNull(input.address), active: input.active }),
        ),
    }),

    departments: served({
      table: 'departments',
      show: toDepartment,
      list: (tenantId, includeInactive) =>
        repository.list('departments', tenantId, includeInactive),
      insert: (input: z.infer<typeof CreateVoiceDepartmentBody>) =>
        repository.insert('departments', {
          tenant_id: input.tenantId,
          name: input.name,
          code: input.code ?? null,
          location_id: input.locationId ?? null,
          ehr_department_id: input.ehrDepartmentId ?? null,
          active: input.active,
        }),
      update: (id, input: z.infer<typeof UpdateVoiceDepartmentBody>) =>
        repository.update(
          'departments',
          id,
          defined({
            name: input.name,
            code: input.code,
            location_id: input.locationId,
            ehr_department_id: input.ehrDepartmentId,
            active: input.active,
          }),
        ),
      references: (input) => oneId('locations', 'locationId', input.locationId),
    }),

    providers: served({
      table: 'providers',
      show: toProvider,
      list: (tenantId, includeInactive) => repository.listProviders(tenantId, includeInactive),
      insert: (input: z.infer<typeof CreateVoiceProviderBody>) =>
        repository.insertProvider(
          {
            tenant_id: input.tenantId,
            name: input.name,
            specialty: input.specialty ?? null,
            is_not_accepting_new_patients: input.is_not_accepting_new_patients,
            ehr_provider_id: input.ehrProviderId ?? null,
            active: input.active,
          },
          sortedUnique(input.departmentIds),
        ),
      update: (id, input: z.infer<typeof UpdateVoiceProviderBody>) =>
        repository.updateProvider(
          id,
          defined({
            name: input.name,
            specialty: input.specialty,
            is_not_accepting_new_patients: input.is_not_accepting_new_patients,
            ehr_provider_id: input.ehrProviderId,
            active: input.active,
          }),
          input.departmentIds ? sortedUnique(input.departmentIds) : undefined,
        ),
      references: (input) =>
        input.departmentIds
          ? [
              {
                table: 'departments',
                field: 'departmentIds',
                ids: sortedUnique(input.departmentIds),
              },
            ]
          : [],
    }),

    appointmentTypes: served({
      table: 'appointment_types',
      show: toAppointmentType,
      list: (tenantId, includeInactive) =>
        repository.list('appointment_types', tenantId, includeInactive),
      insert: (input: z.infer<typeof CreateVoiceAppointmentTypeBody>) =>
        repository.insert('appointment_types', {
          tenant_id: input.tenantId,
          name: input.name,
          duration: input.duration,
          ehr_appointment_type_id: input.ehrAppointmentTypeId ?? null,
          active: input.active,
        }),
      update: (id, input: z.infer<typeof UpdateVoiceAppointmentTypeBody>) =>
        repository.update(
          'appointment_types',
          id,
          defined({
            name: input.name,
            duration: input.duration,
            ehr_appointment_type_id: input.ehrAppointmentTypeId,
            active: input.active,
          }),
        ),
    }),

    visitReasons: served({
      table: 'visit_reasons',
      show: toVisitReason,
      list: (tenantId, includeInactive) =>
        repository.list('visit_reasons', tenantId, includeInactive),
      insert: (input: z.infer<typeof CreateVisitReasonBody>) =>
        repository.insert('visit_reasons', {
          tenant_id: input.tenantId,
          name: input.name,
          appointment_type_id: input.appointmentTypeId ?? null,
          active: input.active,
        }),
      update: (id, input: z.infer<typeof UpdateVisitReasonBody>) =>
        repository.update(
          'visit_reasons',
          id,
          defined({
            name: input.name,
            appointment_type_id: input.appointmentTypeId,
            active: input.active,
          }),
        ),
      references: (input) =>
        oneId('appointment_types', 'appointmentTypeId', input.appointmentTypeId),
    }),

    /** Deactivates an entry of any kind. */
    async deactivate(table: TenantTable, id: number): Promise<void> {
      if (!(await repository.deactivate(table, id))) {
        throw entryNotFound(table, id);
      }
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
