import type {
  AppointmentDetail,
  AppointmentStatus,
  AppointmentType as NormalisedAppointmentType,
  Department as NormalisedDepartment,
  OpenSlot,
  PatientDetail,
  Provider as NormalisedProvider,
} from '@ehr-gateway/contracts';
import { todayIn, zonedIso, zonedIsoAfter } from '@ehr-gateway/calendar';

import type { Practice } from './practice.js';
import type { AppointmentType, Department, Patient, Provider, Slot } from './types.js';

/**
 * The synthetic practice in the gateway's normalised EHR types, as every consumer that serves it
 * (the Mock EHR, the FHIR sandbox) shows it: ids as strings, times as ISO 8601 with the
 * department's offset, a booked visit on an earlier day as checked out.
 */

export const normalisedPatient = (patient: Patient): PatientDetail => ({
  id: String(patient.id),
  firstName: patient.firstName,
  lastName: patient.lastName,
  dob: patient.dob,
  gender: patient.sex,
  phone: patient.mobilePhone,
  email: patient.email,
  address: { line1: patient.address1, city: patient.city, state: patient.state, zip: patient.zip },
  departmentId: String(patient.departmentId),
  primaryProviderId: patient.primaryProviderId === null ? null : String(patient.primaryProviderId),
});

export const normalisedProvider = (provider: Provider): NormalisedProvider => ({
  id: String(provider.id),
  firstName: provider.firstName,
  lastName: provider.lastName,
  displayName: provider.displayName,
  specialty: provider.specialty,
  npi: provider.npi,
  providerType: provider.providerType,
  homeDepartmentId: String(provider.homeDepartmentId),
});

export const normalisedDepartment = (department: Department): NormalisedDepartment => ({
  id: String(department.id),
  name: department.name,
  address: {
    line1: department.address,
    city: department.city,
    state: department.state,
    zip: department.zip,
  },
  phone: department.phone,
  timezone: department.timezone,
});

export const normalisedAppointmentType = (type: AppointmentType): NormalisedAppointmentType => ({
  id: String(type.id),
  name: type.name,
  shortName: type.shortName,
  duration: type.duration,
  patientBookable: type.patientBookable,
});

const timezoneOf = (practice: Practice, departmentId: number) =>
  practice.department(departmentId)?.timezone ?? 'UTC';

/** A scheduled slot as an open slot (whether someone holds it is the caller's business). */
export function normalisedOpenSlot(slot: Slot, practice: Practice): OpenSlot {
  const timezone = timezoneOf(practice, slot.departmentId);
  return {
    id: slot.id,
    departmentId: String(slot.departmentId),
    providerId: String(slot.providerId),
    appointmentTypeId: String(slot.appointmentTypeId),
    appointmentType: practice.appointmentType(slot.appointmentTypeId)?.name ?? null,
    startTime: zonedIso(slot.date, slot.startTime, timezone),
    endTime: zonedIsoAfter(slot.date, slot.startTime, slot.duration, timezone),
    duration: slot.duration,
  };
}

/** Who holds a slot: nobody, or a patient's booking (kept or cancelled). */
export type SlotHolder<PatientId extends number | string = number | string> =
  | { status: 'open' }
  | {
      status: 'booked' | 'cancelled';
      patientId: PatientId;
      appointmentTypeId: number;
      notes: string | null;
    };

/** Who holds a slot before anyone changes anything: the seed's booking, or nobody. */
export function seededHolder(slot: Slot, practice: Practice): SlotHolder<number> {
  const seeded = practice.seedAppointment(slot);
  return seeded
    ? {
        status: 'booked',
        patientId: seeded.patientId,
        appointmentTypeId: seeded.appointmentTypeId,
        notes: null,
      }
    : { status: 'open' };
}

/** Open, Cancelled, or Scheduled, which a day in the department's past turns into Checked Out. */
export function normalisedStatus(
  slot: Slot,
  holder: SlotHolder,
  practice: Practice,
  now: Date,
): AppointmentStatus {
  if (holder.status === 'open') {
    return 'Open';
  }
  if (holder.status === 'cancelled') {
    return 'Cancelled';
  }
  return slot.date < todayIn(timezoneOf(practice, slot.departmentId), now)
    ? 'Checked Out'
    : 'Scheduled';
}

/** The appointment a slot holds (or the open slot, as athena shows one). */
export function normalisedAppointment(
  slot: Slot,
  holder: SlotHolder,
  practice: Practice,
  now: Date,
): AppointmentDetail {
  const open = normalisedOpenSlot(slot, practice);
  const typeId = holder.status === 'open' ? slot.appointmentTypeId : holder.appointmentTypeId;
  return {
    id: slot.id,
    patientId: holder.status === 'open' ? null : String(holder.patientId),
    providerId: open.providerId,
    startTime: open.startTime,
    endTime: open.endTime,
    appointmentType: practice.appointmentType(typeId)?.name ?? 'Appointment',
    status: normalisedStatus(slot, holder, practice, now),
    appointmentTypeId: String(typeId),
    duration: slot.duration,
    department: {
      id: open.departmentId,
      name: practice.department(slot.departmentId)?.name ?? null,
    },
    notes: holder.status === 'open' ? null : holder.notes,
  };
}
