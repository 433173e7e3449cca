import type { ClockTime, IsoDate } from '@ehr-gateway/calendar';

// Calendar dates are 'YYYY-MM-DD' and times 'HH:MM', both local to the department's timezone.

export interface Department {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  /** IANA name, e.g. 'America/New_York'. */
  timezone: string;
  providerIds: number[];
}

export type ProviderType = 'MD' | 'DO' | 'NP' | 'PA';

export interface Provider {
  id: number;
  firstName: string;
  lastName: string;
  displayName: string;
  specialty: string;
  providerType: ProviderType;
  /** Ten digits with a valid Luhn check digit (prefix 80840), as real NPIs have. */
  npi: string;
  sex: 'M' | 'F';
  homeDepartmentId: number;
  departmentIds: number[];
  acceptingNewPatients: boolean;
}

export interface Patient {
  id: number;
  firstName: string;
  lastName: string;
  dob: IsoDate;
  sex: 'M' | 'F';
  email: string;
  mobilePhone: string;
  homePhone: string | null;
  address1: string;
  city: string;
  state: string;
  zip: string;
  departmentId: number;
  primaryProviderId: number | null;
  registrationDate: IsoDate;
}

export interface AppointmentType {
  id: number;
  name: string;
  shortName: string;
  /** Minutes. */
  duration: number;
  /** Specialties that offer it; null means every specialty. */
  specialties: string[] | null;
  /** Whether patients may book it themselves (web/voice scheduling). */
  patientBookable: boolean;
}

export interface ReferringProvider {
  id: number;
  firstName: string;
  lastName: string;
  npi: string;
  specialty: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
}

export interface Slot {
  /** Stable, numeric, derived from provider, day and start time (see slot-id.ts). */
  id: string;
  departmentId: number;
  providerId: number;
  appointmentTypeId: number;
  date: IsoDate;
  startTime: ClockTime;
  /** Minutes. */
  duration: number;
}

export type AppointmentStatus = 'booked' | 'cancelled' | 'checked-in' | 'checked-out';

export interface Appointment extends Slot {
  patientId: number;
  status: AppointmentStatus;
  notes: string | null;
}

export interface SlotQuery {
  /** Inclusive. */
  startDate: IsoDate;
  /** Inclusive. */
  endDate: IsoDate;
  departmentIds?: number[];
  providerIds?: number[];
  appointmentTypeIds?: number[];
}
