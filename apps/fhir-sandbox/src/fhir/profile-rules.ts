import type { Appointment } from '@medplum/fhirtypes';

import {
  APPOINTMENT_TRANSITIONS,
  parseReference,
  splitOrValues,
  type BookingRequest,
  type FhirAppointmentStatus,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import { badRequest, unprocessable } from '../outcome.js';
import type { SandboxProfile } from './capabilities.js';

/**
 * Where the `oracle` profile departs from base R4, each rule as Oracle Health documents it for
 * Millennium R4 (fhir.cerner.com, docs.oracle.com "Create an appointment", "Patch an appointment").
 */

export interface ProfileRules {
  /** Refuses a search the server would not run (400 naming the parameter). Oracle: a Slot search
   * takes one value per parameter, `service-type` and a `start` ge/lt pair; an Appointment search a
   * `date` pair with the patient, practitioner or location. */
  checkSearch(type: string, params: readonly SearchParam[]): void;
  /** Refuses a booking this server would not accept. */
  checkBooking(booking: BookingRequest, resource: Appointment): void;
  /** The statuses an appointment may move to from its current one. */
  transitions(from: FhirAppointmentStatus): readonly FhirAppointmentStatus[];
  /** PATCH without If-Match: 412 at Oracle; allowed in base R4. */
  patchNeedsIfMatch: boolean;
  /** A stale If-Match: 409 at Oracle, 412 in base R4. */
  staleVersionStatus: 409 | 412;
}

const hasPair = (params: readonly SearchParam[], name: string) => {
  const prefixes = params.filter((p) => p.name === name).map((p) => p.value.slice(0, 2));
  return prefixes.includes('ge') && prefixes.includes('lt');
};

function oneValueEach(params: readonly SearchParam[]) {
  const seen = new Set<string>();
  for (const param of params) {
    if (param.name.startsWith('_') && param.name !== '_id') {
      continue;
    }
    const repeatable = param.name === 'start' || param.name === 'date';
    if ((seen.has(param.name) && !repeatable) || splitOrValues(param.value).length > 1) {
      throw badRequest(`${param.name}: this server takes one value per parameter`, [param.name]);
    }
    seen.add(param.name);
  }
}

function oracleSearch(type: string, params: readonly SearchParam[]) {
  if (type === 'Slot') {
    oneValueEach(params);
  }
  const named = (name: string) => params.some((p) => p.name === name);
  if (type === 'Slot' && !named('_id') && !(named('service-type') && hasPair(params, 'start'))) {
    throw badRequest(
      'Slot search needs _id, or service-type with a start range given as start=ge…&start=lt…',
      ['service-type', 'start'],
    );
  }
  const subject = ['patient', 'practitioner', 'location'].some(named);
  if (type === 'Appointment' && !named('_id') && !(subject && hasPair(params, 'date'))) {
    throw badRequest(
      'Appointment search needs _id, or patient (or practitioner or location) with a date range given as date=ge…&date=lt…',
      ['patient', 'date'],
    );
  }
}

/** Oracle's create rules for a booked appointment. */
function oracleBooking(booking: BookingRequest, resource: Appointment) {
  if (booking.status !== 'booked') {
    throw unprocessable(
      'Appointment.status must be booked (proposed requests are not offered here)',
      ['Appointment.status'],
    );
  }
  if ((resource.participant ?? []).length !== 1 || booking.otherParticipants.length) {
    throw unprocessable('Appointment.participant must be exactly one Patient participant', [
      'Appointment.participant',
    ]);
  }
  if (booking.patientParticipantStatus !== 'accepted') {
    throw unprocessable('Appointment.participant.status must be accepted', [
      'Appointment.participant.status',
    ]);
  }
  if (resource.participant?.[0]?.type) {
    throw unprocessable('Appointment.participant.type must not be set', [
      'Appointment.participant.type',
    ]);
  }
}

function genericBooking(booking: BookingRequest, resource: Appointment) {
  if (booking.status !== 'booked') {
    throw unprocessable('Appointment.status must be booked: this server books directly', [
      'Appointment.status',
    ]);
  }
  const kinds = (resource.participant ?? []).map((p) => parseReference(p.actor)?.resourceType);
  if (kinds.some((kind) => kind !== 'Patient' && kind !== 'Practitioner' && kind !== 'Location')) {
    throw unprocessable(
      'Appointment.participant may only name the Patient, the Practitioner and the Location',
      ['Appointment.participant'],
    );
  }
}

const ORACLE_TRANSITIONS: Partial<Record<FhirAppointmentStatus, FhirAppointmentStatus[]>> = {
  proposed: ['booked', 'cancelled'],
  booked: ['arrived', 'checked-in', 'cancelled'],
  arrived: ['checked-in', 'cancelled'],
  'checked-in': ['fulfilled', 'cancelled'],
};

export function profileRules(profile: SandboxProfile): ProfileRules {
  return profile === 'oracle'
    ? {
        checkSearch: oracleSearch,
        checkBooking: oracleBooking,
        transitions: (from) => ORACLE_TRANSITIONS[from] ?? [],
        patchNeedsIfMatch: true,
        staleVersionStatus: 409,
      }
    : {
        checkSearch: () => undefined,
        checkBooking: genericBooking,
        transitions: (from) => APPOINTMENT_TRANSITIONS[from] ?? [],
        patchNeedsIfMatch: false,
        staleVersionStatus: 412,
      };
}
