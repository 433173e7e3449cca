/**
 * Plain calendar-date arithmetic on YYYY-MM-DD strings. Dates are computed in UTC so that the
 * host's time zone and DST never shift a day; only "today" depends on the practice's zone.
 */

export type IsoDate = string;

export interface Today {
  date: IsoDate;
  /** Wall-clock hour in the practice's time zone, so "this afternoon" can be judged. */
  hour: number;
  minute: number;
}

/** The calendar date and wall-clock time at `now` in `timezone` (an IANA name). */
export function todayIn(timezone: string, now: Date): Today {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}

const toUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const fromUtc = (value: Date): IsoDate => value.toISOString().slice(0, 10);

export function isoDate(year: number, month: number, day: number): IsoDate {
  return fromUtc(new Date(Date.UTC(year, month - 1, day)));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

/** The Monday of the (Monday–Sunday) week holding `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export function lastDayOfMonth(year: number, month: number): IsoDate {
  return fromUtc(new Date(Date.UTC(year, month, 0)));
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** Thanksgiving in the US: the fourth Thursday of November. */
export function thanksgiving(year: number): IsoDate {
  const first = isoDate(year, 11, 1);
  const offset = (4 - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + 21);
}
