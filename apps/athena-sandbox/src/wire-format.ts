import { fromUsDate, toUsDate, wallClockIn, zonedIso, type IsoDate } from '@ehr-gateway/calendar';

/**
 * athenaOne's wire conventions: dates mm/dd/yyyy, times HH:MM (local to the department),
 * datetimes "mm/dd/yyyy HH:MM:SS", and (as in the 2016 preview recordings) ids, numbers and
 * booleans as strings.
 */

/** YYYY-MM-DD → mm/dd/yyyy: the calendar package's US date, athena's wire date. */
export const toAthenaDate = toUsDate;

/**
 * mm/dd/yyyy (m/d/yyyy tolerated) → YYYY-MM-DD; null when it is not a real calendar date. A
 * parameter with a time after the date is refused, not read as the date alone.
 */
export const parseAthenaDate = (text: string): IsoDate | null =>
  /\s/.test(text.trim()) ? null : fromUsDate(text);

/** An instant as athena's local "mm/dd/yyyy HH:MM:SS" in a timezone. */
export function toAthenaDateTime(instant: Date, timezone: string): string {
  const local = wallClockIn(timezone, instant);
  const seconds = String(instant.getUTCSeconds()).padStart(2, '0');
  return `${toAthenaDate(local.date)} ${local.time}:${seconds}`;
}

export const flag = (value: boolean): 'true' | 'false' => (value ? 'true' : 'false');

/** Query and form flags: athena accepts true/false and Y/N in various cases. */
export function isTruthyFlag(value: string | undefined): boolean {
  return value !== undefined && ['true', 'y', 'yes', '1'].includes(value.toLowerCase());
}

/** athena names US timezones the old way ("US/Eastern"); these are valid IANA aliases. */
const ATHENA_TIMEZONE_NAMES: Record<string, string> = {
  'America/New_York': 'US/Eastern',
  'America/Chicago': 'US/Central',
  'America/Denver': 'US/Mountain',
  'America/Phoenix': 'US/Arizona',
  'America/Los_Angeles': 'US/Pacific',
  'America/Anchorage': 'US/Alaska',
  'Pacific/Honolulu': 'US/Hawaii',
};

export const athenaTimezoneName = (timezone: string): string =>
  ATHENA_TIMEZONE_NAMES[timezone] ?? timezone;

/** The UTC offset in whole hours on a date, e.g. -5 for New York in winter. */
export function utcOffsetHours(timezone: string, date: IsoDate): number {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(zonedIso(date, '12:00', timezone));
  if (!offset) {
    return 0;
  }
  const hours = Number(offset[2]) + Number(offset[3]) / 60;
  return offset[1] === '-' ? -hours : hours;
}

/** The standard-time offset (the smaller of January's and July's), as athena's `timezone`. */
export function standardOffsetHours(timezone: string, year: number): number {
  return Math.min(
    utcOffsetHours(timezone, `${year}-01-15`),
    utcOffsetHours(timezone, `${year}-07-15`),
  );
}
