import { addDays, todayIn } from '@ehr-gateway/calendar';
import { createPractice } from '@ehr-gateway/synthetic-practice';

/**
 * Dates for tests, taken from the synthetic schedule rather than from "N days from now": whether a
 * day has open slots depends on the weekday and the seed, so a fixed offset passes on some days
 * of the week and fails on others. Every date returned lies at least two days ahead (so no slot
 * of it is already in the past in any US timezone) and inside the booking window.
 */
const practice = createPractice();

export interface ScheduleQuery {
  departmentId?: string;
  providerId?: string;
  appointmentTypeId?: string;
  /** The earliest day to consider, counted from today (UTC). Default 2. */
  daysAhead?: number;
  /** Days a test already uses, e.g. for another booking in the same database. */
  avoid?: readonly string[];
  /** What the day must hold: unbooked slots (default) or appointments the seed booked. */
  needs?: 'open' | 'booked';
  /** At least this many matching slots. Default 1. */
  atLeast?: number;
}

const SEARCH_DAYS = 60;

/** The first day from `daysAhead` on that the synthetic schedule has what the query asks for. */
export function scheduleDate(query: ScheduleQuery = {}, now: Date = new Date()): string {
  const {
    departmentId,
    providerId,
    appointmentTypeId,
    daysAhead = 2,
    avoid = [],
    needs = 'open',
    atLeast = 1,
  } = query;
  const first = addDays(todayIn('UTC', now), Math.max(daysAhead, 2));
  for (let offset = 0; offset < SEARCH_DAYS; offset += 1) {
    const date = addDays(first, offset);
    if (avoid.includes(date)) {
      continue;
    }
    const slots = practice.scheduledSlots({
      startDate: date,
      endDate: date,
      departmentIds: departmentId ? [Number(departmentId)] : undefined,
      providerIds: providerId ? [Number(providerId)] : undefined,
      appointmentTypeIds: appointmentTypeId ? [Number(appointmentTypeId)] : undefined,
    });
    const matching = slots.filter((slot) =>
      needs === 'open' ? !practice.seedAppointment(slot) : practice.seedAppointment(slot),
    );
    if (matching.length >= atLeast) {
      return date;
    }
  }
  throw new Error(`no day in ${SEARCH_DAYS} from ${first} matches ${JSON.stringify(query)}`);
}

/** A Saturday, on which no schedule has slots. */
export function aSaturday(now: Date = new Date()): string {
  let date = addDays(todayIn('UTC', now), 2);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) {
    date = addDays(date, 1);
  }
  return date;
}
