import type {
  AppointmentParticipant,
  Appointment as FhirAppointment,
  PractitionerRole,
} from '@medplum/fhirtypes';

import type { Appointment, AppointmentDetail } from '@ehr-gateway/contracts';

import { appointmentStatusFromFhir, appointmentStatusToFhir } from './appointment-status.js';
import { encodeSlotId } from './ids.js';
import { FhirMappingError, IssueLog, type MappingResult } from './result.js';
import { identifierSystem, type FhirMappingContext } from './systems.js';
import {
  concept,
  conceptText,
  identifier,
  parseReference,
  pickCoding,
  reference,
} from './values.js';

export interface AppointmentOptions {
  /**
   * The EHR slot the appointment holds, for `Appointment.slot` (needs the detail's department and
   * type). At athena and the Mock EHR an appointment keeps its slot's id.
   */
  slotId?: string | null;
  /** The Slot's FHIR id as it is, for a server whose Slot ids are the EHR's own (wins over slotId). */
  slotFhirId?: string | null;
}

const isDetail = (a: Appointment | AppointmentDetail): a is AppointmentDetail => 'department' in a;

const participant = (actor: { reference: string; display?: string }): AppointmentParticipant => ({
  actor,
  required: 'required',
  status: 'accepted',
});

function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

/**
 * An R4 Appointment with the patient, the practitioner and (with the detail) the location as
 * participants. A normalised `Open` appointment is a free slot: map it with slotToFhir.
 */
export function appointmentToFhir(
  appointment: Appointment | AppointmentDetail,
  context: FhirMappingContext,
  options: AppointmentOptions = {},
): FhirAppointment {
  const status = appointmentStatusToFhir(appointment.status);
  if (!status) {
    throw new FhirMappingError([
      { path: 'status', message: 'an Open appointment is a free slot: map it with slotToFhir' },
    ]);
  }
  const detail = isDetail(appointment) ? appointment : null;
  const typeId = detail?.appointmentTypeId;
  const type = typeId
    ? concept(identifierSystem(context, 'appointment-type'), typeId, appointment.appointmentType)
    : { text: appointment.appointmentType };
  const resource: FhirAppointment = {
    resourceType: 'Appointment',
    id: appointment.id,
    identifier: [identifier(identifierSystem(context, 'appointment'), appointment.id)],
    status,
    serviceType: [type],
    appointmentType: type,
    start: appointment.startTime,
    end: appointment.endTime,
    minutesDuration: detail?.duration || minutesBetween(appointment.startTime, appointment.endTime),
    participant: [],
  };
  if (appointment.patientId) {
    resource.participant.push(participant(reference('Patient', appointment.patientId)));
  }
  resource.participant.push(participant(reference('Practitioner', appointment.providerId)));
  if (detail?.department.id) {
    const { id, name } = detail.department;
    resource.participant.push(participant(reference('Location', id, name)));
    const slotFhirId =
      options.slotFhirId ??
      (options.slotId
        ? encodeSlotId({
            slotId: options.slotId,
            departmentId: id,
            providerId: appointment.providerId,
            appointmentTypeId: typeId ?? null,
          })
        : null);
    if (slotFhirId) {
      resource.slot = [{ reference: `Slot/${slotFhirId}` }];
    }
  }
  if (detail?.notes) {
    resource.comment = detail.notes;
  }
  return resource;
}

export interface AppointmentReadOptions {
  /** The system the server codes appointment types in, preferred over other codings. */
  appointmentTypeSystem?: string;
  /** The server's PractitionerRoles, when participants name roles rather than practitioners. */
  roles?: readonly PractitionerRole[];
}

/** The participants' ids by type, whatever their order. */
function readParticipants(resource: FhirAppointment, options: AppointmentReadOptions) {
  const found: Record<'Patient' | 'Practitioner' | 'Location', { id: string; display?: string }[]> =
    { Patient: [], Practitioner: [], Location: [] };
  for (const { actor } of resource.participant ?? []) {
    const target = parseReference(actor);
    if (target?.resourceType === 'PractitionerRole') {
      const role = options.roles?.find((r) => r.id === target.id);
      const practitioner = parseReference(role?.practitioner);
      if (practitioner) {
        found.Practitioner.push({ id: practitioner.id });
      }
    } else if (target && target.resourceType in found) {
      found[target.resourceType as keyof typeof found].push({
        id: target.id,
        display: actor?.display,
      });
    }
  }
  return found;
}

function readTimes(resource: FhirAppointment, log: IssueLog) {
  const start = resource.start ?? '';
  const end = resource.end ?? '';
  if (Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
    log.error('Appointment.start', 'no start and end: the normalised appointment needs both');
    return { startTime: start, endTime: end, duration: resource.minutesDuration ?? 0 };
  }
  return {
    startTime: start,
    endTime: end,
    duration: resource.minutesDuration ?? minutesBetween(start, end),
  };
}

/**
 * A normalised appointment from any R4 Appointment: participants in any order (a PractitionerRole
 * resolved through `roles`), the type from appointmentType or serviceType, R4 status codes read as
 * the normalised statuses (warnings where that loses meaning).
 */
export function appointmentFromFhir(
  resource: FhirAppointment,
  options: AppointmentReadOptions = {},
): MappingResult<AppointmentDetail> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Appointment.id', 'the resource has no id');
  }
  const reading = appointmentStatusFromFhir(resource.status);
  if ('error' in reading) {
    log.error('Appointment.status', reading.error);
  } else if (reading.warning) {
    log.warn('Appointment.status', reading.warning);
  }
  const people = readParticipants(resource, options);
  const warnIfMany = (type: keyof typeof people) => {
    if (people[type].length > 1) {
      log.warn('Appointment.participant', `several ${type} participants: the first is used`);
    }
  };
  (['Patient', 'Practitioner', 'Location'] as const).forEach(warnIfMany);
  if (!people.Practitioner.length) {
    log.warn('Appointment.participant', 'no Practitioner participant: providerId is empty');
  }
  if (!people.Location.length) {
    log.warn('Appointment.participant', 'no Location participant: the department is unknown');
  }
  const concepts = [resource.appointmentType, ...(resource.serviceType ?? [])];
  const coding = pickCoding(concepts, options.appointmentTypeSystem);
  const location = people.Location[0];
  return log.result({
    id: resource.id ?? '',
    patientId: people.Patient[0]?.id ?? null,
    providerId: people.Practitioner[0]?.id ?? '',
    ...readTimes(resource, log),
    appointmentType:
      conceptText(resource.appointmentType) ??
      resource.serviceType?.map(conceptText).find(Boolean) ??
      'Appointment',
    appointmentTypeId: coding?.code ?? null,
    status: 'status' in reading ? reading.status : 'Scheduled',
    department: { id: location?.id ?? '', name: location?.display ?? null },
    notes: resource.comment ?? resource.description ?? null,
  });
}
