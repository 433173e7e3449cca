import { addDays, type IsoDate } from '@ehr-gateway/calendar';
import { type Appointment, type Practice, type Slot } from '@ehr-gateway/synthetic-practice';

/** Days of computed slots kept in memory: half a year back and a year ahead, with room to spare. */
const MEMO_DAYS = 500;
/** The longest date range a list may cover (the practice computes slots, it does not store them). */
export const MAX_RANGE_DAYS = 366;

export interface SlotFilter {
  departmentIds?: number[];
  providerIds?: number[];
  appointmentTypeIds?: number[];
}

/** Computed days per practice seed, shared by every sandbox with that seed (slots never change). */
const memoBySeed = new Map<number, Map<IsoDate, readonly Slot[]>>();
/** The seed's booking of each remembered slot (deriving it costs microseconds, lists ask often). */
const seedBookings = new WeakMap<Slot, Appointment | null>();

/**
 * The practice's scheduled slots, day by day, remembered: computing a year of slots takes about
 * a second, and the same days are asked for again and again.
 */
export function createSchedule(practice: Practice) {
  let days = memoBySeed.get(practice.seed);
  if (!days) {
    days = new Map();
    memoBySeed.set(practice.seed, days);
  }
  const memo = days;

  function slotsOn(date: IsoDate): readonly Slot[] {
    let slots = memo.get(date);
    if (!slots) {
      slots = practice
        .scheduledSlots({ startDate: date, endDate: date })
        .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.providerId - b.providerId);
      if (memo.size >= MEMO_DAYS) {
        memo.delete(memo.keys().next().value!);
      }
      memo.set(date, slots);
    }
    return slots;
  }

  return {
    /** Slots from startDate to endDate inclusive, by date, start time and provider. */
    slotsBetween(startDate: IsoDate, endDate: IsoDate, filter: SlotFilter = {}): Slot[] {
      const departments = filter.departmentIds ? new Set(filter.departmentIds) : null;
      const providers = filter.providerIds ? new Set(filter.providerIds) : null;
      const types = filter.appointmentTypeIds ? new Set(filter.appointmentTypeIds) : null;
      const result: Slot[] = [];
      for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
        for (const slot of slotsOn(date)) {
          if (
            (!departments || departments.has(slot.departmentId)) &&
            (!providers || providers.has(slot.providerId)) &&
            (!types || types.has(slot.appointmentTypeId))
          ) {
            result.push(slot);
          }
        }
      }
      return result;
    },

    slot: (id: string): Slot | null => practice.slot(id),

    /** The appointment the seed placed in a slot, if any. */
    seedAppointment(slot: Slot): Appointment | null {
      let seeded = seedBookings.get(slot);
      if (seeded === undefined) {
        seeded = practice.seedAppointment(slot);
        seedBookings.set(slot, seeded);
      }
      return seeded;
    },
  };
}

export type Schedule = ReturnType<typeof createSchedule>;
