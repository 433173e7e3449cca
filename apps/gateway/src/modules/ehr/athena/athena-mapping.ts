import type {
  Appointment,
  AppointmentDetail,
  AppointmentStatus,
  AppointmentType,
  Department,
  OpenSlot,
  Patient,
  PatientDetail,
  Provider,
  ReferringProvider,
} from '@ehr-gateway/contracts';
import { zonedIso, zonedIsoAfter } from '@ehr-gateway/calendar';

import { bool, fromAthenaDate, fromAthenaTime, num, str, type Wire } from './athena-wire.js';

const STATUS_BY_CODE: Record<string, AppointmentStatus> = {
  o: 'Open',
  f: 'Scheduled',
  x: 'Cancelled',
  '2': 'Checked In',
  '3': 'Checked Out',
  '4': 'Charge Entered',
};

/** Departments' timezones, needed to turn athena's local times into instants. */
export type TimezoneLookup = (departmentId: string | null) => string;

export function toPatient(wire: Wire): Patient {
  return {
    id: str(wire.patientid) ?? '',
    firstName: str(wire.firstname) ?? '',
    lastName: str(wire.lastname) ?? '',
    dob: fromAthenaDate(wire.dob),
    gender: str(wire.sex),
  };
}

export function toPatientDetail(wire: Wire): PatientDetail {
  return {
    ...toPatient(wire),
    phone: str(wire.mobilephone) ?? str(wire.homephone) ?? str(wire.workphone),
    email: str(wire.email),
    address: {
      line1: str(wire.address1),
      city: str(wire.city),
      state: str(wire.state),
      zip: str(wire.zip),
    },
    departmentId: str(wire.departmentid) ?? str(wire.primarydepartmentid),
    primaryProviderId: str(wire.primaryproviderid),
  };
}

function times(wire: Wire, timezone: string) {
  const date = fromAthenaDate(wire.date);
  const time = fromAthenaTime(wire.starttime);
  const duration = num(wire.duration) ?? 0;
  if (!date || !time) {
    return { startTime: '', endTime: '', duration };
  }
  return {
    startTime: zonedIso(date, time, timezone),
    endTime: zonedIsoAfter(date, time, duration, timezone),
    duration,
  };
}

export function toAppointment(wire: Wire, timezoneOf: TimezoneLookup): Appointment {
  const { startTime, endTime } = times(wire, timezoneOf(str(wire.departmentid)));
  return {
    id: str(wire.appointmentid) ?? '',
    patientId: str(wire.patientid),
    providerId: str(wire.providerid) ?? '',
    startTime,
    endTime,
    appointmentType:
      str(wire.appointmenttype) ?? str(wire.patientappointmenttypename) ?? 'Appointment',
    status: STATUS_BY_CODE[str(wire.appointmentstatus) ?? 'f'] ?? 'Scheduled',
  };
}

export function toAppointmentDetail(
  wire: Wire,
  timezoneOf: TimezoneLookup,
  departmentName: (id: string | null) => string | null,
): AppointmentDetail {
  const departmentId = str(wire.departmentid);
  const notes = Array.isArray(wire.appointmentnotes)
    ? (wire.appointmentnotes as Wire[])
        .map((note) => str(note.notetext))
        .filter(Boolean)
        .join('\n')
    : str(wire.bookingnote);
  return {
    ...toAppointment(wire, timezoneOf),
    appointmentTypeId: str(wire.appointmenttypeid),
    duration: times(wire, timezoneOf(departmentId)).duration,
    department: { id: departmentId ?? '', name: departmentName(departmentId) },
    notes: notes || null,
  };
}

export function toOpenSlot(wire: Wire, timezoneOf: TimezoneLookup): OpenSlot {
  const departmentId = str(wire.departmentid) ?? '';
  const { startTime, endTime, duration } = times(wire, timezoneOf(departmentId));
  return {
    id: str(wire.appointmentid) ?? '',
    departmentId,
    providerId: str(wire.providerid) ?? '',
    appointmentTypeId: str(wire.appointmenttypeid),
    appointmentType: str(wire.patientappointmenttypename) ?? str(wire.appointmenttype),
    startTime,
    endTime,
    duration,
  };
}

export function toProvider(wire: Wire): Provider {
  const firstName = str(wire.firstname) ?? '';
  const lastName = str(wire.lastname) ?? '';
  return {
    id: str(wire.providerid) ?? '',
    firstName,
    lastName,
    displayName: str(wire.displayname) ?? `${firstName} ${lastName}`.trim(),
    specialty: str(wire.specialty),
    npi: str(wire.npi),
    providerType: str(wire.providertype) ?? str(wire.providertypeid),
    homeDepartmentId: str(wire.homedepartment),
  };
}

export function toDepartment(wire: Wire): Department {
  return {
    id: str(wire.departmentid) ?? '',
    name: str(wire.name) ?? str(wire.patientdepartmentname) ?? '',
    address: {
      line1: str(wire.address),
      city: str(wire.city),
      state: str(wire.state),
      zip: str(wire.zip),
    },
    phone: str(wire.phone),
    timezone: canonicalTimezone(str(wire.timezonename)),
  };
}

/** athena names zones the legacy way ("US/Eastern"); answer with the canonical IANA name. */
function canonicalTimezone(name: string | null): string | null {
  if (!name) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return name;
  }
}

export function toReferringProvider(wire: Wire): ReferringProvider {
  return {
    id: str(wire.referringproviderid) ?? '',
    firstName: str(wire.firstname) ?? '',
    lastName: str(wire.lastname) ?? '',
    specialty: str(wire.specialty),
    npi: str(wire.npinumber) ?? str(wire.npi),
    phone: str(wire.phone),
    fax: str(wire.fax),
    address: {
      line1: str(wire.address),
      city: str(wire.city),
      state: str(wire.state),
      zip: str(wire.zip),
    },
  };
}

export function toAppointmentType(wire: Wire): AppointmentType {
  return {
    id: str(wire.appointmenttypeid) ?? '',
    name: str(wire.name) ?? str(wire.patientdisplayname) ?? '',
    shortName: str(wire.shortname),
    duration: num(wire.duration),
    patientBookable: bool(wire.patient) ?? true,
  };
}
