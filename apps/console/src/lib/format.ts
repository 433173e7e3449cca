// Dates are formatted with the platform's Intl rather than a date library: these few formats are
// all the console shows, and the library was a tenth of the first page's download.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  let date: Date;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    // A calendar date is that day where the viewer is, not midnight UTC.
    date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  } else {
    date = value instanceof Date ? value : new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Whole calendar months from earlier to later (both as dates), never rounding up. */
function calendarMonthsBetween(earlier: Date, later: Date): number {
  const months =
    (later.getFullYear() - earlier.getFullYear()) * 12 + later.getMonth() - earlier.getMonth();
  const shifted = new Date(earlier);
  shifted.setMonth(earlier.getMonth() + months);
  return shifted > later ? months - 1 : months;
}

/** The distance in words, as people say it ("about 2 hours", "3 days", "over 1 year"). */
function distanceInWords(date: Date, now: Date): string {
  const [earlier, later] = date < now ? [date, now] : [now, date];
  const minutes = Math.round((later.getTime() - earlier.getTime()) / 60_000);
  if (minutes < 1) {
    return 'less than a minute';
  }
  if (minutes < 45) {
    return plural(minutes, 'minute');
  }
  if (minutes < 90) {
    return 'about 1 hour';
  }
  if (minutes < 24 * 60) {
    return `about ${plural(Math.round(minutes / 60), 'hour')}`;
  }
  if (minutes < 42 * 60) {
    return '1 day';
  }
  if (minutes < 30 * 24 * 60) {
    return plural(Math.round(minutes / (24 * 60)), 'day');
  }
  if (minutes < 60 * 24 * 60) {
    return `about ${plural(Math.round(minutes / (30 * 24 * 60)), 'month')}`;
  }
  const months = calendarMonthsBetween(earlier, later);
  if (months < 12) {
    return plural(Math.round(minutes / (30 * 24 * 60)), 'month');
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest < 3) {
    return `about ${plural(years, 'year')}`;
  }
  return rest < 9 ? `over ${plural(years, 'year')}` : `almost ${plural(years + 1, 'year')}`;
}

/** "5 minutes ago"; 'Unknown time' for anything that does not parse as a date. */
export function formatRelativeTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) {
    return 'Unknown time';
  }
  const now = new Date();
  const words = distanceInWords(date, now);
  return date > now ? `in ${words}` : `${words} ago`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const CLOCK_FORMAT = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "Mar 4, 2025, 14:05:09" in the viewer's time zone; 'Unknown time' when unparseable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${DAY_FORMAT.format(date)}, ${CLOCK_FORMAT.format(date)}` : 'Unknown time';
}

/** "Mar 4, 2025"; 'Unknown date' when unparseable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? DAY_FORMAT.format(date) : 'Unknown date';
}

/** One rule everywhere: tenths below 10 ms, whole milliseconds from there (2.0 ms, 42 ms). */
export function formatResponseTime(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Pretty JSON for display; strings stay as they are. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
