import { createHash } from 'node:crypto';

import type { Appointment as FhirAppointment, Resource } from '@medplum/fhirtypes';

import {
  bookingFromFhir,
  conceptText,
  decodeSlotId,
  statusChangeFromPatch,
  type MappingResult,
} from '@ehr-gateway/fhir-mapping';

import type { IdempotencyModule } from '../idempotency/index.js';
import type { FhirCall } from './fhir-call.js';
import { appointmentResource, readAppointmentDetail } from './fhir-appointments.js';
import { FhirError } from './fhir-outcome.js';
import type { FhirSearch, SearchAnswer } from './fhir-search.js';

/** Booking (POST Appointment) and cancelling (PATCH or PUT) through the EHR's own calls. */

export interface FhirWriteAnswer {
  statusCode: number;
  resource: Resource;
  /** Set on a 201: where the new resource is read. */
  created?: boolean;
}

/** A weak ETag over the resource as served: `If-Match` compares against it. */
export const etagOf = (resource: Resource) =>
  `W/"${createHash('sha256').update(JSON.stringify(resource)).digest('base64url').slice(0, 16)}"`;

function unwrap<T>(result: MappingResult<T>): T {
  if (!result.ok) {
    throw new FhirError(
      400,
      result.errors.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      result.errors.map((issue) => issue.path),
    );
  }
  return result.value;
}

const isAppointment = (body: unknown): body is FhirAppointment =>
  typeof body === 'object' &&
  body !== null &&
  (body as { resourceType?: unknown }).resourceType === 'Appointment';

function appointmentBody(body: unknown): FhirAppointment {
  if (!isAppointment(body)) {
    throw new FhirError(400, 'resourceType: the body must be an Appointment resource', [
      'resourceType',
    ]);
  }
  return body;
}

/** An EHR refusal of a booking in FHIR's terms: what the client sent cannot be booked (422). */
function bookingRefusal(error: unknown): unknown {
  const status = (error as { statusCode?: number }).statusCode;
  const message = error instanceof Error ? error.message : '';
  if (status === 404) {
    return new FhirError(422, `Appointment.participant: ${message}`, ['Appointment.participant']);
  }
  if (status === 400) {
    return new FhirError(422, `Appointment: ${message}`, ['Appointment']);
  }
  return error;
}

interface BookingDeps {
  idempotency: Pick<IdempotencyModule, 'run'>;
  /** Runs an Appointment search (for If-None-Exist). */
  searchAppointments: (call: FhirCall, search: FhirSearch) => Promise<SearchAnswer>;
  /** Reads If-None-Exist's query as an Appointment search (strict: a condition may not be ignored). */
  parseCondition: (query: string) => FhirSearch;
}

async function book(call: FhirCall, body: FhirAppointment): Promise<FhirWriteAnswer> {
  const booking = unwrap(bookingFromFhir(body));
  const key = decodeSlotId(booking.slotId);
  if (!key) {
    throw new FhirError(
      422,
      `Appointment.slot: Slot/${booking.slotId} is not a slot of this server`,
      ['Appointment.slot'],
    );
  }
  if (
    booking.appointmentTypeId &&
    key.appointmentTypeId &&
    booking.appointmentTypeId !== key.appointmentTypeId
  ) {
    throw new FhirError(
      422,
      "Appointment.appointmentType: does not fit the slot's appointment type",
      ['Appointment.appointmentType'],
    );
  }
  for (const other of booking.otherParticipants) {
    const [type, id] = other.split('/');
    const fits =
      (type === 'Practitioner' && id === key.providerId) ||
      (type === 'Location' && id === key.departmentId);
    if (!fits) {
      throw new FhirError(
        422,
        `Appointment.participant: ${other} is not the slot's practitioner or location`,
        ['Appointment.participant'],
      );
    }
  }
  const detail = await call.client
    .bookAppointment(
      call.practiceId,
      {
        slotId: key.slotId,
        patientId: booking.patientId,
        appointmentTypeId: booking.appointmentTypeId ?? key.appointmentTypeId ?? undefined,
        notes: booking.notes ?? undefined,
      },
      call.ctx,
    )
    .catch((error: unknown) => {
      throw bookingRefusal(error);
    });
  return {
    statusCode: 201,
    resource: appointmentResource(call, detail, booking.slotId)!,
    created: true,
  };
}

/**
 * POST Appointment: books the slot for the patient. A retry with the same Idempotency-Key gets
 * the first answer; If-None-Exist answers the appointment it matches instead of booking.
 */
async function createAppointment(
  deps: BookingDeps,
  call: FhirCall,
  body: unknown,
  headers: { idempotencyKey?: string; ifNoneExist?: string },
): Promise<FhirWriteAnswer> {
  const resource = appointmentBody(body);
  if (headers.ifNoneExist !== undefined) {
    const { matches } = await deps.searchAppointments(
      call,
      deps.parseCondition(headers.ifNoneExist),
    );
    if (matches.length > 1) {
      throw new FhirError(412, `If-None-Exist matches ${matches.length} appointments`, [
        'If-None-Exist',
      ]);
    }
    if (matches.length === 1) {
      return { statusCode: 200, resource: matches[0]! };
    }
  }
  const scope = `fhir:${call.source}:${call.practiceId}:Appointment`;
  const answer = await deps.idempotency.run<Resource>(
    scope,
    headers.idempotencyKey,
    resource,
    async () => {
      const booked = await book(call, resource);
      return { statusCode: booked.statusCode, body: booked.resource };
    },
  );
  return {
    statusCode: answer.statusCode,
    resource: answer.body,
    created: answer.statusCode === 201,
  };
}

/** PATCH (JSON Patch on /status) or PUT: only the change to cancelled is offered. */
async function changeStatus(
  call: FhirCall,
  id: string,
  change: { kind: 'patch' | 'put'; body: unknown; ifMatch?: string },
): Promise<FhirWriteAnswer> {
  const detail = await readAppointmentDetail(call, id);
  const current = appointmentResource(call, detail)!;
  if (change.ifMatch !== undefined && change.ifMatch !== etagOf(current)) {
    throw new FhirError(412, 'If-Match: the appointment has changed since that version was read', [
      'If-Match',
    ]);
  }
  let status: string;
  let reason: string | null;
  if (change.kind === 'patch') {
    ({ status, reason } = unwrap(statusChangeFromPatch(change.body)));
  } else {
    const resource = appointmentBody(change.body);
    if (resource.id !== id) {
      throw new FhirError(400, `Appointment.id: must be ${id}, the id in the URL`, [
        'Appointment.id',
      ]);
    }
    status = resource.status;
    reason = conceptText(resource.cancelationReason) ?? null;
  }
  if (status === current.status) {
    return { statusCode: 200, resource: current };
  }
  if (status !== 'cancelled') {
    throw new FhirError(
      422,
      `Appointment.status: only a change to cancelled is offered (asked: ${status})`,
      ['Appointment.status'],
    );
  }
  const cancelled = await call.client.cancelAppointment(
    call.practiceId,
    { appointmentId: id, patientId: detail.patientId ?? '', reason: reason ?? undefined },
    call.ctx,
  );
  return { statusCode: 200, resource: appointmentResource(call, cancelled)! };
}

export function createBooking(deps: BookingDeps) {
  return {
    create: (
      call: FhirCall,
      body: unknown,
      headers: { idempotencyKey?: string; ifNoneExist?: string },
    ) => createAppointment(deps, call, body, headers),
    changeStatus,
  };
}
