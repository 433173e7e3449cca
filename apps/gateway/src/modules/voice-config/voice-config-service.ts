import type { z } from 'zod';

import {
  QUERY_ENTITY_TYPES,
  type CreateLocationBody,
  type CreateTenantBody,
  type CreateVisitReasonBody,
  type CreateVoiceAppointmentTypeBody,
  type CreateVoiceDepartmentBody,
  type CreateVoiceProviderBody,
  type Department,
  type EhrAppointmentTypeMappingList,
  type EhrDepartmentMappingList,
  type EhrProviderMappingList,
  type EhrSource,
  type GlobalConfigEntry,
  type Location,
  type Provider,
  type SetGlobalConfigBody,
  type Tenant,
  type UpdateLocationBody,
  type UpdateTenantBody,
  type UpdateVisitReasonBody,
  type UpdateVoiceAppointmentTypeBody,
  type UpdateVoiceDepartmentBody,
  type UpdateVoiceProviderBody,
  type VisitReason,
  type VoiceAppointmentType,
  type VoiceConfigQueryBody,
  type VoiceConfigQueryResult,
  type VoiceDepartment,
  type VoiceProvider,
} from '@ehr-gateway/contracts';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import { HttpError, notFound, validationError } from '../../lib/http-errors.js';
import type { EhrCallContext, EhrClient } from '../ehr/ehr-client.js';
import type { EhrService } from '../ehr/ehr-service.js';
import {
  uniqueViolation,
  type AppointmentTypeRow,
  type DepartmentRow,
  type LocationRow,
  type ProviderRow,
  type TenantRow,
  type TenantTable,
  type VisitReasonRow,
  type VoiceConfigRepository,
} from './voice-config-repository.js';
import { demoSeed, type VoiceConfigSeed } from './voice-config-seed.js';

/** A global config value may take at most this many bytes as JSON. */
export const MAX_GLOBAL_CONFIG_BYTES = 64 * 1024;
const EHR_PROVIDER_PAGE = 500;

interface Deps {
  repository: VoiceConfigRepository;
  ehr: Pick<EhrService, 'client'>;
  /**
   * The practice a tenant's EHR data comes from: the tenant's own practice id when it has one,
   * else the gateway's for that EHR (the gateway config's practiceId for mock, the Athena one).
   */
  practiceIdFor: (source: EhrSource, tenantPracticeId: string | null) => string;
  /** What ensureSeeded writes on a fresh database; tenant 1 on the Mock EHR's practice. */
  seed?: () => VoiceConfigSeed;
}

type Input<T extends z.ZodType> = z.infer<T>;
type ListOptions = { includeInactive?: boolean };
type EntryRef = { id: number; name: string };

const ENTRY_LABELS: Record<TenantTable, string> = {
  locations: 'location',
  departments: 'department',
  providers: 'provider',
  appointment_types: 'appointment type',
  visit_reasons: 'visit reason',
};

const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  name: row.name,
  status: row.status,
  ehrSource: row.ehr_source,
  practiceId: row.practice_id,
});

const toLocation = (row: LocationRow): Location => ({
  id: row.id,
  name: row.name,
  address: row.address,
  tenant_id: row.tenant_id,
  active: row.active,
});

const toDepartment = (row: DepartmentRow): VoiceDepartment => ({
  id: row.id,
  name: row.name,
  tenantId: row.tenant_id,
  code: row.code,
  active: row.active,
  locationId: row.location_id,
  ehrDepartmentId: row.ehr_department_id,
});

const toProvider = (row: ProviderRow): VoiceProvider => ({
  id: row.id,
  name: row.name,
  specialty: row.specialty,
  is_not_accepting_new_patients: row.is_not_accepting_new_patients,
  tenantId: row.tenant_id,
  active: row.active,
  departmentIds: row.department_ids,
  ehrProviderId: row.ehr_provider_id,
});

const toAppointmentType = (row: AppointmentTypeRow): VoiceAppointmentType => ({
  id: row.id,
  name: row.name,
  duration: row.duration,
  tenantId: row.tenant_id,
  active: row.active,
  ehrAppointmentTypeId: row.ehr_appointment_type_id,
});

const toVisitReason = (row: VisitReasonRow): VisitReason => ({
  id: row.id,
  name: row.name,
  tenantId: row.tenant_id,
  appointmentTypeId: row.appointment_type_id,
  active: row.active,
});

/** The fields a PATCH body sets: undefined means "leave as is", null means "clear". */
function defined<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Optional free text: a blank value is stored as null. */
const textOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

const roundScore = (score: number) => Math.min(1, Math.max(0, Math.round(score * 10_000) / 10_000));

/** EHR entries next to the voice-config entry mapped to each (active ones first, then oldest). */
function pairWith<T extends { id: string }>(
  ehrEntries: T[],
  mapped: Array<{ id: number; name: string; active: boolean; ehrId: string | null }>,
): Array<{ ehr: T; voiceConfig: EntryRef | null }> {
  const byEhrId = new Map<string, EntryRef>();
  const ordered = [...mapped].sort((a, b) => Number(b.active) - Number(a.active) || a.id - b.id);
  for (const entry of ordered) {
    if (entry.ehrId !== null && !byEhrId.has(entry.ehrId)) {
      byEhrId.set(entry.ehrId, { id: entry.id, name: entry.name });
    }
  }
  return ehrEntries.map((ehr) => ({ ehr, voiceConfig: byEhrId.get(ehr.id) ?? null }));
}

/**
 * The voice-agent configuration service: tenants and what a voice agent may talk about for each
 * (locations, departments, providers, appointment types, visit reasons), the tenant's EHR data
 * with its mapping, global settings, and the cross-entity query voice agents search with.
 * Entries are never deleted through it, only deactivated.
 */
export function createVoiceConfigService({
  repository,
  ehr,
  practiceIdFor,
  seed = () => demoSeed(createPractice()),
}: Deps) {
  async function requireTenant(id: number): Promise<TenantRow> {
    const tenant = await repository.getTenant(id);
    if (!tenant) {
      throw notFound(`No tenant with id ${id}`, 'TENANT_NOT_FOUND');
    }
    return tenant;
  }

  const entryNotFound = (table: TenantTable, id: number) =>
    notFound(
      `No ${ENTRY_LABELS[table]} with id ${id}`,
      `${ENTRY_LABELS[table].toUpperCase().replace(' ', '_')}_NOT_FOUND`,
    );

  /** The tenant of an existing entry; 404 when there is no such entry. */
  async function requireEntry(table: TenantTable, id: number): Promise<number> {
    const tenantId = await repository.tenantOf(table, id);
    if (tenantId === undefined) {
      throw entryNotFound(table, id);
    }
    return tenantId;
  }

  /** 400 naming the field unless every id is an entry of this tenant. */
  async function requireOwned(
    table: TenantTable,
    tenantId: number,
    field: string,
    ids: readonly number[],
  ): Promise<void> {
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

  /** Runs a write, turning a duplicate name (or code) into a 409 that names the existing entry. */
  async function refuseDuplicates<T>(
    table: TenantTable,
    tenantId: number,
    values: { name?: string | undefined; code?: string | null | undefined },
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

  async function refuseDuplicateTenant<T>(name: string | undefined, write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) === null) {
        throw error;
      }
      throw new HttpError(409, `A tenant named "${name ?? ''}" already exists`, 'DUPLICATE', [
        { field: 'name', message: 'is already used by another tenant' },
      ]);
    }
  }

  async function tenantEhr(tenantId: number): Promise<{
    tenant: TenantRow;
    client: EhrClient;
    practiceId: string;
  }> {
    const tenant = await requireTenant(tenantId);
    return {
      tenant,
      client: ehr.client(tenant.ehr_source),
      practiceId: practiceIdFor(tenant.ehr_source, tenant.practice_id),
    };
  }

  async function allEhrProviders(
    client: EhrClient,
    practiceId: string,
    ctx: EhrCallContext,
  ): Promise<Provider[]> {
    const providers: Provider[] = [];
    for (let offset = 0; ; offset += EHR_PROVIDER_PAGE) {
      const page = await client.listProviders(
        practiceId,
        { limit: EHR_PROVIDER_PAGE, offset },
        ctx,
      );
      providers.push(...page.providers);
      if (page.providers.length < EHR_PROVIDER_PAGE || providers.length >= page.totalCount) {
        return providers;
      }
    }
  }

  const service = {
    /** Seeds tenant 1 on a fresh database; true when this call did it. Safe to call concurrently. */
    async ensureSeeded(): Promise<boolean> {
      return repository.insertSeed(seed());
    },

    // Tenants

    async listTenants({ includeInactive = false }: ListOptions = {}): Promise<Tenant[]> {
      return (await repository.listTenants(includeInactive)).map(toTenant);
    },

    /** The tenant, active or not; 404 when there is none. */
    async getTenant(id: number): Promise<Tenant> {
      return toTenant(await requireTenant(id));
    },

    async createTenant(input: Input<typeof CreateTenantBody>): Promise<Tenant> {
      const row = await refuseDuplicateTenant(input.name, () =>
        repository.insertTenant({
          name: input.name,
          status: input.status,
          ehr_source: input.ehrSource,
          practice_id: input.practiceId ?? null,
        }),
      );
      return toTenant(row);
    },

    async updateTenant(id: number, input: Input<typeof UpdateTenantBody>): Promise<Tenant> {
      const row = await refuseDuplicateTenant(input.name, () =>
        repository.updateTenant(
          id,
          defined({
            name: input.name,
            status: input.status,
            ehr_source: input.ehrSource,
            practice_id: input.practiceId,
          }),
        ),
      );
      if (!row) {
        throw notFound(`No tenant with id ${id}`, 'TENANT_NOT_FOUND');
      }
      return toTenant(row);
    },

    /** Tenants are deactivated (status inactive), never deleted. */
    async deactivateTenant(id: number): Promise<void> {
      if (!(await repository.updateTenant(id, { status: 'inactive' }))) {
        throw notFound(`No tenant with id ${id}`, 'TENANT_NOT_FOUND');
      }
    },

    // Locations

    async listLocations(tenantId: number, { includeInactive = false }: ListOptions = {}) {
      await requireTenant(tenantId);
      return (await repository.list('locations', tenantId, includeInactive)).map(toLocation);
    },

    async createLocation(input: Input<typeof CreateLocationBody>): Promise<Location> {
      await requireTenant(input.tenantId);
      const row = await refuseDuplicates('locations', input.tenantId, input, () =>
        repository.insert('locations', {
          tenant_id: input.tenantId,
          name: input.name,
          address: textOrNull(input.address) ?? null,
          active: input.active,
        }),
      );
      return toLocation(row);
    },

    async updateLocation(id: number, input: Input<typeof UpdateLocationBody>): Promise<Location> {
      const tenantId = await requireEntry('locations', id);
      const row = await refuseDuplicates('locations', tenantId, input, () =>
        repository.update(
          'locations',
          id,
          defined({ name: input.name, address: textOrNull(input.address), active: input.active }),
        ),
      );
      if (!row) {
        throw entryNotFound('locations', id);
      }
      return toLocation(row);
    },

    // Departments

    async listDepartments(
      tenantId: number,
      { includeInactive = false }: ListOptions = {},
    ): Promise<VoiceDepartment[]> {
      await requireTenant(tenantId);
      return (await repository.list('departments', tenantId, includeInactive)).map(toDepartment);
    },

    async createDepartment(
      input: Input<typeof CreateVoiceDepartmentBody>,
    ): Promise<VoiceDepartment> {
      await requireTenant(input.tenantId);
      if (input.locationId != null) {
        await requireOwned('locations', input.tenantId, 'locationId', [input.locationId]);
      }
      const row = await refuseDuplicates('departments', input.tenantId, input, () =>
        repository.insert('departments', {
          tenant_id: input.tenantId,
          name: input.name,
          code: input.code ?? null,
          location_id: input.locationId ?? null,
          ehr_department_id: input.ehrDepartmentId ?? null,
          active: input.active,
        }),
      );
      return toDepartment(row);
    },

    async updateDepartment(
      id: number,
      input: Input<typeof UpdateVoiceDepartmentBody>,
    ): Promise<VoiceDepartment> {
      const tenantId = await requireEntry('departments', id);
      if (input.locationId != null) {
        await requireOwned('locations', tenantId, 'locationId', [input.locationId]);
      }
      const row = await refuseDuplicates('departments', tenantId, input, () =>
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
      );
      if (!row) {
        throw entryNotFound('departments', id);
      }
      return toDepartment(row);
    },

    // Providers

    async listProviders(
      tenantId: number,
      { includeInactive = false }: ListOptions = {},
    ): Promise<VoiceProvider[]> {
      await requireTenant(tenantId);
      return (await repository.listProviders(tenantId, includeInactive)).map(toProvider);
    },

    async createProvider(input: Input<typeof CreateVoiceProviderBody>): Promise<VoiceProvider> {
      await requireTenant(input.tenantId);
      const departmentIds = [...new Set(input.departmentIds)].sort((a, b) => a - b);
      await requireOwned('departments', input.tenantId, 'departmentIds', departmentIds);
      const row = await refuseDuplicates('providers', input.tenantId, input, () =>
        repository.insertProvider(
          {
            tenant_id: input.tenantId,
            name: input.name,
            specialty: input.specialty ?? null,
            is_not_accepting_new_patients: input.is_not_accepting_new_patients,
            ehr_provider_id: input.ehrProviderId ?? null,
            active: input.active,
          },
          departmentIds,
        ),
      );
      return toProvider(row);
    },

    async updateProvider(
      id: number,
      input: Input<typeof UpdateVoiceProviderBody>,
    ): Promise<VoiceProvider> {
      const tenantId = await requireEntry('providers', id);
      const departmentIds = input.departmentIds
        ? [...new Set(input.departmentIds)].sort((a, b) => a - b)
        : undefined;
      if (departmentIds) {
        await requireOwned('departments', tenantId, 'departmentIds', departmentIds);
      }
      const row = await refuseDuplicates('providers', tenantId, input, () =>
        repository.updateProvider(
          id,
          defined({
            name: input.name,
            specialty: input.specialty,
            is_not_accepting_new_patients: input.is_not_accepting_new_patients,
            ehr_provider_id: input.ehrProviderId,
            active: input.active,
          }),
          departmentIds,
        ),
      );
      if (!row) {
        throw entryNotFound('providers', id);
      }
      return toProvider(row);
    },

    // Appointment types

    async listAppointmentTypes(
      tenantId: number,
      { includeInactive = false }: ListOptions = {},
    ): Promise<VoiceAppointmentType[]> {
      await requireTenant(tenantId);
      return (await repository.list('appointment_types', tenantId, includeInactive)).map(
        toAppointmentType,
      );
    },

    async createAppointmentType(
      input: Input<typeof CreateVoiceAppointmentTypeBody>,
    ): Promise<VoiceAppointmentType> {
      await requireTenant(input.tenantId);
      const row = await refuseDuplicates('appointment_types', input.tenantId, input, () =>
        repository.insert('appointment_types', {
          tenant_id: input.tenantId,
          name: input.name,
          duration: input.duration,
          ehr_appointment_type_id: input.ehrAppointmentTypeId ?? null,
          active: input.active,
        }),
      );
      return toAppointmentType(row);
    },

    async updateAppointmentType(
      id: number,
      input: Input<typeof UpdateVoiceAppointmentTypeBody>,
    ): Promise<VoiceAppointmentType> {
      const tenantId = await requireEntry('appointment_types', id);
      const row = await refuseDuplicates('appointment_types', tenantId, input, () =>
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
      );
      if (!row) {
        throw entryNotFound('appointment_types', id);
      }
      return toAppointmentType(row);
    },

    // Visit reasons

    async listVisitReasons(
      tenantId: number,
      { includeInactive = false }: ListOptions = {},
    ): Promise<VisitReason[]> {
      await requireTenant(tenantId);
      return (await repository.list('visit_reasons', tenantId, includeInactive)).map(toVisitReason);
    },

    async createVisitReason(input: Input<typeof CreateVisitReasonBody>): Promise<VisitReason> {
      await requireTenant(input.tenantId);
      if (input.appointmentTypeId != null) {
        await requireOwned('appointment_types', input.tenantId, 'appointmentTypeId', [
          input.appointmentTypeId,
        ]);
      }
      const row = await refuseDuplicates('visit_reasons', input.tenantId, input, () =>
        repository.insert('visit_reasons', {
          tenant_id: input.tenantId,
          name: input.name,
          appointment_type_id: input.appointmentTypeId ?? null,
          active: input.active,
        }),
      );
      return toVisitReason(row);
    },

    async updateVisitReason(
      id: number,
      input: Input<typeof UpdateVisitReasonBody>,
    ): Promise<VisitReason> {
      const tenantId = await requireEntry('visit_reasons', id);
      if (input.appointmentTypeId != null) {
        await requireOwned('appointment_types', tenantId, 'appointmentTypeId', [
          input.appointmentTypeId,
        ]);
      }
      const row = await refuseDuplicates('visit_reasons', tenantId, input, () =>
        repository.update(
          'visit_reasons',
          id,
          defined({
            name: input.name,
            appointment_type_id: input.appointmentTypeId,
            active: input.active,
          }),
        ),
      );
      if (!row) {
        throw entryNotFound('visit_reasons', id);
      }
      return toVisitReason(row);
    },

    /** Deactivates a location, department, provider, appointment type or visit reason. */
    async deactivate(table: TenantTable, id: number): Promise<void> {
      if (!(await repository.deactivate(table, id))) {
        throw entryNotFound(table, id);
      }
    },

    // The tenant's EHR data and its mapping

    async ehrDepartments(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrDepartmentMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [{ departments }, mapped] = await Promise.all([
        client.listDepartments(practiceId, ctx),
        repository.list('departments', tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        departments: pairWith<Department>(
          departments,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_department_id })),
        ),
      };
    },

    async ehrProviders(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrProviderMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [providers, mapped] = await Promise.all([
        allEhrProviders(client, practiceId, ctx),
        repository.listProviders(tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        providers: pairWith(
          providers,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_provider_id })),
        ),
      };
    },

    async ehrAppointmentTypes(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrAppointmentTypeMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [types, mapped] = await Promise.all([
        client.listAppointmentTypes(practiceId, {}, ctx),
        repository.list('appointment_types', tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        appointmentTypes: pairWith(
          types,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_appointment_type_id })),
        ),
      };
    },

    // Global config

    async getGlobalConfig(key: string): Promise<GlobalConfigEntry> {
      const row = await repository.getGlobalConfig(key);
      if (!row) {
        throw notFound(`No global config entry with the key "${key}"`, 'CONFIG_KEY_NOT_FOUND');
      }
      return { key: row.key, value: row.value, updatedAt: row.updated_at.toISOString() };
    },

    /** Creates or replaces an entry. */
    async setGlobalConfig(input: Input<typeof SetGlobalConfigBody>): Promise<GlobalConfigEntry> {
      const json = JSON.stringify(input.value);
      if (Buffer.byteLength(json, 'utf8') > MAX_GLOBAL_CONFIG_BYTES) {
        throw validationError(
          'value',
          `must be at most ${MAX_GLOBAL_CONFIG_BYTES / 1024} KiB as JSON`,
        );
      }
      const row = await repository.setGlobalConfig(input.key, json);
      return { key: row.key, value: row.value, updatedAt: row.updated_at.toISOString() };
    },

    // Cross-entity query

    /**
     * Searches a tenant's active locations, departments and providers for the terms given,
     * best match first per entity type. With include_relations a department carries its
     * (active) location and a provider its (active) departments.
     */
    async query(body: VoiceConfigQueryBody): Promise<VoiceConfigQueryResult> {
      const started = performance.now();
      await requireTenant(body.tenant_id);
      const { include_relations, limit_per_entity, case_sensitive, match_type } = body.options;
      const options = {
        matchType: match_type,
        caseSensitive: case_sensitive,
        limit: limit_per_entity,
      };
      const search = <T extends (typeof QUERY_ENTITY_TYPES)[number]>(table: T) => {
        const term = body.query[table];
        return term === undefined
          ? Promise.resolve([])
          : repository.search(table, body.tenant_id, term, options);
      };
      const [locationRows, departmentRows, providerRows] = await Promise.all([
        search('locations'),
        search('departments'),
        search('providers'),
      ]);

      const locations = locationRows.map((row) => ({
        ...toLocation(row),
        match_score: roundScore(row.match_score),
      }));

      const locationsById = include_relations
        ? new Map(
            (
              await repository.byIds(
                'locations',
                [...new Set(departmentRows.flatMap((row) => row.location_id ?? []))],
                true,
              )
            ).map((row) => [row.id, toLocation(row)]),
          )
        : null;
      const departments = departmentRows.map((row) => ({
        ...toDepartment(row),
        match_score: roundScore(row.match_score),
        ...(locationsById
          ? { location: (row.location_id && locationsById.get(row.location_id)) || null }
          : {}),
      }));

      const links = await repository.providerDepartmentIds(providerRows.map((row) => row.id));
      const departmentsById = include_relations
        ? new Map(
            (
              await repository.byIds('departments', [...new Set([...links.values()].flat())], true)
            ).map((row) => [row.id, toDepartment(row)]),
          )
        : null;
      const providers = providerRows.map((row) => {
        const departmentIds = links.get(row.id) ?? [];
        return {
          ...toProvider({ ...row, department_ids: departmentIds }),
          match_score: roundScore(row.match_score),
          ...(departmentsById
            ? {
                departments: departmentIds.flatMap((id) => departmentsById.get(id) ?? []),
              }
            : {}),
        };
      });

      return {
        tenant_id: body.tenant_id,
        results: { locations, departments, providers },
        summary: {
          total_matches: locations.length + departments.length + providers.length,
          execution_time_ms: Math.round((performance.now() - started) * 100) / 100,
          entities_queried: QUERY_ENTITY_TYPES.filter((type) => body.query[type] !== undefined),
        },
      };
    },
  };
  return service;
}

export type VoiceConfigService = ReturnType<typeof createVoiceConfigService>;
