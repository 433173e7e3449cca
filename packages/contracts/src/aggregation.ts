import { z } from 'zod';

import { parseTypedDate, todayIn } from '@ehr-gateway/calendar';

import {
  AppointmentDetail,
  AppointmentType,
  CalendarDate,
  Department,
  EhrId,
  EhrSource,
  OpenSlot,
  PatientDetail,
  Provider,
} from './ehr.js';

/** A date of birth as YYYY-MM-DD or MM/DD/YYYY, normalized to YYYY-MM-DD; must be real and past. */
export const DateOfBirth = z
  .string()
  .trim()
  .max(10)
  .transform((value, ctx) => {
    const iso = parseTypedDate(value);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a real date as YYYY-MM-DD or MM/DD/YYYY' });
      return z.NEVER;
    }
    if (iso > todayIn('UTC')) {
      ctx.addIssue({ code: 'custom', message: 'must not be in the future' });
      return z.NEVER;
    }
    return iso;
  });

const Name = z.string().trim().min(1).max(50);

export const PatientLookupQuery = z.strictObject({
  source: EhrSource.default('athena'),
  firstname: Name,
  lastname: Name,
  dob: DateOfBirth,
});
export type PatientLookupQuery = z.infer<typeof PatientLookupQuery>;

export const PatientOpenSlotsQuery = PatientLookupQuery.extend({
  appointmenttypeid: EhrId,
  startDate: CalendarDate.optional(),
  endDate: CalendarDate.optional(),
});
export type PatientOpenSlotsQuery = z.infer<typeof PatientOpenSlotsQuery>;

export const AppointmentTypesQuery = z.strictObject({
  source: EhrSource.default('athena'),
  departmentid: EhrId,
});
export type AppointmentTypesQuery = z.infer<typeof AppointmentTypesQuery>;

export const DepartmentProvidersQuery = z.strictObject({ source: EhrSource.default('athena') });

export const DepartmentWithProviders = Department.extend({ providers: z.array(Provider) });
export const DepartmentProviders = z.object({
  totalCount: z.number().int(),
  departments: z.array(DepartmentWithProviders),
});
export type DepartmentProviders = z.infer<typeof DepartmentProviders>;

export const DepartmentAppointmentTypes = z.object({
  departmentId: z.string(),
  totalCount: z.number().int(),
  appointmentTypes: z.array(AppointmentType),
});
export type DepartmentAppointmentTypes = z.infer<typeof DepartmentAppointmentTypes>;

export const PatientOpenSlots = z.object({
  patient: PatientDetail,
  departmentId: z.string(),
  /** The patient's own provider when they have open slots, else null (any provider). */
  providerId: z.string().nullable(),
  appointmentTypeId: z.string(),
  totalCount: z.number().int(),
  slots: z.array(OpenSlot),
});
export type PatientOpenSlots = z.infer<typeof PatientOpenSlots>;

export const PatientProvider = z.object({
  patient: PatientDetail,
  provider: Provider.nullable(),
  department: Department.nullable(),
});
export type PatientProvider = z.infer<typeof PatientProvider>;

export const CreatePatientWithAppointmentBody = z.strictObject({
  patient: z.strictObject({
    firstname: Name,
    lastname: Name,
    dob: DateOfBirth,
    email: z.email().max(100).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?1?[2-9]\d{9}$/, 'must be a 10-digit North American number')
      .optional(),
    sex: z.enum(['M', 'F']).optional(),
    city: z.string().trim().min(1).max(30).optional(),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code')
      .optional(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'must be a 5-digit ZIP code')
      .optional(),
    departmentid: EhrId,
  }),
  appointment: z.strictObject({
    appointmentTypeId: EhrId,
    departmentId: EhrId,
    providerId: EhrId.optional(),
    /** The day wanted; the earliest open slot that day is booked. */
    date: CalendarDate,
    notes: z.string().trim().max(500).optional(),
  }),
});
export type CreatePatientWithAppointmentBody = z.infer<typeof CreatePatientWithAppointmentBody>;

export const PatientWithAppointmentCreated = z.object({
  patient: z.object({ id: z.string(), created: z.boolean() }),
  appointment: AppointmentDetail,
});
export type PatientWithAppointmentCreated = z.infer<typeof PatientWithAppointmentCreated>;
