import type { ConversationAnalysis, Department, OpenSlot, Provider } from '@ehr-gateway/contracts';

import { openSlotsIn, type EhrCallContext, type EhrClient } from '../ehr/index.js';
import type { ProviderBasis } from './default-providers.js';

/** Minutes after midnight (local) that each time-of-day preference covers. */
const HOURS: Record<string, [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

/** Slot start times carry the department's offset, so the clock digits are local time. */
function localMinutesOf(slot: OpenSlot): number {
  const match = /T(\d{2}):(\d{2})/.exec(slot.startTime);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

interface SlotQuery {
  client: EhrClient;
  practiceId: string;
  departments: Department[];
  providers: Provider[];
  appointmentTypeId: string | undefined;
  providerId: string | null;
  startDate: string;
  endDate: string;
  timePreference: ConversationAnalysis['extractedInfo']['timePreference'];
  /** Slots that begin before this are gone. */
  notBefore: Date;
}

/** The slots the chosen providers can give at the time the caller prefers, the earliest first. */
function fitting(slots: OpenSlot[], query: SlotQuery): OpenSlot[] {
  const { providers, timePreference, notBefore } = query;
  const window = timePreference ? HOURS[timePreference] : undefined;
  const allowed = new Set(providers.map((p) => p.id));
  return slots
    .filter((slot) => allowed.has(slot.providerId))
    .filter((slot) => new Date(slot.startTime) >= notBefore)
    .filter(
      (slot) => !window || (localMinutesOf(slot) >= window[0] && localMinutesOf(slot) < window[1]),
    )
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/**
 * The open slots of these departments for the query, as the EHR lists them; an EHR that takes
 * lists is asked for the chosen providers' only (the rest would be filtered out here anyway).
 */
function openSlotsOf(departments: Department[], query: SlotQuery, ctx: EhrCallContext) {
  const { client, providerId, providers } = query;
  return openSlotsIn(
    client,
    query.practiceId,
    {
      departmentIds: departments.map((department) => department.id),
      providerIds: providerId
        ? [providerId]
        : client.listOpenSlotsIn
          ? providers.map((provider) => provider.id)
          : undefined,
      appointmentTypeId: query.appointmentTypeId,
      startDate: query.startDate,
      endDate: query.endDate,
    },
    ctx,
  );
}

/**
 * Open slots of the chosen providers in every department they work from, searched at once, the
 * earliest first; the usual provider's come first when they have any.
 */
export async function searchSlots(query: SlotQuery, ctx: EhrCallContext): Promise<OpenSlot[]> {
  return fitting(await openSlotsOf(query.departments, query, ctx), query);
}

/**
 * The providers' slots in their home departments; when those have none then, in the practice's
 * other departments too, where providers also hold clinics on some days (an internist at the
 * women's health clinic on Fridays). An EHR that takes a list of departments is asked for both in
 * one call (a voice caller waits for every round trip); another is asked for the others only when
 * the home departments had nothing.
 */
export async function searchHomeThenElsewhere(
  query: SlotQuery,
  practiceDepartments: Department[],
  ctx: EhrCallContext,
): Promise<OpenSlot[]> {
  const homeIds = new Set(query.departments.map((d) => d.id));
  const elsewhere = practiceDepartments.filter((d) => !homeIds.has(d.id));
  if (query.departments.length === 0 || elsewhere.length === 0) {
    return searchSlots(query, ctx);
  }
  if (query.client.listOpenSlotsIn) {
    const all = await openSlotsOf([...query.departments, ...elsewhere], query, ctx);
    const home = fitting(
      all.filter((slot) => homeIds.has(slot.departmentId)),
      query,
    );
    return home.length > 0
      ? home
      : fitting(
          all.filter((slot) => !homeIds.has(slot.departmentId)),
          query,
        );
  }
  const home = await searchSlots(query, ctx);
  return home.length > 0 ? home : searchSlots({ ...query, departments: elsewhere }, ctx);
}

/** The usual provider's slots when there are any, else their colleagues'. */
export function preferUsual(slots: OpenSlot[], basis: ProviderBasis, providers: Provider[]) {
  if (basis !== 'usual') {
    return slots;
  }
  const own = slots.filter((slot) => slot.providerId === providers[0]?.id);
  return own.length > 0 ? own : slots;
}
