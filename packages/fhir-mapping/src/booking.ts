import type { Appointment as FhirAppointment, CodeableConcept } from '@medplum/fhirtypes';

import type { FhirAppointmentStatus } from './appointment-status.js';
import { IssueLog, type MappingResult } from './result.js';
import { conceptText, parseReference, pickCoding } from './values.js';

/** What a client's `POST Appointment` asks for, read from the resource. */
export interface BookingRequest {
  /** The id in the Slot reference, as the server issued it. */
  slotId: string;
  patientId: string;
  /** The status the client sent: booked, or a request (proposed, pending). */
  status: FhirAppointmentStatus;
  /** The Patient participant's status (Oracle requires `accepted`). */
  patientParticipantStatus: string | null;
  appointmentTypeId: string | null;
  notes: string | null;
  /** Every participant other than the patient, as `Type/id`. */
  otherParticipants: string[];
}

const BOOKING_STATUSES: readonly string[] = ['booked', 'proposed', 'pending'];

/**
 * Reads a booking from an Appointment a client POSTs: exactly one Slot reference and exactly one
 * Patient participant (what the normalised booking can do), a booking status, optional type and
 * comment. Every problem is an error naming the element.
 */
export function bookingFromFhir(
  resource: FhirAppointment,
  options: { appointmentTypeSystem?: string } = {},
): MappingResult<BookingRequest> {
  const log = new IssueLog();
  if (resource.resourceType !== 'Appointment') {
    log.error('resourceType', 'must be Appointment');
  }
  if (!BOOKING_STATUSES.includes(resource.status)) {
    log.error(
      'Appointment.status',
      `must be booked, proposed or pending to book (got ${resource.status ?? 'none'})`,
    );
  }
  const slots = (resource.slot ?? []).map((slot) => parseReference(slot));
  if (slots.length !== 1 || slots[0]?.resourceType !== 'Slot') {
    log.error('Appointment.slot', 'must reference exactly one Slot');
  }
  const patients = (resource.participant ?? []).filter(
    (p) => parseReference(p.actor)?.resourceType === 'Patient',
  );
  if (patients.length !== 1) {
    log.error('Appointment.participant', 'must have exactly one Patient participant');
  }
  const others = (resource.participant ?? [])
    .map((p) => parseReference(p.actor))
    .filter((target) => target && target.resourceType !== 'Patient')
    .map((target) => `${target!.resourceType}/${target!.id}`);
  const coding = pickCoding(
    [resource.appointmentType, ...(resource.serviceType ?? [])],
    options.appointmentTypeSystem,
  );
  return log.result({
    slotId: slots[0]?.id ?? '',
    patientId: parseReference(patients[0]?.actor)?.id ?? '',
    status: resource.status,
    patientParticipantStatus: patients[0]?.status ?? null,
    appointmentTypeId: coding?.code ?? null,
    notes: resource.comment ?? null,
    otherParticipants: others,
  });
}

/** A status change asked for by `PATCH` (JSON Patch) or `PUT`. */
export interface StatusChange {
  status: FhirAppointmentStatus;
  cancelationReason: CodeableConcept | null;
  /** The reason's words, for EHRs that take text. */
  reason: string | null;
}

interface PatchOperation {
  op?: unknown;
  path?: unknown;
  value?: unknown;
}

/**
 * Reads a JSON Patch (RFC 6902) that changes an Appointment's status: `replace` (or `add`) on
 * `/status`, optionally `add`/`replace` on `/cancelationReason`; `test` operations are allowed.
 * Anything else is an error naming the operation.
 */
export function statusChangeFromPatch(operations: unknown): MappingResult<StatusChange> {
  const log = new IssueLog();
  if (!Array.isArray(operations) || operations.length === 0) {
    log.error('body', 'must be a non-empty JSON Patch array');
    return log.result({ status: 'booked', cancelationReason: null, reason: null });
  }
  let status: string | undefined;
  let cancelationReason: CodeableConcept | null = null;
  (operations as PatchOperation[]).forEach((operation, index) => {
    const at = `body[${index}]`;
    const writes = operation?.op === 'replace' || operation?.op === 'add';
    if (operation?.op === 'test') {
      return;
    }
    if (writes && operation.path === '/status' && typeof operation.value === 'string') {
      status = operation.value;
    } else if (writes && operation.path === '/cancelationReason' && isConcept(operation.value)) {
      cancelationReason = operation.value;
    } else {
      log.error(
        at,
        `only replace /status and add /cancelationReason are supported (got ${String(operation?.op)} ${String(operation?.path)})`,
      );
    }
  });
  if (!status) {
    log.error('body', 'no replace operation on /status');
  }
  return log.result({
    status: (status ?? 'booked') as FhirAppointmentStatus,
    cancelationReason,
    reason: conceptText(cancelationReason ?? undefined) ?? null,
  });
}

function isConcept(value: unknown): value is CodeableConcept {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
