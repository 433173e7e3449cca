import {
  addDays,
  calendarDate,
  lastDayOfMonth,
  mondayOf,
  type IsoDate,
} from '@ehr-gateway/calendar';
import { thanksgiving, type Today } from './today.js';

/**
 * Patients' own ways of naming a span of days ("next week", "mid December", "in two weeks",
 * "the 15th", "Thanksgiving"): chrono reads these as a single instant or not at all.
 */

export type MentionKind =
  | 'day'
  | 'today'
  | 'tomorrow'
  | 'weekday'
  | 'this-week'
  | 'week'
  | 'few-days'
  | 'weekend'
  | 'month'
  | 'deadline'
  | 'first-available'
  | 'holiday';

export interface Span {
  startDate: IsoDate;
  endDate: IsoDate;
  kind: MentionKind;
}

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];
const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const COUNTS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  'a couple of': 2,
  couple: 2,
  'couple of': 2,
  three: 3,
  'a few': 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
};
const countOf = (word: string) => COUNTS[word] ?? Number(word);

/** Monday–Friday of the week `weeksAhead` after today's: patients mean clinic days. */
function workWeek(today: Today, weeksAhead: number): Span {
  const monday = addDays(mondayOf(today.date), 7 * weeksAhead);
  return { startDate: monday, endDate: addDays(monday, 4), kind: 'week' };
}

export function weekContaining(date: IsoDate): Span {
  const monday = mondayOf(date);
  return { startDate: monday, endDate: addDays(monday, 4), kind: 'week' };
}

/** Early, mid, late, or the Nth week of a month; the whole month otherwise. */
function monthPart(year: number, month: number, part: string | undefined): [number, number] {
  const last = Number(lastDayOfMonth(year, month).slice(8));
  const word = (part ?? '').replace(/^the /, '');
  if (/^(?:early|beginning|start)/.test(word)) {
    return [1, 10];
  }
  if (/^(?:mid|middle)/.test(word)) {
    return [11, 20];
  }
  if (/^(?:late|end)/.test(word)) {
    return [21, last];
  }
  const nth = ['first', 'second', 'third', 'fourth'].indexOf(word.split(' ')[0] ?? '');
  if (nth >= 0) {
    return [nth * 7 + 1, nth * 7 + 7];
  }
  if (word.startsWith('last')) {
    return [last - 6, last];
  }
  return [1, last];
}

/** The month's span from today on; next year's month when this year's has passed. */
function monthSpan(
  today: Today,
  month: number,
  part: string | undefined,
  year?: number,
): Span | null {
  const thisYear = Number(today.date.slice(0, 4));
  const currentMonth = Number(today.date.slice(5, 7));
  const resolvedYear = year ?? (month < currentMonth ? thisYear + 1 : thisYear);
  const [first, last] = monthPart(resolvedYear, month, part);
  const startDate = calendarDate(resolvedYear, month, first);
  const endDate = calendarDate(resolvedYear, month, last);
  if (endDate < today.date) {
    return year === undefined && month === currentMonth
      ? monthSpan(today, month, part, resolvedYear + 1)
      : null;
  }
  return { startDate: startDate < today.date ? today.date : startDate, endDate, kind: 'month' };
}

function holidaySpan(today: Today, name: string): Span {
  const year = Number(today.date.slice(0, 4));
  const dateIn = (y: number): IsoDate => {
    if (/black friday|day after thanksgiving/.test(name)) {
      return addDays(thanksgiving(y), 1);
    }
    if (/thanksgiving/.test(name)) {
      return thanksgiving(y);
    }
    if (/christmas eve/.test(name)) {
      return calendarDate(y, 12, 24);
    }
    if (/christmas|xmas/.test(name)) {
      return calendarDate(y, 12, 25);
    }
    if (/new year'?s eve/.test(name)) {
      return calendarDate(y, 12, 31);
    }
    return calendarDate(y + 1, 1, 1);
  };
  const date = dateIn(year) >= today.date ? dateIn(year) : dateIn(year + 1);
  return { startDate: date, endDate: date, kind: 'holiday' };
}

/** The next day-of-month `day` from today (this month if still ahead, else the next). */
function nextDayOfMonth(today: Today, day: number): Span | null {
  let year = Number(today.date.slice(0, 4));
  let month = Number(today.date.slice(5, 7));
  for (let tries = 0; tries < 3; tries += 1) {
    const last = Number(lastDayOfMonth(year, month).slice(8));
    const date = day <= last ? calendarDate(year, month, day) : null;
    if (date !== null && date >= today.date) {
      return { startDate: date, endDate: date, kind: 'day' };
    }
    month = month === 12 ? 1 : month + 1;
    year = month === 1 ? year + 1 : year;
  }
  return null;
}

const MONTH_WORDS = Object.keys(MONTHS).join('|');
/** How far "first available" looks: far enough to find a slot in any open practice. */
export const FIRST_AVAILABLE_DAYS = 30;
const COUNT_WORDS = 'a|an|one|two|three|four|five|six|a couple of|couple of|a few|few|\\d{1,2}';

/** Phrases chrono reads as a single instant but patients mean as a span, or does not read. */
const CUSTOM: Array<{ pattern: RegExp; resolve: (m: RegExpExecArray, t: Today) => Span | null }> = [
  {
    // "before the end of the year", "by the end of the week": from today to that end.
    pattern: /\b(?:before|by|until) (?:the )?end of (?:the |this )?(year|month|week)\b/g,
    resolve: (m, t) => {
      const year = Number(t.date.slice(0, 4));
      const month = Number(t.date.slice(5, 7));
      const endDate =
        m[1] === 'year'
          ? calendarDate(year, 12, 31)
          : m[1] === 'month'
            ? lastDayOfMonth(year, month)
            : addDays(mondayOf(t.date), 4);
      return { startDate: t.date, endDate: endDate < t.date ? t.date : endDate, kind: 'deadline' };
    },
  },
  {
    // "the first thing you have", "next opening": the earliest slots from today on. ("ASAP" is
    // urgency: it keeps the short urgent window, and the tools widen it when that is empty.)
    pattern:
      /\b(?:(?:the )?first (?:available|opening|open (?:slot|spot|time|appointment)|thing (?:you(?:'ve| have| got)|that's open|available|open))|(?:the )?next (?:available|opening|open (?:slot|spot|time|appointment))|(?:the )?earliest (?:available|opening|open slot|slot you have|appointment you have))\b/g,
    resolve: (_m, t) => ({
      startDate: t.date,
      endDate: addDays(t.date, FIRST_AVAILABLE_DAYS),
      kind: 'first-available',
    }),
  },
  {
    // "any time in the next three weeks", "over the next 10 days": from today to that end.
    pattern: new RegExp(
      `\\b(?:in|within|over|during) (?:the )?(?:next|coming) (${COUNT_WORDS}) (weeks?|days?)\\b|\\bthe (?:next|coming) (${COUNT_WORDS}) (weeks?|days?)\\b`,
      'g',
    ),
    resolve: (m, t) => {
      const count = countOf(m[1] ?? m[3]!);
      const days = /week/.test(m[2] ?? m[4]!) ? 7 * count : count;
      return { startDate: t.date, endDate: addDays(t.date, Math.max(days, 1)), kind: 'deadline' };
    },
  },
  {
    pattern: /\b(?:the )?end of (?:the |this )?year\b/g,
    resolve: (_m, t) => monthSpan(t, 12, 'late'),
  },
  {
    pattern: /\bsame[- ]day (?:appointment|visit|slot|spot|sick visit)s?\b/g,
    resolve: (_m, t) => ({ startDate: t.date, endDate: t.date, kind: 'today' }),
  },
  {
    pattern: /\b(?:the )?(?:week after next|following week after next)\b/g,
    resolve: (_m, t) => workWeek(t, 2),
  },
  {
    pattern: new RegExp(`\\b(in|within) (${COUNT_WORDS}) weeks?\\b`, 'g'),
    resolve: (m, t) => {
      const weeks = countOf(m[2]!);
      const week = weekContaining(addDays(t.date, 7 * weeks));
      return m[1] === 'within' ? { ...week, startDate: t.date } : week;
    },
  },
  {
    pattern: new RegExp(`\\b(${COUNT_WORDS}) weeks? from (?:now|today)\\b`, 'g'),
    resolve: (m, t) => weekContaining(addDays(t.date, 7 * countOf(m[1]!))),
  },
  {
    pattern: /\b(?:the )?(?:next|following|coming) week\b|\bweek after this\b/g,
    resolve: (_m, t) => workWeek(t, 1),
  },
  {
    pattern: /\b(?:(?:sometime|later|rest of|anytime|any time|any day) )?this week\b/g,
    resolve: (_m, t) => {
      const friday = addDays(mondayOf(t.date), 4);
      return {
        startDate: t.date,
        endDate: friday >= t.date ? friday : addDays(friday, 2),
        kind: 'this-week',
      };
    },
  },
  {
    pattern:
      /\b(?:(?:in|within|over) (?:the )?(?:next |coming )?|(?:the )?(?:next|coming) )(a )?(few|couple(?: of)?) days\b|\bin a (few|couple(?: of)?) days\b/g,
    resolve: (m, t) => ({
      startDate: t.date,
      endDate: addDays(t.date, /couple/.test(m[0]) ? 2 : 3),
      kind: 'few-days',
    }),
  },
  {
    pattern: /\b(?:(this|next|the|over the) )?weekend\b/g,
    resolve: (m, t) => {
      const saturday = addDays(mondayOf(t.date), m[1] === 'next' ? 12 : 5);
      const sunday = addDays(saturday, 1);
      return sunday < t.date
        ? { startDate: addDays(saturday, 7), endDate: addDays(sunday, 7), kind: 'weekend' }
        : { startDate: saturday < t.date ? t.date : saturday, endDate: sunday, kind: 'weekend' };
    },
  },
  {
    pattern:
      /\b(?:((?:the )?(?:early|beginning of|start of|mid|middle of|late|end of|first week of|last week of))[- ]?)?(?:(this|next) month|the month)\b/g,
    resolve: (m, t) => {
      const current = Number(t.date.slice(5, 7));
      const month = m[2] === 'next' ? (current % 12) + 1 : current;
      return monthSpan(t, month, m[1]);
    },
  },
  {
    // A month without a day ("in December", "mid-January"); "December 3rd" is chrono's.
    pattern: new RegExp(
      `\\b(?:((?:the )?(?:early|beginning of|start of|mid|middle of|late|end of|(?:first|second|third|fourth|last) week (?:of|in))(?: the month of)?)[- ]?(?:in )?)?(?<!\\d(?:st|nd|rd|th)? (?:of )?)(${MONTH_WORDS})\\b(?!\\.?\\s*\\d)(?! (?:the )?\\d)`,
      'g',
    ),
    resolve: (m, t) => monthSpan(t, MONTHS[m[2]!]!, m[1]),
  },
  {
    pattern: new RegExp(`\\bthe (\\d{1,2})(?:st|nd|rd|th)\\b(?! of (?:${MONTH_WORDS})\\b)`, 'g'),
    resolve: (m, t) => nextDayOfMonth(t, Number(m[1])),
  },
  {
    pattern:
      /\b(?:the )?(day after thanksgiving|black friday|thanksgiving(?: day)?|christmas eve|christmas(?: day)?|xmas|new year'?s eve|new year'?s(?: day)?)\b/g,
    resolve: (m, t) => holidaySpan(t, m[1]!),
  },
  {
    // chrono moves "this morning" to tomorrow once the morning has begun.
    pattern: /\b(?:this (?:morning|afternoon|evening)|tonight)\b/g,
    resolve: (_m, t) => ({ startDate: t.date, endDate: t.date, kind: 'today' }),
  },
];

/** "may" and "march" are also verbs: only a month after a preposition or qualifier. */
function isVerbNotMonth(text: string, match: RegExpExecArray): boolean {
  const word = match[0].trim();
  if (!/^(?:may|march)$/.test(word) || match[1]) {
    return false;
  }
  return !/\b(?:in|of|until|by|during|before|after|since|this|next|early|mid|late)\s+$/.test(
    text.slice(0, match.index),
  );
}

export function customMentions(
  text: string,
  today: Today,
): Array<Span & { index: number; end: number }> {
  const found: Array<Span & { index: number; end: number }> = [];
  const taken = (index: number, end: number) => found.some((f) => index < f.end && end > f.index);
  for (const { pattern, resolve } of CUSTOM) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (taken(match.index, end) || isVerbNotMonth(text, match)) {
        continue;
      }
      const span = resolve(match, today);
      if (span) {
        found.push({ ...span, index: match.index, end });
      }
    }
  }
  return found;
}
