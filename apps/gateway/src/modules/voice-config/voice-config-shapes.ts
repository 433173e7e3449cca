import type {
  Location,
  Tenant,
  VisitReason,
  VoiceAppointmentType,
  VoiceDepartment,
  VoiceProvider,
} from '@ehr-gateway/contracts';

import type {
  AppointmentTypeRow,
  DepartmentRow,
  LocationRow,
  ProviderRow,
  TenantRow,
  TenantTable,
  VisitReasonRow,
} from './voice-config-rows.js';

/** Rows as the API shows them. */

export const toTenant = (row: TenantRow): Tenant => ({
  id: row.id,
  name: row.name,
  status: row.status,
  ehrSource: row.ehr_source,
  practiceId: row.practice_id,
});

export const toLocation = (row: LocationRow): Location => ({
  id: row.id,
  name: row.name,
  address: row.address,
  tenant_id: row.tenant_id,
  active: row.active,
});

export const toDepartment = (row: DepartmentRow): VoiceDepartment => ({
  id: row.id,
  name: row.name,
  tenantId: row.tenant_id,
  code: row.code,
  active: row.active,
  locationId: row.location_id,
  ehrDepartmentId: row.ehr_department_id,
});

export const toProvider = (row: ProviderRow): VoiceProvider => ({
  id: row.id,
  name: row.name,
  specialty: row.specialty,
  is_not_accepting_new_patients: row.is_not_accepting_new_patients,
  tenantId: row.tenant_id,
  active: row.active,
  departmentIds: row.department_ids,
  ehrProviderId: row.ehr_provider_id,
});

export const toAppointmentType = (row: AppointmentTypeRow): VoiceAppointmentType => ({
  id: row.id,
  name: row.name,
  duration: row.duration,
  tenantId: row.tenant_id,
  active: row.active,
  ehrAppointmentTypeId: row.ehr_appointment_type_id,
});

export const toVisitReason = (row: VisitReasonRow): VisitReason => ({
  id: row.id,
  name: row.name,
  tenantId: row.tenant_id,
  appointmentTypeId: row.appointment_type_id,
  active: row.active,
});

/** A tenant's entries in words, for messages and error codes. */
export const ENTRY_LABELS: Record<TenantTable, string> = {
  locations: 'location',
  departments: 'department',
  providers: 'provider',
  appointment_types: 'appointment type',
  visit_reasons: 'visit reason',
};

/** The fields a PATCH body sets: undefined means "leave as is", null means "clear". */
export function defined<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Optional free text: a blank value is stored as null. */
export const textOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;
