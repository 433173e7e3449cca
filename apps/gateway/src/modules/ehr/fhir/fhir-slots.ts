import type { Schedule, Slot } from '@medplum/fhirtypes';

import type { AppointmentType, FhirVendor, OpenSlot } from '@ehr-gateway/contracts';
import { addDays } from '@ehr-gateway/calendar';
import { parseReference, slotFromFhir } from '@ehr-gateway/fhir-mapping';

import type { EhrCallContext, SlotSearch } from '../ehr-client.js';
import type { FhirDirectory } from './fhir-directory.js';
import { readable, type FhirSearch } from './fhir-search.js';

/** The day after `date`: FHIR ranges are half-open (`lt`), the gateway's are whole days. */
export const dayAfter = (date: string) => addDays(date as Parameters<typeof addDays>[0], 1);

/**
 * Schedules named in one generic Slot search (`schedule=Schedule/a,Schedule/b`, R4's comma OR):
 * a department's week in one or two calls instead of one per schedule, in a URL well under the
 * 8 KB servers accept.
 */
export const SCHEDULES_PER_SEARCH = 20;
/** Slot searches of one lookup in flight at once: the QPS governor queues the rest in order. */
const SEARCHES_IN_FLIGHT = 4;

/** The appointment types the schedules offer (their serviceType codings). */
export async function appointmentTypesOf(
  directory: FhirDirectory,
  departmentId: string | undefined,
  ctx: EhrCallContext,
): Promise<AppointmentType[]> {
  const types = new Map<string, AppointmentType>();
  for (const schedule of await directory.schedules({ departmentId }, ctx)) {
    for (const concept of schedule.serviceType ?? []) {
      const coding = concept.coding?.find((c) => c.code);
      if (coding?.code && !types.has(coding.code)) {
        const name = concept.text ?? coding.display ?? coding.code;
        types.set(coding.code, {
          id: coding.code,
          name,
          shortName: null,
          duration: null,
          patientBookable: true,
        });
      }
    }
  }
  return [...types.values()];
}

/**
 * The service types a Slot search names: the one asked for; else none (every type), but Oracle
 * needs one per search, so there each type the schedule offers, one search each.
 */
function serviceTypesToSearch(
  vendor: FhirVendor,
  schedule: Schedule,
  appointmentTypeId: string | undefined,
): Array<string | undefined> {
  if (appointmentTypeId || vendor !== 'oracle') {
    return [appointmentTypeId];
  }
  const codes = (schedule.serviceType ?? []).flatMap((concept) => {
    const code = concept.coding?.find((c) => c.code)?.code;
    return code ? [code] : [];
  });
  return [...new Set(codes)];
}

/**
 * The schedules (and service type) of each Slot search: generic servers get up to
 * SCHEDULES_PER_SEARCH schedules a search; Oracle and Epic one schedule (and Oracle one service
 * type) a search, as their documentation shows (docs/fhir.md).
 */
function slotSearchTargets(
  vendor: FhirVendor,
  schedules: Schedule[],
  appointmentTypeId: string | undefined,
): SlotSearchTarget[] {
  if (vendor === 'generic') {
    const batches: SlotSearchTarget[] = [];
    for (let at = 0; at < schedules.length; at += SCHEDULES_PER_SEARCH) {
      batches.push({
        schedules: schedules.slice(at, at + SCHEDULES_PER_SEARCH),
        serviceType: appointmentTypeId,
      });
    }
    return batches;
  }
  return schedules.flatMap((schedule) =>
    serviceTypesToSearch(vendor, schedule, appointmentTypeId).map((serviceType) => ({
      schedules: [schedule],
      serviceType,
    })),
  );
}

interface SlotSearchTarget {
  schedules: Schedule[];
  serviceType: string | undefined;
}

/** Runs `work` on every item, at most `inFlight` at a time; answers in the items' order. */
async function eachBounded<T, R>(
  items: readonly T[],
  inFlight: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, lane));
  return results;
}

/**
 * Free slots: the department's (and provider's) schedules through their actors, then
 * `Slot?schedule=…&status=free&start=ge…&start=lt…` for them (see slotSearchTargets). Each slot is
 * read with the schedule it names; one a search found twice counts once.
 */
export async function openSlots(
  search: FhirSearch,
  directory: FhirDirectory,
  { departmentId, providerId, appointmentTypeId, startDate, endDate, limit }: SlotSearch,
  ctx: EhrCallContext,
): Promise<OpenSlot[]> {
  const schedules = await directory.schedules({ departmentId, providerId }, ctx);
  const targets = slotSearchTargets(search.vendor, schedules, appointmentTypeId);
  const answers = await eachBounded(targets, SEARCHES_IN_FLIGHT, (target) => {
    const query: Array<[string, string]> = [
      ['schedule', target.schedules.map((schedule) => `Schedule/${schedule.id}`).join(',')],
      ['status', 'free'],
      ['start', `ge${startDate}`],
      ['start', `lt${dayAfter(endDate)}`],
    ];
    if (target.serviceType) {
      query.push(['service-type', target.serviceType]);
    }
    return search.all<Slot>('Slot', query, ctx);
  });
  const byId = new Map<string, OpenSlot>();
  answers.forEach((found, index) => {
    const searched = targets[index]!.schedules;
    for (const slot of found) {
      // A search of one schedule vouches for its slots' schedule, named or not.
      const id = parseReference(slot.schedule)?.id;
      const schedule =
        searched.length === 1 ? searched[0] : searched.find((candidate) => candidate.id === id);
      if (schedule) {
        for (const open of readable([slotFromFhir(slot, { schedule })])) {
          byId.set(open.id, open);
        }
      }
    }
  });
  const slots = [...byId.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
  return limit ? slots.slice(0, limit) : slots;
}
