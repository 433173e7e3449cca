import type { Appointment as FhirAppointment } from '@medplum/fhirtypes';

import type { AppointmentStatus } from '@ehr-gateway/contracts';

export type FhirAppointmentStatus = FhirAppointment['status'];

/**
 * The normalised statuses (athena's) as R4 codes. `Open` is a free slot, not an appointment: it
 * has no code here and maps to a Slot instead. Checked out and charge entered both mean the visit
 * took place.
 */
export const APPOINTMENT_STATUS_TO_FHIR: Record<
  Exclude<AppointmentStatus, 'Open'>,
  FhirAppointmentStatus
> = {
  Scheduled: 'booked',
  Cancelled: 'cancelled',
  'Checked In': 'checked-in',
  'Checked Out': 'fulfilled',
  'Charge Entered': 'fulfilled',
};

type StatusReading =
  { status: Exclude<AppointmentStatus, 'Open'>; warning?: string } | { error: string };

/** Every R4 code, read as a normalised status, or why it cannot be. */
const FROM_FHIR: Record<FhirAppointmentStatus, StatusReading> = {
  booked: { status: 'Scheduled' },
  pending: { status: 'Scheduled', warning: 'pending (awaiting confirmation) read as Scheduled' },
  arrived: { status: 'Checked In' },
  'checked-in': { status: 'Checked In' },
  fulfilled: { status: 'Checked Out' },
  cancelled: { status: 'Cancelled' },
  noshow: {
    status: 'Cancelled',
    warning: 'noshow read as Cancelled: the normalised statuses have no no-show',
  },
  proposed: { error: 'a proposed appointment is a request, not a booking' },
  waitlist: { error: 'a waitlisted appointment is not booked' },
  'entered-in-error': { error: 'the appointment was entered in error' },
};

export function appointmentStatusToFhir(status: AppointmentStatus): FhirAppointmentStatus | null {
  return status === 'Open' ? null : APPOINTMENT_STATUS_TO_FHIR[status];
}

export function appointmentStatusFromFhir(status: string | undefined): StatusReading {
  const reading = status ? FROM_FHIR[status as FhirAppointmentStatus] : undefined;
  return reading ?? { error: `unknown status ${status ?? '(none)'}` };
}

/** Status changes a client may ask for by PATCH or PUT, from each current status. */
export const APPOINTMENT_TRANSITIONS: Partial<
  Record<FhirAppointmentStatus, readonly FhirAppointmentStatus[]>
> = {
  proposed: ['booked', 'cancelled'],
  pending: ['booked', 'cancelled'],
  booked: ['cancelled', 'arrived', 'checked-in', 'noshow', 'fulfilled'],
  arrived: ['fulfilled', 'checked-in'],
  'checked-in': ['fulfilled'],
};
