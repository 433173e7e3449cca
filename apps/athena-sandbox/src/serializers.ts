import { addDays, todayIn, zonedInstant } from '@ehr-gateway/calendar';
import {
  type AppointmentType,
  type Department,
  type Patient,
  type Practice,
  type Provider,
  type ReferringProvider,
  type Slot,
} from '@ehr-gateway/synthetic-practice';

import type { SlotState } from './booking-store.js';
import {
  athenaTimezoneName,
  flag,
  standardOffsetHours,
  toAthenaDate,
  toAthenaDateTime,
  utcOffsetHours,
} from './wire-format.js';

/**
 * The practice in athena's wire format. Like the 2016 preview recordings, every id, number and
 * boolean is a string; only `totalcount` and a department's timezone offsets are numbers.
 */

/** A patient as stored here: athena's field names, string values. */
export type PatientRecord = Record<string, string>;

export function seedPatientRecord(patient: Patient): PatientRecord {
  const record: PatientRecord = {
    patientid: String(patient.id),
    firstname: patient.firstName,
    lastname: patient.lastName,
    dob: toAthenaDate(patient.dob),
    sex: patient.sex,
    email: patient.email,
    mobilephone: patient.mobilePhone,
    address1: patient.address1,
    city: patient.city,
    state: patient.state,
    zip: patient.zip,
    countrycode: 'USA',
    countrycode3166: 'US',
    departmentid: String(patient.departmentId),
    primarydepartmentid: String(patient.departmentId),
    status: 'active',
    registrationdate: toAthenaDate(patient.registrationDate),
    contactpreference: 'MOBILEPHONE',
    consenttocall: 'true',
    consenttotext: 'true',
  };
  if (patient.homePhone) {
    record.homephone = patient.homePhone;
  }
  if (patient.primaryProviderId !== null) {
    record.primaryproviderid = String(patient.primaryProviderId);
  }
  return record;
}

export function patientWire(record: PatientRecord): Record<string, unknown> {
  return {
    ...record,
    balances: [
      {
        balance: '0',
        departmentlist: record.departmentid ?? '',
        providergroupid: '1',
        cleanbalance: 'true',
      },
    ],
  };
}

export function departmentWire(
  department: Department,
  now: Date,
  providerlist: boolean,
): Record<string, unknown> {
  const today = todayIn(department.timezone, now);
  return {
    departmentid: String(department.id),
    name: department.name,
    patientdepartmentname: department.name,
    address: department.address,
    city: department.city,
    state: department.state,
    zip: department.zip,
    phone: department.phone,
    timezonename: athenaTimezoneName(department.timezone),
    timezone: standardOffsetHours(department.timezone, Number(today.slice(0, 4))),
    timezoneoffset: utcOffsetHours(department.timezone, today),
    providergroupid: '1',
    providergroupname: 'Synthetic Health Partners',
    placeofservicetypeid: '11',
    placeofservicetypename: 'OFFICE',
    clinicals: 'ON',
    servicedepartment: 'true',
    ishospitaldepartment: 'false',
    ...(providerlist ? { providerlist: department.providerIds.map(String) } : {}),
  };
}

export function providerWire(provider: Provider): Record<string, unknown> {
  return {
    providerid: String(provider.id),
    firstname: provider.firstName,
    lastname: provider.lastName,
    displayname: provider.displayName,
    schedulingname: `${provider.lastName}_${provider.firstName}`.toUpperCase(),
    specialty: provider.specialty,
    providertype: provider.providerType,
    providertypeid: provider.providerType,
    npi: provider.npi,
    sex: provider.sex,
    entitytype: 'Person',
    billable: 'true',
    hideinportal: flag(!provider.acceptingNewPatients),
    homedepartment: String(provider.homeDepartmentId),
    providerusername: `${provider.firstName[0] ?? ''}${provider.lastName}`.toLowerCase(),
  };
}

export function appointmentTypeWire(type: AppointmentType): Record<string, unknown> {
  return {
    appointmenttypeid: String(type.id),
    name: type.name,
    shortname: type.shortName,
    duration: String(type.duration),
    patientdisplayname: type.name,
    generic: flag(type.specialties === null),
    patient: flag(type.patientBookable),
    templatetypeonly: 'false',
  };
}

export function referringProviderWire(provider: ReferringProvider): Record<string, unknown> {
  return {
    referringproviderid: String(provider.id),
    entitytype: 'PERSON',
    firstname: provider.firstName,
    lastname: provider.lastName,
    npinumber: provider.npi,
    specialty: provider.specialty,
    address: provider.address,
    city: provider.city,
    state: provider.state,
    zip: provider.zip,
    phone: provider.phone,
    fax: provider.fax,
  };
}

const typeName = (practice: Practice, id: number) =>
  practice.appointmentType(id)?.name ?? 'Appointment';

/** A row of GET /appointments/open. */
export function openSlotWire(slot: Slot, practice: Practice): Record<string, unknown> {
  const name = typeName(practice, slot.appointmentTypeId);
  return {
    appointmentid: slot.id,
    date: toAthenaDate(slot.date),
    starttime: slot.startTime,
    duration: String(slot.duration),
    departmentid: String(slot.departmentId),
    providerid: String(slot.providerId),
    localproviderid: String(slot.providerId),
    appointmenttype: name,
    appointmenttypeid: String(slot.appointmentTypeId),
    patientappointmenttypename: name,
    reasonid: ['-1'],
  };
}

/** athena's status codes: o open, f future (booked), x cancelled, 3 checked out. */
export function statusCode(slot: Slot, state: SlotState, practice: Practice, now: Date): string {
  if (state.status === 'open') {
    return 'o';
  }
  if (state.status === 'cancelled') {
    return 'x';
  }
  const timezone = practice.department(slot.departmentId)?.timezone ?? 'UTC';
  // A booked visit on an earlier day has happened: the seed's past bookings read as checked out.
  return slot.date < todayIn(timezone, now) ? '3' : 'f';
}

/** The seed's bookings were made a few weeks ahead, on a stable, slot-derived day. */
function seedScheduledAt(slot: Slot, timezone: string): Date {
  const daysAhead = 3 + (Number(slot.id.slice(-6)) % 27);
  return zonedInstant(addDays(slot.date, -daysAhead), '10:15', timezone);
}

/** An appointment (booked, cancelled or still open) as GET /appointments/{id} answers it. */
export function appointmentWire(
  slot: Slot,
  state: SlotState,
  practice: Practice,
  now: Date,
): Record<string, unknown> {
  const typeId = state.status === 'open' ? slot.appointmentTypeId : state.appointmentTypeId;
  const name = typeName(practice, typeId);
  const wire: Record<string, unknown> = {
    appointmentid: slot.id,
    appointmentstatus: statusCode(slot, state, practice, now),
    appointmenttype: name,
    appointmenttypeid: String(typeId),
    patientappointmenttypename: name,
    date: toAthenaDate(slot.date),
    starttime: slot.startTime,
    duration: String(slot.duration),
    departmentid: String(slot.departmentId),
    providerid: String(slot.providerId),
    templateappointmentid: slot.id,
    templateappointmenttypeid: String(slot.appointmentTypeId),
    chargeentrynotrequired: 'false',
  };
  if (state.status === 'open') {
    return wire;
  }
  const timezone = practice.department(slot.departmentId)?.timezone ?? 'UTC';
  const scheduledAt = state.scheduledAt ?? seedScheduledAt(slot, timezone);
  const by = state.source === 'seed' ? 'frontdesk' : 'API-SANDBOX';
  Object.assign(wire, {
    patientid: state.patientId,
    renderingproviderid: String(slot.providerId),
    scheduledby: by,
    scheduleddatetime: toAthenaDateTime(scheduledAt, timezone),
    lastmodifiedby: state.cancelledAt ? 'API-SANDBOX' : by,
    lastmodified: toAthenaDateTime(state.cancelledAt ?? scheduledAt, timezone),
    urgentyn: 'false',
    frozenyn: 'false',
    copay: '0',
  });
  if (state.note) {
    wire.appointmentnotes = [{ noteid: '1', notetext: state.note, displayonschedule: 'true' }];
  }
  if (state.status === 'cancelled') {
    wire.cancelleddatetime = toAthenaDateTime(state.cancelledAt ?? now, timezone);
    wire.cancelledby = 'API-SANDBOX';
    wire.cancelreasonname = state.cancelReason ?? 'PATIENT CANCELLED';
  }
  return wire;
}
