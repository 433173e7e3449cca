import type { Resource } from '@medplum/fhirtypes';

import type { AppointmentDetail, OpenSlot } from '@ehr-gateway/contracts';
import {
  decodeScheduleId,
  decodeSlotId,
  identifierSystem,
  paramValues,
  parseReferenceParam,
  parseTokenParam,
  scheduleToFhir,
  slotToFhir,
  splitOrValues,
  type ScheduleKey,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import { listAllProviders } from '../ehr/index.js';
import { listDepartments } from './fhir-directory.js';
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

/** Schedules (one per provider and department) and their open Slots. */

/** A Slot search without `start` looks this far ahead… */
const SLOT_DEFAULT_DAYS = 7;
/** …and may span at most this much. */
export const SLOT_MAX_DAYS = 31;

const keyOf = (key: ScheduleKey) => `${key.providerId}/${key.departmentId}`;

/** Each occurrence's OR-list of references, as ids of `type`. */
function referenceIds(params: readonly SearchParam[], name: string, type: string): string[][] {
  return paramValues(params, name).map((value) =>
    splitOrValues(value).flatMap((raw) => {
      const ref = parseReferenceParam(raw, name, type);
      return ref.resourceType === type ? [ref.id] : [];
    }),
  );
}

async function allSchedules(call: FhirCall) {
  const [providers, departments] = await Promise.all([
    listAllProviders(call.client, call.practiceId, call.ctx),
    listDepartments(call),
  ]);
  return providers
    .filter((provider) => provider.homeDepartmentId !== null)
    .map((provider) => ({
      providerId: provider.id,
      departmentId: provider.homeDepartmentId!,
      provider,
      department:
        departments.find((department) => department.id === provider.homeDepartmentId) ?? null,
    }));
}

export const searchSchedules: SearchHandler = async (call, search) => {
  const ids = paramValues(search.params, '_id').map((value) => splitOrValues(value));
  const actors = paramValues(search.params, 'actor').map((value) =>
    splitOrValues(value).map((raw) => parseReferenceParam(raw, 'actor')),
  );
  const schedules = (await allSchedules(call)).filter((schedule) => {
    const id = scheduleToFhir(schedule, call.mapping).id!;
    return (
      ids.every((alternatives) => alternatives.includes(id)) &&
      actors.every((alternatives) =>
        alternatives.some(
          (ref) =>
            (ref.resourceType !== 'Location' && ref.id === schedule.providerId) ||
            (ref.resourceType !== 'Practitioner' && ref.id === schedule.departmentId),
        ),
      )
    );
  });
  return { matches: schedules.map((schedule) => scheduleToFhir(schedule, call.mapping)) };
};

async function scheduleResource(call: FhirCall, key: ScheduleKey): Promise<Resource | null> {
  const [providers, departments] = await Promise.all([
    listAllProviders(call.client, call.practiceId, call.ctx),
    listDepartments(call),
  ]);
  const provider = providers.find((candidate) => candidate.id === key.providerId);
  const department = departments.find((candidate) => candidate.id === key.departmentId);
  return provider && department
    ? scheduleToFhir({ ...key, provider, department }, call.mapping)
    : null;
}

export const readSchedule: ReadHandler = async (call, id) => {
  const key = decodeScheduleId(id);
  const schedule = key ? await scheduleResource(call, key) : null;
  if (!schedule) {
    throw unknownResource('Schedule', id);
  }
  return schedule;
};

/** The `start` window of a Slot search: [from, to), by default the next week. */
const slotWindow = (params: readonly SearchParam[], now: Date) =>
  searchWindow(params, 'start', {
    search: 'a Slot search',
    maxDays: SLOT_MAX_DAYS,
    fill: (range) => {
      const from =
        range.from ?? (range.to ? new Date(range.to.getTime() - SLOT_DEFAULT_DAYS * DAY_MS) : now);
      return { from, to: range.to ?? new Date(from.getTime() + SLOT_DEFAULT_DAYS * DAY_MS) };
    },
  });

function slotTypes(params: readonly SearchParam[], call: FhirCall): string[][] {
  const system = identifierSystem(call.mapping, 'appointment-type');
  return ['appointment-type', 'service-type'].flatMap((name) =>
    paramValues(params, name).map((value) =>
      splitOrValues(value).flatMap((raw) => {
        const token = parseTokenParam(raw, name);
        return (token.system === undefined || token.system === system) && token.code !== undefined
          ? [token.code]
          : [];
      }),
    ),
  );
}

const byStart = (a: OpenSlot, b: OpenSlot) =>
  Date.parse(a.startTime) - Date.parse(b.startTime) || a.id.localeCompare(b.id);

export function createSlotSearch(now: () => Date): SearchHandler {
  return async (call, search) => {
    const params = search.params;
    const statuses = paramValues(params, 'status').map((value) => splitOrValues(value));
    const { from, to } = slotWindow(params, now());
    if (!statuses.every((alternatives) => alternatives.includes('free')) || from >= to) {
      return { matches: [] };
    }
    const scheduleIds = referenceIds(params, 'schedule', 'Schedule');
    const keys = scheduleIds.length
      ? scheduleIds
          .reduce((common, list) => common.filter((id) => list.includes(id)))
          .map((id) => decodeScheduleId(id))
      : null;
    const wanted = keys?.filter((key): key is ScheduleKey => key !== null) ?? null;
    const types = slotTypes(params, call);
    const window = localDatesOf(from, to);
    const searches = wanted
      ? wanted.map((key) => ({ departmentId: key.departmentId, providerId: key.providerId }))
      : (await listDepartments(call)).map((department) => ({ departmentId: department.id }));
    // One type asked: the EHR filters, so slots of other types are neither fetched nor mapped.
    const appointmentTypeId = singleId(types);
    const lists = await Promise.all(
      searches.map((where) =>
        call.client.listOpenSlots(
          call.practiceId,
          { ...where, ...window, ...(appointmentTypeId ? { appointmentTypeId } : {}) },
          call.ctx,
        ),
      ),
    );
    const wantedKeys = wanted ? new Set(wanted.map(keyOf)) : null;
    const slots = [...new Map(lists.flat().map((slot) => [slot.id, slot])).values()]
      .filter((slot) => {
        const start = Date.parse(slot.startTime);
        return (
          start >= from.getTime() &&
          start < to.getTime() &&
          (!wantedKeys || wantedKeys.has(keyOf(slot))) &&
          types.every(
            (alternatives) =>
              slot.appointmentTypeId !== null && alternatives.includes(slot.appointmentTypeId),
          )
        );
      })
      .sort(byStart);
    const resources = slots.map((slot) => slotToFhir(slot, call.mapping));
    const slotOf = new Map(resources.map((resource, index) => [resource.id, slots[index]!]));
    return {
      matches: resources,
      included: async (page) => {
        const pageKeys = new Map<string, ScheduleKey>();
        for (const slot of page.map((resource) => slotOf.get(resource.id))) {
          if (slot) {
            pageKeys.set(keyOf(slot), {
              providerId: slot.providerId,
              departmentId: slot.departmentId,
            });
          }
        }
        const schedules = await Promise.all(
          [...pageKeys.values()].map((key) => scheduleResource(call, key)),
        );
        return schedules.filter((schedule): schedule is Resource => schedule !== null);
      },
    };
  };
}

/** The open slot an appointment record is while nobody holds it. */
export const openSlotOf = (detail: AppointmentDetail): OpenSlot => ({
  id: detail.id,
  departmentId: detail.department.id,
  providerId: detail.providerId,
  appointmentTypeId: detail.appointmentTypeId,
  appointmentType: detail.appointmentType,
  startTime: detail.startTime,
  endTime: detail.endTime,
  duration: detail.duration,
});

/** A Slot by id: free while its appointment record is open, busy once booked. */
export const readSlot: ReadHandler = async (call, id) => {
  const key = decodeSlotId(id);
  if (!key) {
    throw unknownResource('Slot', id);
  }
  const detail = await readOr404('Slot', id, () =>
    call.client.getAppointment(call.practiceId, key.slotId, call.ctx),
  );
  if (detail.department.id !== key.departmentId || detail.providerId !== key.providerId) {
    throw unknownResource('Slot', id);
  }
  const status =
    detail.status === 'Open' ? 'free' : detail.status === 'Cancelled' ? 'free' : 'busy';
  return slotToFhir(
    { ...openSlotOf(detail), appointmentTypeId: key.appointmentTypeId },
    call.mapping,
    { status, id },
  );
};
