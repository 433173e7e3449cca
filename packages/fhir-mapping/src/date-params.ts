import { addDays, calendarDate, parseIsoDate, realDate, zonedInstant } from '@ehr-gateway/calendar';

import { FhirSearchError } from './search-params.js';

/**
 * Date search parameters (https://hl7.org/fhir/R4/search.html#date): a prefix, then a date or
 * dateTime whose precision makes it a range (`2026-03` is all of March). Compared with an
 * instant (Slot.start, Appointment.date), `ge X` means at or after X's start, `lt X` before it,
 * `le X` before X's end, `gt X` at or after X's end.
 */

export const DATE_PREFIXES = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'sa', 'eb', 'ap'] as const;
export type DatePrefix = (typeof DATE_PREFIXES)[number];

export type DatePrecision = 'year' | 'month' | 'day' | 'minute' | 'second' | 'millisecond';

export interface DateParam {
  prefix: DatePrefix;
  /** The value as written, without its prefix. */
  value: string;
  precision: DatePrecision;
  /** The value's implicit range: [lower, upper). */
  lower: Date;
  upper: Date;
}

type Range = Pick<DateParam, 'precision' | 'lower' | 'upper'>;

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;
const STEP_MS = { minute: 60_000, second: 1000, millisecond: 1 } as const;

function dateRange(value: string, timezone: string): Range | null {
  const match = DATE.exec(value);
  if (!match) {
    return null;
  }
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) : null;
  const day = match[3] ? Number(match[3]) : null;
  const first = realDate(year, month ?? 1, day ?? 1);
  if (!first) {
    return null;
  }
  const next = day
    ? addDays(first, 1)
    : month
      ? calendarDate(year, month + 1, 1)
      : calendarDate(year + 1, 1, 1);
  return {
    precision: day ? 'day' : month ? 'month' : 'year',
    lower: zonedInstant(first, '00:00', timezone),
    upper: zonedInstant(next, '00:00', timezone),
  };
}

function dateTimeRange(value: string, timezone: string): Range | null {
  const match = DATE_TIME.exec(value);
  if (!match) {
    return null;
  }
  const [, date, hour, minute, second, fraction, offset] = match as unknown as string[];
  if (!parseIsoDate(date!) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return null;
  }
  const minuteStart = offset
    ? Date.parse(`${date}T${hour}:${minute}:00${offset}`)
    : zonedInstant(date!, `${hour}:${minute}`, timezone).getTime();
  const lower =
    minuteStart + Number(second ?? 0) * 1000 + Math.floor(Number(`0${fraction ?? ''}`) * 1000);
  const precision = fraction ? 'millisecond' : second ? 'second' : 'minute';
  return { precision, lower: new Date(lower), upper: new Date(lower + STEP_MS[precision]) };
}

/**
 * A date parameter's value: an optional prefix, then a FHIR date or dateTime. A value without a
 * UTC offset is read in `timezone` (IANA; UTC by default): FHIR leaves that to the server.
 */
export function parseDateParam(raw: string, parameter = 'date', timezone = 'UTC'): DateParam {
  const prefix = DATE_PREFIXES.find((p) => raw.startsWith(p));
  const value = prefix ? raw.slice(2) : raw;
  const range = dateRange(value, timezone) ?? dateTimeRange(value, timezone);
  if (!range) {
    throw new FhirSearchError(
      parameter,
      `"${raw}" is not a date: use YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm[:ss][Z|±hh:mm], after an optional prefix (${DATE_PREFIXES.join(', ')})`,
    );
  }
  return { prefix: prefix ?? 'eq', value, ...range };
}

/** Whether an instant satisfies a date parameter. */
export function matchesDateParam(param: DateParam, instant: Date): boolean {
  const at = instant.getTime();
  const lower = param.lower.getTime();
  const upper = param.upper.getTime();
  switch (param.prefix) {
    case 'eq':
    case 'ap':
      return at >= lower && at < upper;
    case 'ne':
      return at < lower || at >= upper;
    case 'gt':
    case 'sa':
      return at >= upper;
    case 'ge':
      return at >= lower;
    case 'lt':
    case 'eb':
      return at < lower;
    case 'le':
      return at < upper;
  }
}

/**
 * The one interval [from, to) that all the parameters allow together (repeated parameters are
 * ANDed); an open side is undefined. `ne` is no interval and is refused. Empty when from >= to.
 */
export function dateParamsToRange(
  params: readonly DateParam[],
  parameter = 'date',
): { from: Date | undefined; to: Date | undefined } {
  let from: Date | undefined;
  let to: Date | undefined;
  const atLeast = (d: Date) => {
    from = !from || d > from ? d : from;
  };
  const before = (d: Date) => {
    to = !to || d < to ? d : to;
  };
  for (const param of params) {
    if (param.prefix === 'ne') {
      throw new FhirSearchError(parameter, 'the ne prefix is not supported here');
    }
    if (param.prefix === 'eq' || param.prefix === 'ap' || param.prefix === 'ge') {
      atLeast(param.lower);
    }
    if (param.prefix === 'gt' || param.prefix === 'sa') {
      atLeast(param.upper);
    }
    if (param.prefix === 'eq' || param.prefix === 'ap' || param.prefix === 'le') {
      before(param.upper);
    }
    if (param.prefix === 'lt' || param.prefix === 'eb') {
      before(param.lower);
    }
  }
  return { from, to };
}

/** `ge2026-03-02T05:00:00Z`: a prefix and an instant (to the second, UTC) or a date as written. */
export function formatDateParam(prefix: DatePrefix, value: Date | string): string {
  const text = typeof value === 'string' ? value : value.toISOString().replace(/\.000Z$/, 'Z');
  return `${prefix}${text}`;
}
