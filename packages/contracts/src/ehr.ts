import { z } from 'zod';

import { isRealIsoDate } from '@ehr-gateway/calendar';

import { EHR_SOURCES, FHIR_VENDORS } from './ehr-names.js';

/** The EHR systems behind the gateway; `source` picks one on every EHR route. */
export const EhrSource = z.enum(EHR_SOURCES);
export type EhrSource = z.infer<typeof EhrSource>;

/** A FHIR vendor profile (FHIR_VENDORS) as the configuration names it. */
export const FhirVendor = z.enum(FHIR_VENDORS);
export type FhirVendor = z.infer<typeof FhirVendor>;

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export const CalendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealIsoDate, { message: 'is not a real calendar date' });

/** athena and the Mock EHR number their records. */
const NUMERIC_EHR_ID = /^\d{1,20}$/;
/** FHIR's id grammar: opaque (UUIDs at Medplum, long tokens at Epic). */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * Identifiers as EHRs issue them, kept as strings: a FHIR id, which numbers are too. Whether the
 * EHR asked for issues such an id is `ehrIdProblem`'s question, since the source is often known
 * only beside the id (a path parameter beside a query's `source`, a reference beside its tenant).
 */
export const EhrId = z
  .string()
  .trim()
  .regex(FHIR_ID, 'must be a numeric id, or a FHIR id for source=fhir');

/** Why `id` cannot name a record of that EHR, or null when it can. */
export function ehrIdProblem(source: EhrSource, id: string): string | null {
  if (source === 'fhir') {
    return FHIR_ID.test(id) ? null : 'must be a FHIR id (letters, digits, - and ., at most 64)';
  }
  return NUMERIC_EHR_ID.test(id) ? null : 'must be a numeric id';
}

/** An optional reference from voice configuration to an EHR record (checked per tenant's EHR). */
export const EhrReference = EhrId.nullish();

export const PracticeParams = z.strictObject({
  practiceId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be 1 to 20 digits'),
});

const NameFilter = z.string().trim().min(1).max(50);
const Limit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
const Offset = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 500;
/** The longest date range one appointment query may cover. */
export const MAX_RANGE_DAYS = 92;

export const SourceQuery = z.strictObject({ source: EhrSource.default('athena') });

export const PatientListQuery = z.strictObject({
  source: EhrSource.default('athena'),
  limit: Limit(PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
  offset: Offset,
  firstName: NameFilter.optional(),
  lastName: NameFilter.optional(),
});
export type PatientListQuery = z.infer<typeof PatientListQuery>;

export const ProviderListQuery = z.strictObject({
  source: EhrSource.default('athena'),
  limit: Limit(PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
  offset: Offset,
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

export const AppointmentListQuery = z.strictObject({
  source: EhrSource.default('athena'),
  startDate: CalendarDate,
  endDate: CalendarDate.optional(),
  providerId: EhrId.optional(),
  departmentId: EhrId.optional(),
});
export type AppointmentListQuery = z.infer<typeof AppointmentListQuery>;

export const PatientWithAppointmentsQuery = z.strictObject({
  source: EhrSource.default('athena'),
  patientId: EhrId,
  startDate: CalendarDate,
  endDate: CalendarDate.optional(),
});
export type PatientWithAppointmentsQuery = z.infer<typeof PatientWithAppointmentsQuery>;

export const PatientParams = PracticeParams.extend({ patientId: EhrId });
export const AppointmentParams = PracticeParams.extend({ appointmentId: EhrId });

export const Address = z.object({
  line1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

export const Patient = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD */
  dob: z.string().nullable(),
  gender: z.string().nullable(),
});
export type Patient = z.infer<typeof Patient>;

export const PatientDetail = Patient.extend({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: Address,
  departmentId: z.string().nullable(),
  primaryProviderId: z.string().nullable(),
});
export type PatientDetail = z.infer<typeof PatientDetail>;

export const APPOINTMENT_STATUSES = [
  'Open',
  'Scheduled',
  'Cancelled',
  'Checked In',
  'Checked Out',
  'Charge Entered',
] as const;
export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

export const Appointment = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  providerId: z.string(),
  /** ISO 8601 with the department's UTC offset. */
  startTime: z.string(),
  endTime: z.string(),
  appointmentType: z.string(),
  status: AppointmentStatus,
});
export type Appointment = z.infer<typeof Appointment>;

export const AppointmentDetail = Appointment.extend({
  appointmentTypeId: z.string().nullable(),
  duration: z.number().int(),
  department: z.object({ id: z.string(), name: z.string().nullable() }),
  notes: z.string().nullable(),
});
export type AppointmentDetail = z.infer<typeof AppointmentDetail>;

export const Provider = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  specialty: z.string().nullable(),
  npi: z.string().nullable(),
  providerType: z.string().nullable(),
  homeDepartmentId: z.string().nullable(),
});
export type Provider = z.infer<typeof Provider>;

export const Department = z.object({
  id: z.string(),
  name: z.string(),
  address: Address,
  phone: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type Department = z.infer<typeof Department>;

export const ReferringProvider = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  specialty: z.string().nullable(),
  npi: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  address: Address,
});
export type ReferringProvider = z.infer<typeof ReferringProvider>;

export const AppointmentType = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  duration: z.number().int().nullable(),
  patientBookable: z.boolean(),
});
export type AppointmentType = z.infer<typeof AppointmentType>;

export const OpenSlot = z.object({
  id: z.string(),
  departmentId: z.string(),
  providerId: z.string(),
  appointmentTypeId: z.string().nullable(),
  appointmentType: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
});
export type OpenSlot = z.infer<typeof OpenSlot>;

export const PatientList = z.object({ totalCount: z.number().int(), patients: z.array(Patient) });
export type PatientList = z.infer<typeof PatientList>;
export const AppointmentList = z.object({
  totalCount: z.number().int(),
  appointments: z.array(Appointment),
});
export type AppointmentList = z.infer<typeof AppointmentList>;
export const ProviderList = z.object({
  totalCount: z.number().int(),
  providers: z.array(Provider),
});
export type ProviderList = z.infer<typeof ProviderList>;
export const DepartmentList = z.object({
  totalCount: z.number().int(),
  departments: z.array(Department),
});
export type DepartmentList = z.infer<typeof DepartmentList>;
export const ReferringProviderList = z.object({
  totalCount: z.number().int(),
  referringProviders: z.array(ReferringProvider),
});
export type ReferringProviderList = z.infer<typeof ReferringProviderList>;

export const PatientWithAppointments = z.object({
  patient: PatientDetail,
  totalCount: z.number().int(),
  appointments: z.array(Appointment),
});
export type PatientWithAppointments = z.infer<typeof PatientWithAppointments>;
