import type {
  Appointment,
  AppointmentParticipant,
  Resource,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';

import {
  bookingFromFhir,
  identifierSystem,
  parseReference,
  pickCoding,
  type MappingIssue,
  type StatusChange,
} from '@ehr-gateway/fhir-mapping';
import { fhirValidationErrors } from '@ehr-gateway/fhir-mapping/validation';

import {
  FhirReply,
  badRequest,
  conflict,
  notFound,
  preconditionFailed,
  unprocessable,
} from '../outcome.js';
import type { SandboxState } from '../state.js';
import { callEngine } from './engine.js';
import type { ProfileRules } from './profile-rules.js';

/**
 * Booking and status changes, which the engine would take without a check: a booking takes a free
 * Slot (busy from then on; a taken slot is a 409), a cancellation frees it again. Writes run one
 * at a time, and the slot is put back when the appointment cannot be stored (the engine's
 * transactions are not atomic).
 */

export const etagOf = (resource: Resource) => `W/"${resource.meta?.versionId ?? ''}"`;

const versionIn = (ifMatch: string | undefined) =>
  ifMatch?.match(/^(?:W\/)?"([^"]+)"$/)?.[1] ?? ifMatch;

async function readOrNull<T extends Resource>(
  state: SandboxState,
  type: T['resourceType'],
  id: string,
) {
  try {
    return (await state.repository.readResource(type, id)) as T;
  } catch {
    return null;
  }
}

const invalid = (issues: MappingIssue[]) =>
  badRequest(
    issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    issues.map((i) => i.path),
  );

/** Refuses a resource @medplum/core finds errors in (the engine itself validates nothing). */
export function assertValid(resource: Resource) {
  const errors = fhirValidationErrors(resource);
  if (errors.length) {
    throw new FhirReply(400, { resourceType: 'OperationOutcome', issue: errors });
  }
}

const accepted = (reference: string, display?: string): AppointmentParticipant => ({
  actor: { reference, ...(display ? { display } : {}) },
  required: 'required',
  status: 'accepted',
});

async function bookableSlot(state: SandboxState, slotId: string) {
  const slot = await readOrNull<Slot>(state, 'Slot', slotId);
  if (!slot) {
    throw unprocessable(`Slot/${slotId} does not exist`, ['Appointment.slot']);
  }
  if (slot.status !== 'free') {
    throw conflict(`Slot/${slotId} is ${slot.status}: someone booked it first`, [
      'Appointment.slot',
    ]);
  }
  if (Date.parse(slot.start) <= state.now().getTime()) {
    throw unprocessable(`Slot/${slotId} has already started`, ['Appointment.slot']);
  }
  const schedule = await readOrNull<Schedule>(
    state,
    'Schedule',
    parseReference(slot.schedule)?.id ?? '',
  );
  return { slot, actors: schedule?.actor ?? [] };
}

function checkFits(state: SandboxState, slot: Slot, body: Appointment, typeId: string | null) {
  const slotType = pickCoding(
    slot.serviceType ?? [],
    identifierSystem(state.context, 'appointment-type'),
  )?.code;
  if (typeId && slotType && typeId !== slotType) {
    throw unprocessable(`Slot/${slot.id} is for appointment type ${slotType}, not ${typeId}`, [
      'Appointment.appointmentType',
    ]);
  }
  const differs = (a: string | undefined, b: string) =>
    a !== undefined && Date.parse(a) !== Date.parse(b);
  if (differs(body.start, slot.start) || differs(body.end, slot.end)) {
    throw unprocessable(`start and end must be the slot's (${slot.start} to ${slot.end})`, [
      'Appointment.start',
    ]);
  }
}

async function existingFor(state: SandboxState, ifNoneExist: string | undefined) {
  if (!ifNoneExist) {
    return null;
  }
  const { resource } = await callEngine(state, 'GET', `Appointment?${ifNoneExist}`);
  const found = (resource as { entry?: { resource?: Appointment }[] }).entry ?? [];
  if (found.length > 1) {
    throw preconditionFailed(`If-None-Exist matches ${found.length} appointments`);
  }
  return found[0]?.resource ?? null;
}

export async function bookAppointment(
  state: SandboxState,
  rules: ProfileRules,
  body: Appointment,
  ifNoneExist?: string,
): Promise<{ status: 200 | 201; resource: Appointment }> {
  const read = bookingFromFhir(body, {
    appointmentTypeSystem: identifierSystem(state.context, 'appointment-type'),
  });
  if (!read.ok) {
    throw invalid(read.errors);
  }
  const booking = read.value;
  rules.checkBooking(booking, body);
  return state.serially(async () => {
    const existing = await existingFor(state, ifNoneExist);
    if (existing) {
      return { status: 200, resource: existing };
    }
    const { slot, actors } = await bookableSlot(state, booking.slotId);
    if (!(await readOrNull(state, 'Patient', booking.patientId))) {
      throw unprocessable(`Patient/${booking.patientId} does not exist`, [
        'Appointment.participant',
      ]);
    }
    checkFits(state, slot, body, booking.appointmentTypeId);
    const known = new Set(actors.map((actor) => actor.reference));
    const stranger = booking.otherParticipants.find((reference) => !known.has(reference));
    if (stranger) {
      throw unprocessable(`${stranger} is not on the slot's schedule`, ['Appointment.participant']);
    }
    const { id: _id, meta: _meta, ...fields } = body;
    const appointment: Appointment = {
      ...fields,
      status: 'booked',
      serviceType: slot.serviceType,
      appointmentType: slot.appointmentType,
      start: slot.start,
      end: slot.end,
      minutesDuration: Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000),
      slot: [{ reference: `Slot/${slot.id}` }],
      created: state.now().toISOString(),
      participant: [
        accepted(`Patient/${booking.patientId}`),
        ...actors.map((actor) => accepted(actor.reference!, actor.display)),
      ],
    };
    assertValid(appointment);
    await state.repository.updateResource({ ...slot, status: 'busy' });
    try {
      const created = await state.repository.createResource(appointment);
      state.stats.booked();
      return { status: 201, resource: created };
    } catch (error) {
      await state.repository.updateResource({ ...slot, status: 'free' });
      throw error;
    }
  });
}

const slotIdsOf = (appointment: Appointment) =>
  (appointment.slot ?? [])
    .map((s) => parseReference(s)?.id)
    .filter((id): id is string => Boolean(id));

async function freeSlots(state: SandboxState, appointment: Appointment) {
  for (const id of slotIdsOf(appointment)) {
    const slot = await readOrNull<Slot>(state, 'Slot', id);
    if (slot?.status === 'busy') {
      await state.repository.updateResource({ ...slot, status: 'free' });
    }
  }
}

export interface ChangeRequest {
  id: string;
  change: StatusChange;
  ifMatch: string | undefined;
  /** PATCH at Oracle must carry If-Match. */
  requireIfMatch: boolean;
  /** For PUT: the whole resource, whose other elements must not change. */
  replacement?: Appointment;
}

function checkVersion(rules: ProfileRules, current: Appointment, request: ChangeRequest) {
  const version = versionIn(request.ifMatch);
  if (!version && request.requireIfMatch) {
    throw preconditionFailed('If-Match is required: send the ETag of the appointment you read');
  }
  if (version && version !== current.meta?.versionId) {
    const status = rules.staleVersionStatus;
    const message = `If-Match ${request.ifMatch} is not the current version (${etagOf(current)})`;
    throw status === 409 ? conflict(message) : preconditionFailed(message);
  }
}

/** What a PUT may not change: when, where, who and which slot. */
const fixedPart = (a: Appointment) =>
  JSON.stringify([
    Date.parse(a.start ?? ''),
    Date.parse(a.end ?? ''),
    slotIdsOf(a),
    (a.participant ?? []).map((p) => p.actor?.reference).sort(),
  ]);

export async function changeAppointment(
  state: SandboxState,
  rules: ProfileRules,
  request: ChangeRequest,
) {
  return state.serially(async () => {
    const current = await readOrNull<Appointment>(state, 'Appointment', request.id);
    if (!current) {
      throw notFound(`Appointment/${request.id} does not exist`);
    }
    checkVersion(rules, current, request);
    if (request.replacement && fixedPart(request.replacement) !== fixedPart(current)) {
      throw unprocessable(
        'Only status and cancelationReason can change: start, end, slot and participants stay',
        ['Appointment'],
      );
    }
    const { status, cancelationReason } = request.change;
    if (status !== current.status && !rules.transitions(current.status).includes(status)) {
      throw unprocessable(`An appointment that is ${current.status} cannot become ${status}`, [
        'Appointment.status',
      ]);
    }
    if (status === current.status) {
      return current;
    }
    const updated: Appointment = { ...current, status };
    if (cancelationReason && (status === 'cancelled' || status === 'noshow')) {
      updated.cancelationReason = cancelationReason;
    }
    assertValid(updated);
    const saved = await state.repository.updateResource(updated);
    if (status === 'cancelled') {
      await freeSlots(state, saved);
      state.stats.cancelled();
    }
    return saved;
  });
}
