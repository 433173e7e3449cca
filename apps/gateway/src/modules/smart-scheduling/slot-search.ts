import type { ConversationAnalysis, Department, OpenSlot, Provider } from '@ehr-gateway/contracts';

import type { EhrCallContext, EhrClient } from '../ehr/index.js';
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

/**
 * Open slots of the chosen providers in every department they work from, searched at once, the
 * earliest first; the usual provider's come first when they have any.
 */
export async function searchSlots(query: SlotQuery, ctx: EhrCallContext): Promise<OpenSlot[]> {
  const { client, practiceId, departments, providers, timePreference, notBefore } = query;
  const perDepartment = await Promise.all(
    departments.map((department) =>
      client.listOpenSlots(
        practiceId,
        {
          departmentId: department.id,
          appointmentTypeId: query.appointmentTypeId,
          providerId: query.providerId ?? undefined,
          startDate: query.startDate,
          endDate: query.endDate,
        },
        ctx,
      ),
    ),
  );
  const window = timePreference ? HOURS[timePreference] : undefined;
  const allowed = new Set(providers.map((p) => p.id));
  return perDepartment
    .flat()
    .filter((slot) => allowed.has(slot.providerId))
    .filter((slot) => new Date(slot.startTime) >= notBefore)
    .filter(
      (slot) => !window || (localMinutesOf(slot) >= window[0] && localMinutesOf(slot) < window[1]),
    )
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

/**
 * The providers' slots in their home departments; when those have none then, in the practice's
 * other departments too, where providers also hold clinics on some days (an internist at the
 * women's health clinic on Fridays). A second round only when the first found nothing.
 */
export async function searchHomeThenElsewhere(
  query: SlotQuery,
  practiceDepartments: Department[],
  ctx: EhrCallContext,
): Promise<OpenSlot[]> {
  const home = await searchSlots(query, ctx);
  const searched = new Set(query.departments.map((d) => d.id));
  const elsewhere = practiceDepartments.filter((d) => !searched.has(d.id));
  if (home.length > 0 || query.departments.length === 0 || elsewhere.length === 0) {
    return home;
  }
  return searchSlots({ ...query, departments: elsewhere }, ctx);
}

/** The usual provider's slots when there are any, else their colleagues'. */
export function preferUsual(slots: OpenSlot[], basis: ProviderBasis, providers: Provider[]) {
  if (basis !== 'usual') {
    return slots;
  }
  const own = slots.filter((slot) => slot.providerId === providers[0]?.id);
  return own.length > 0 ? own : slots;
}
