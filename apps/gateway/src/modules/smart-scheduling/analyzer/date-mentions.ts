import { addDays, calendarDate, weekday, type IsoDate } from '@ehr-gateway/calendar';
import * as chrono from 'chrono-node';

import { type Today } from './today.js';
import {
  customMentions,
  weekContaining,
  WEEKDAYS,
  type MentionKind,
  type Span,
} from './date-phrases.js';
import { clauseRange, isPastClause } from './text.js';

export type { MentionKind } from './date-phrases.js';

/** One place a message names a day or a span of days. */
export interface DateMention {
  text: string;
  index: number;
  end: number;
  startDate: IsoDate;
  endDate: IsoDate;
  kind: MentionKind;
  /** 0–6 for a bare weekday ("Thursday"), which the conversation may place in another week. */
  bareWeekday: number | null;
  /** The hour when the mention names one ("Thursday at 2pm"), as assistants offer slots. */
  hour: number | null;
  /** "by Friday", "before the 15th", "after the 15th": a limit, not the day itself. */
  limit: 'by' | 'before' | 'after' | null;
  /** When symptoms began, not when to come ("twisted my knee Saturday"). */
  past: boolean;
  /** Ruled out ("not Thursday", "Thursday is Thanksgiving"). */
  excluded: boolean;
  /** A habit, not a date ("Saturdays", "any Tuesday"). */
  recurring: boolean;
  /** The date of an appointment the patient already has ("my appointment on the 30th"). */
  existing: boolean;
}

/** A span found in the text, before it is judged (past, ruled out, a habit, an old appointment). */
type Located = Span & {
  index: number;
  end: number;
  bareWeekday: number | null;
  hour: number | null;
};

/** One side of a chrono result, read the way a patient means it. */
function chronoSide(
  components: chrono.ParsedComponents,
  words: string,
  index: number,
  relative: boolean,
  today: Today,
): Located | null {
  const dayKnown = components.isCertain('day');
  const weekdayOnly = !dayKnown && components.isCertain('weekday');
  if (!dayKnown && !weekdayOnly) {
    return null;
  }
  let date = calendarDate(
    components.get('year') ?? 0,
    components.get('month') ?? 1,
    components.get('day') ?? 1,
  );
  const end = index + words.length;
  if (relative && /weeks?|months?/.test(words)) {
    return { ...weekContaining(date), index, end, bareWeekday: null, hour: null };
  }
  let bareWeekday: number | null = null;
  let kind: MentionKind = 'day';
  if (weekdayOnly) {
    const bare = words.replace(/^(?:on|from|to) /, '');
    if (/^last\b/.test(bare)) {
      date = addDays(date, -7);
    } else if (!/^(?:this|next|coming)\b/.test(bare)) {
      bareWeekday = weekday(date);
      // Said on a Monday, "Monday" means next Monday.
      date = date === today.date ? addDays(date, 7) : date;
    }
    kind = 'weekday';
  }
  // Only the words count: "Tuesday" said on a Monday is a pick, "tomorrow" is a hurry.
  if (/\b(?:today|tonight)\b/.test(words)) {
    kind = 'today';
  } else if (/\btomorrow\b/.test(words) && date === addDays(today.date, 1)) {
    kind = 'tomorrow';
  }
  const hour = components.isCertain('hour') ? (components.get('hour') ?? null) : null;
  return { startDate: date, endDate: date, kind, index, end, bareWeekday, hour };
}

/**
 * Which chrono results count: calendar dates, weekdays, casual days and "in N days". A range
 * ("Thursday to next Monday") becomes its two ends, so a reschedule can tell old from new.
 */
function chronoMentions(text: string, today: Today, reference: Date): Located[] {
  const mentions: Located[] = [];
  for (const result of chrono.parse(text, reference, { forwardDate: true })) {
    const tags = result.tags();
    // "now" is urgency, not a date; "any weekday morning" names no day.
    if (tags.has('casualReference/now') || /\bweekdays?\b/.test(result.text)) {
      continue;
    }
    const relative = tags.has('result/relativeDate');
    if (
      relative &&
      !/^(?:in|within)\b|\b(?:from now|from today|later)$|day after tomorrow/.test(result.text)
    ) {
      // "for 3 days", "3 times a week", "6 month": durations, not dates.
      continue;
    }
    const split = result.end ? /\s*(?:-|to|through|thru|until)\s+/.exec(result.text) : null;
    if (result.end && split) {
      const startWords = result.text.slice(0, split.index);
      const endWords = result.text.slice(split.index + split[0].length);
      const endIndex = result.index + split.index + split[0].length;
      mentions.push(
        ...[
          chronoSide(result.start, startWords, result.index, relative, today),
          chronoSide(result.end, endWords, endIndex, relative, today),
        ].filter((m): m is Located => m !== null),
      );
      continue;
    }
    const side = chronoSide(result.start, result.text, result.index, relative, today);
    if (side) {
      mentions.push(side);
    }
  }
  return mentions;
}

const NEGATED_BEFORE =
  /\b(?:not|except|but not|anything but|no|can't do|cannot do|can't on)\s+(?:on\s+|the\s+)?$/;
const RECURRING_BEFORE = new RegExp(
  `\\b(?:any|every|most)\\s+(?:(?:${WEEKDAYS.join('|')})\\s+(?:or|and|&)\\s+)?$`,
);
const EXCLUDED_AFTER =
  /^\s+(?:is|would be|will be|'s)\s+(?:thanksgiving|christmas|new year'?s|a holiday|the holiday)/;
const EXISTING_BEFORE =
  /(?:\b(?:my|our|his|her|the|an?)\s+(?:[\w'/-]+\s+){0,3}?(?:appointment|visit|check|checkup|physical|colonoscopy|follow-up|one)\b(?:(?!\b(?:to|instead|for|until|into)\b)(?:\b(?:dr|mr|mrs|ms)\.|[^,.;!?]))*|\bfrom\s+)$/;

function flag(
  text: string,
  today: Today,
  span: Omit<DateMention, 'past' | 'excluded' | 'recurring' | 'existing' | 'limit'>,
): DateMention {
  const [clauseStart, clauseEnd] = clauseRange(text, span.index);
  const clause = text.slice(clauseStart, clauseEnd);
  const before = text.slice(clauseStart, span.index);
  const after = text.slice(span.end);
  const limit = /\b(?:by|no later than|until)\s+(?:the\s+)?$/.test(before)
    ? 'by'
    : /\bbefore\s+(?:\S+\s+){0,6}$/.test(before)
      ? 'before'
      : /\bafter\s+(?:the\s+)?$/.test(before)
        ? 'after'
        : null;
  return {
    ...span,
    limit,
    past: span.endDate < today.date || isPastClause(clause),
    excluded:
      NEGATED_BEFORE.test(text.slice(Math.max(0, span.index - 25), span.index)) ||
      EXCLUDED_AFTER.test(after) ||
      (span.kind === 'holiday' && /\b(?:is|that's|it's|its)\s+$/.test(before)),
    recurring: span.kind === 'weekday' && (/^s\b/.test(after) || RECURRING_BEFORE.test(before)),
    existing: EXISTING_BEFORE.test(before) || /^(?:'s)?\s*(?:appointment|visit)\b/.test(after),
  };
}

/**
 * Every day or span a (normalised) message names, resolved against `today` in the practice's
 * time zone. Patients' ranges ("next week", "mid December", "in two weeks") come from our own
 * patterns; calendar dates and weekdays from chrono, which gets a reference whose local
 * wall-clock equals the practice's, so the host's time zone never shifts a day.
 */
export function findDateMentions(text: string, today: Today): DateMention[] {
  const [year, month, day] = today.date.split('-').map(Number) as [number, number, number];
  const reference = new Date(year, month - 1, day, today.hour, today.minute);
  const custom: Located[] = customMentions(text, today).map((span) => ({
    ...span,
    bareWeekday: null,
    hour: null,
  }));
  const overlaps = (index: number, end: number) =>
    custom.some((c) => index < c.end && end > c.index);
  const fromChrono = chronoMentions(text, today, reference).filter(
    (m) => !overlaps(m.index, m.end),
  );
  const all = [...custom, ...fromChrono].sort((a, b) => a.index - b.index);
  // "Friday the 4th", "Tuesday, the 24th": the calendar date decides, the weekday repeats it.
  const kept = all.filter((mention, i) => {
    const next = all[i + 1];
    return !(
      mention.kind === 'weekday' &&
      next?.kind === 'day' &&
      /^[\s,]*(?:the\s*)?$/.test(text.slice(mention.end, next.index))
    );
  });
  return kept.map((mention) => {
    const before = text.slice(Math.max(0, mention.index - 10), mention.index);
    // "the week of December 14": that Monday–Friday.
    const span = /\bweek of\s*$/.test(before)
      ? { ...mention, ...weekContaining(mention.startDate) }
      : mention;
    return flag(text, today, { ...span, text: text.slice(span.index, span.end) });
  });
}
