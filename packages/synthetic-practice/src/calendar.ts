import type { ClockTime, IsoDate } from './types.js';

const DAY_MS = 86_400_000;

export const isIsoDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return false;
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** Days since 1970-01-01 for a calendar date (no timezone involved). */
export const dayNumber = (date: IsoDate): number =>
  Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const dateFromDayNumber = (day: number): IsoDate =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: IsoDate, days: number): IsoDate =>
  dateFromDayNumber(dayNumber(date) + days);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: IsoDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export const minutesOfDay = (time: ClockTime): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export const clockTime = (minutes: number): ClockTime =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Today's date in a timezone. */
export function todayIn(timezone: string, now: Date = new Date()): IsoDate {
  return localDateTime(now, timezone).date;
}

// Building an Intl formatter costs far more than using one; keep one per timezone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

function offsetMinutesAt(instant: Date, timezone: string): number {
  const parts = wallClockFormatter(timezone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a local wall-clock time in a timezone denotes. */
export function zonedInstant(date: IsoDate, time: ClockTime, timezone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const offset = offsetMinutesAt(guess, timezone);
  const instant = new Date(guess.getTime() - offset * 60_000);
  // Re-check once: the offset at the true instant may differ across a DST change.
  const corrected = offsetMinutesAt(instant, timezone);
  return corrected === offset ? instant : new Date(guess.getTime() - corrected * 60_000);
}

/** ISO 8601 with the timezone's offset, e.g. 2026-03-02T09:30:00-05:00. */
export function zonedIso(date: IsoDate, time: ClockTime, timezone: string): string {
  const instant = zonedInstant(date, time, timezone);
  const offset = offsetMinutesAt(instant, timezone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${date}T${time}:00${sign}${hh}:${mm}`;
}

/** The local date and time in a timezone at an instant. */
export function localDateTime(instant: Date, timezone: string): { date: IsoDate; time: ClockTime } {
  const parts = wallClockFormatter(timezone).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** ISO 8601 (with offset) of a local start time plus some minutes, e.g. an appointment's end. */
export function zonedIsoAfter(
  date: IsoDate,
  time: ClockTime,
  minutes: number,
  timezone: string,
): string {
  const end = new Date(zonedInstant(date, time, timezone).getTime() + minutes * 60_000);
  const local = localDateTime(end, timezone);
  return zonedIso(local.date, local.time, timezone);
}
