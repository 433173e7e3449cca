import { TZDate, tzOffset } from '@date-fns/tz';

import { clockTime, type ClockTime, type IsoDate } from './dates.js';

/** A moment as a clock on the wall in some time zone shows it. */
export interface WallClock {
  date: IsoDate;
  time: ClockTime;
  hour: number;
  minute: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

const knownZones = new Map<string, boolean>();

/** Throws a RangeError for a time zone name the runtime does not know (as Intl does). */
function assertKnownZone(timezone: string): void {
  let known = knownZones.get(timezone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: timezone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timezone, known);
  }
  if (!known) {
    throw new RangeError(`Unknown time zone: ${timezone}`);
  }
}

/** What the wall clock shows at an instant in a time zone (an IANA name such as America/Chicago). */
export function wallClockIn(timezone: string, instant: Date): WallClock {
  assertKnownZone(timezone);
  const local = new TZDate(instant.getTime(), timezone);
  const hour = local.getHours();
  const minute = local.getMinutes();
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: clockTime(hour * 60 + minute),
    hour,
    minute,
  };
}

/** Today's date in a time zone. */
export const todayIn = (timezone: string, now: Date = new Date()): IsoDate =>
  wallClockIn(timezone, now).date;

/**
 * The instant a wall-clock time in a time zone denotes. Where daylight saving makes the time
 * ambiguous the earlier instant is meant; where it skips the time (the spring-forward gap) the
 * clock is read as if it had not jumped, which lands the same length of time after the gap
 * (02:30 on a spring-forward night is 03:30 in the new offset). Temporal calls this "compatible".
 */
export function zonedInstant(date: IsoDate, time: ClockTime, timezone: string): Date {
  assertKnownZone(timezone);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, timezone).getTime());
}

/** ISO 8601 of an instant in a time zone, with its offset: 2026-03-02T09:30:00-05:00. */
export function isoInZone(instant: Date, timezone: string): string {
  const { date, time } = wallClockIn(timezone, instant);
  const offset = tzOffset(timezone, instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 (with offset) of a wall-clock time in a time zone. */
export const zonedIso = (date: IsoDate, time: ClockTime, timezone: string): string =>
  isoInZone(zonedInstant(date, time, timezone), timezone);

/** ISO 8601 (with offset) of a wall-clock time plus some minutes, e.g. an appointment's end. */
export const zonedIsoAfter = (
  date: IsoDate,
  time: ClockTime,
  minutes: number,
  timezone: string,
): string =>
  isoInZone(new Date(zonedInstant(date, time, timezone).getTime() + minutes * 60_000), timezone);
