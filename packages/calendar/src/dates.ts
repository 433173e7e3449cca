/**
 * Calendar dates as YYYY-MM-DD strings. The arithmetic is done in UTC so that neither the host's
 * time zone nor a daylight-saving change ever shifts a day.
 */

/** A calendar date, YYYY-MM-DD. */
export type IsoDate = string;

/** A wall-clock time, HH:MM (24 h). */
export type ClockTime = string;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The date of a year, month (1–12) and day, or null when no such day exists (Feb 30). */
export function realDate(year: number, month: number, day: number): IsoDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) {
    return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/**
 * The date of a year, month and day counted on from the start of the month, as Date.UTC counts:
 * month 13 is January of the next year, day 0 the last day of the month before.
 */
export const calendarDate = (year: number, month: number, day: number): IsoDate =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The date written as YYYY-MM-DD, when it is a real calendar day. */
export function parseIsoDate(text: string): IsoDate | null {
  const match = ISO_DATE.exec(text);
  return match ? realDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

export const isRealIsoDate = (text: string): boolean => parseIsoDate(text) !== null;

/** Days since 1970-01-01. */
export const dayNumber = (date: IsoDate): number =>
  Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const dateFromDayNumber = (day: number): IsoDate =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: IsoDate, days: number): IsoDate =>
  dateFromDayNumber(dayNumber(date) + days);

export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumber(to) - dayNumber(from);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: IsoDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The Monday of the (Monday–Sunday) week holding the date. */
export const mondayOf = (date: IsoDate): IsoDate => addDays(date, -((weekday(date) + 6) % 7));

/** The last day of a month (1–12). */
export const lastDayOfMonth = (year: number, month: number): IsoDate =>
  calendarDate(year, month + 1, 0);

/** Minutes since midnight of a wall-clock time. */
export const minutesOfDay = (time: ClockTime): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The wall-clock time a number of minutes after midnight. */
export const clockTime = (minutes: number): ClockTime =>
  `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
