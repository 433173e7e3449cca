import type { Appointment as FhirAppointment } from '@medplum/fhirtypes';

import type { Appointment, AppointmentDetail } from '@ehr-gateway/contracts';
import { MAX_RANGE_DAYS } from '@ehr-gateway/contracts';
import {
  appointmentStatusToFhir,
  appointmentToFhir,
  decodeSlotId,
  matchesDateParam,
  paramValues,
  parseReferenceParam,
  splitOrValues,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import {
  DAY_MS,
  localDatesOf,
  readOr404,
  searchWindow,
  singleId,
  unknownResource,
  type FhirCall,
  type ReadHandler,
  type SearchHandler,
} from './fhir-call.js';
import { FhirError } from './fhir-outcome.js';

/** Booked appointments: read and search (booking and cancelling are in fhir-booking.ts). */

/**
 * An Appointment search without `date` covers 30 days back to 60 ahead; any search at most
 * MAX_RANGE_DAYS less the day either side the EHR is asked for.
 */
const MAX_DAYS = MAX_RANGE_DAYS - 2;
const DEFAULT_DAYS_BACK = 30;
const DEFAULT_DAYS_AHEAD = 60;

/**
 * An appointment record as FHIR; an open one is a free Slot, not an Appointment. At athena and
 * the Mock EHR an appointment keeps its slot's id, so `Appointment.slot` follows from it; a FHIR
 * EHR gives a booking an id of its own, and the slot is named only where it is known (`slotFhirId`,
 * the Slot a booking was made in).
 */
export function appointmentResource(
  call: FhirCall,
  appointment: Appointment | AppointmentDetail,
  slotFhirId?: string,
): FhirAppointment | null {
  if (appointment.status === 'Open') {
    return null;
  }
  return appointmentToFhir(
    appointment,
    call.mapping,
    call.source === 'fhir' ? { slotFhirId } : { slotId: appointment.id },
  );
}

export async function readAppointmentDetail(
  call: FhirCall,
  id: string,
): Promise<AppointmentDetail> {
  const detail = await readOr404('Appointment', id, () =>
    call.client.getAppointment(call.practiceId, id, call.ctx),
  );
  if (detail.status === 'Open') {
    throw unknownResource('Appointment', id);
  }
  return detail;
}

export const readAppointment: ReadHandler = async (call, id) =>
  appointmentResource(call, await readAppointmentDetail(call, id))!;

/** Each occurrence's OR-list of reference ids of `type`. */
const referenceIds = (params: readonly SearchParam[], name: string, type: string) =>
  paramValues(params, name).map((value) =>
    splitOrValues(value).map((raw) => {
      const ref = parseReferenceParam(raw, name, type);
      if (ref.resourceType !== type) {
        throw new FhirError(400, `${name}: must reference a ${type}`, [name]);
      }
      return ref.id;
    }),
  );

const dateWindow = (params: readonly SearchParam[], now: Date) =>
  searchWindow(params, 'date', {
    search: 'an Appointment search',
    maxDays: MAX_DAYS,
    fill: (range) => {
      const from =
        range.from ?? new Date((range.to?.getTime() ?? now.getTime()) - DEFAULT_DAYS_BACK * DAY_MS);
      const to =
        range.to ?? new Date(from.getTime() + (DEFAULT_DAYS_BACK + DEFAULT_DAYS_AHEAD) * DAY_MS);
      return { from, to };
    },
  });

async function appointmentsBySlot(call: FhirCall, slotLists: string[][]): Promise<Appointment[]> {
  const ids = [...new Set(slotLists.flat())].flatMap((id) => {
    const key = decodeSlotId(id);
    return key ? [key.slotId] : [];
  });
  const found = await Promise.all(
    ids.map((id) =>
      readAppointmentDetail(call, id).catch((error: unknown) => {
        if (error instanceof FhirError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }),
    ),
  );
  return found.filter((detail) => detail !== null);
}

export function createAppointmentSearch(now: () => Date): SearchHandler {
  return async (call, search) => {
    const params = search.params;
    const patients = referenceIds(params, 'patient', 'Patient');
    const practitioners = referenceIds(params, 'practitioner', 'Practitioner');
    const locations = referenceIds(params, 'location', 'Location');
    const slots = referenceIds(params, 'slot', 'Slot');
    const statuses = paramValues(params, 'status').map((value) => splitOrValues(value));
    const { dates, from, to } = dateWindow(params, now());
    let candidates: Appointment[];
    if (slots.length) {
      candidates = await appointmentsBySlot(call, slots);
    } else {
      const range = localDatesOf(from, to);
      const departmentIds = locations.length ? [...new Set(locations.flat())] : [undefined];
      const lists = await Promise.all(
        departmentIds.map((departmentId) =>
          call.client.listAppointments(
            call.practiceId,
            {
              ...range,
              departmentId,
              providerId: singleId(practitioners),
              patientId: singleId(patients),
            },
            call.ctx,
          ),
        ),
      );
      candidates = [
        ...new Map(lists.flatMap((list) => list.appointments).map((a) => [a.id, a])).values(),
      ];
    }
    const matches = candidates
      .filter((a) => {
        const status = appointmentStatusToFhir(a.status);
        const start = new Date(a.startTime);
        return (
          status !== null &&
          patients.every((ids) => a.patientId !== null && ids.includes(a.patientId)) &&
          practitioners.every((ids) => ids.includes(a.providerId)) &&
          statuses.every((codes) => codes.includes(status)) &&
          start >= from &&
          start < to &&
          dates.every((date) => matchesDateParam(date, start))
        );
      })
      .sort(
        (a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id.localeCompare(b.id),
      );
    return { matches: matches.map((a) => appointmentResource(call, a)!) };
  };
}
