import { addDays, daysBetween, mondayOf } from '@ehr-gateway/calendar';
import type { DatePreference, SchedulingIntent, Urgency } from '@ehr-gateway/contracts';

import { type Today } from './today.js';
import type { Conversation, Turn } from './conversation.js';
import { findDateMentions, type DateMention } from './date-mentions.js';

export interface DateFinding {
  datePreference: DatePreference | null;
  confidence: number;
  /** The hour of an offered slot the patient picked ("the Thursday one" → 2 pm). */
  offeredHour: number | null;
  /** How soon the asked-for day is (today: urgent; tomorrow, this week, a near deadline: soon). */
  urgency: { urgency: Urgency; evidence: string } | null;
}

interface Located {
  turn: Turn;
  mention: DateMention;
}

// Mentions joined by these words are one wish: "today or tomorrow", "Thursday or Friday morning".
const JOIN =
  /^[\s,]*(?:or|and|&|\/|-|to|through|thru|until|or maybe|or even)?[\s,]*(?:(?:in the )?(?:mornings?|afternoons?|evenings?)[\s,]*(?:or|and)?[\s,]*)?$/;
const PUSH_BACK =
  /\b(?:push|move|bump)\b[^.?!]{0,25}?\b(?:back|out)\s+(?:by\s+)?(a|one|two|three|\d|a couple of)\s+(day|week)s?\b/;
// Changing only the time or the kind of visit keeps the appointment's day.
const SAME_DAY =
  /\b(?:same day|same date|that day|in person|to (?:video|telehealth|virtual|a video visit|a phone call)|later that day|earlier that day)\b/;
const COUNT: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, 'a couple of': 2 };

const isSingleDay = (m: DateMention) => m.startDate === m.endDate;
const isWish = (m: DateMention) => !m.past && !m.excluded && !m.recurring;

/**
 * A bare weekday is read in the week the conversation is already about: after "next Tuesday,
 * December 1st?", "make it Wednesday" means December 2nd, and "the Thursday one" picks the
 * offered Thursday. Only days still ahead qualify, so "Monday" said on a Monday stays next week.
 */
function placeInContext(conversation: Conversation, today: Today): Map<Turn, DateMention[]> {
  const byTurn = new Map<Turn, DateMention[]>();
  let context: string | null = null;
  let lastAssistant: DateMention[] = [];
  for (const turn of conversation.all) {
    const mentions = findDateMentions(turn.text, today).map((mention) => {
      let placed = mention;
      if (mention.bareWeekday !== null && context !== null) {
        const candidate = addDays(mondayOf(context), (mention.bareWeekday + 6) % 7);
        if (candidate > today.date) {
          placed = { ...mention, startDate: candidate, endDate: candidate };
        }
      }
      if (turn.role === 'user' && placed.hour === null) {
        const offer = lastAssistant.find(
          (o) => o.startDate === placed.startDate && o.hour !== null,
        );
        placed = offer ? { ...placed, hour: offer.hour } : placed;
      }
      if (isSingleDay(placed) && isWish(placed)) {
        context = placed.startDate;
      }
      return placed;
    });
    byTurn.set(turn, mentions);
    if (turn.role === 'assistant') {
      lastAssistant = mentions;
    }
  }
  return byTurn;
}

/** The last wish in the turn, widened over alternatives joined to it ("Thursday or Friday"). */
function lastGroup(turn: Turn, mentions: DateMention[]): DateMention[] {
  const group = [mentions[mentions.length - 1]!];
  for (let i = mentions.length - 2; i >= 0; i -= 1) {
    const current = mentions[i]!;
    if (!JOIN.test(turn.text.slice(current.end, group[0]!.index))) {
      break;
    }
    group.unshift(current);
  }
  return group;
}

function preference(turn: Turn, group: DateMention[], today: Today): DatePreference {
  const first = group[0]!;
  const last = group[group.length - 1]!;
  // Quote the limit with the day: "before the 15th", not "the 15th".
  const limitAt = first.limit ? turn.text.lastIndexOf(first.limit, first.index) : -1;
  const text = turn.text.slice(limitAt >= 0 ? limitAt : first.index, last.end);
  let startDate = group.reduce(
    (min, m) => (m.startDate < min ? m.startDate : min),
    first.startDate,
  );
  let endDate = group.reduce((max, m) => (m.endDate > max ? m.endDate : max), first.endDate);
  if (group.length === 1 && first.limit === 'by') {
    startDate = today.date;
  } else if (group.length === 1 && first.limit === 'before') {
    endDate = addDays(first.startDate, -1);
    startDate = today.date;
  } else if (group.length === 1 && first.limit === 'after') {
    startDate = addDays(first.endDate, 1);
    endDate = addDays(startDate, 6);
  }
  return { text, startDate, endDate };
}

function latest(located: Located[], accept: (m: DateMention) => boolean): DateMention[] | null {
  for (let i = located.length - 1; i >= 0; i -= 1) {
    const { turn, mention } = located[i]!;
    if (accept(mention)) {
      const sameTurn = located
        .filter((l) => l.turn === turn && accept(l.mention))
        .map((l) => l.mention);
      return lastGroup(turn, sameTurn);
    }
  }
  return null;
}

function confidenceOf(group: DateMention[], adopted: boolean): number {
  const first = group[0]!;
  if (adopted) {
    return 0.85;
  }
  if (group.length > 1 || first.limit !== null) {
    return 0.75;
  }
  switch (first.kind) {
    case 'day':
    case 'today':
    case 'tomorrow':
    case 'holiday':
      return 0.9;
    case 'weekday':
      return first.bareWeekday === null ? 0.85 : 0.8;
    case 'week':
    case 'this-week':
    case 'weekend':
      return 0.75;
    default:
      return 0.6;
  }
}

function urgencyOf(
  pref: DatePreference,
  group: DateMention[],
  today: Today,
): DateFinding['urgency'] {
  const first = group[0]!;
  if (group.some((m) => m.kind === 'today') && first.limit === null) {
    return { urgency: 'urgent', evidence: pref.text };
  }
  const nearDeadline = first.limit === 'by' && daysBetween(today.date, pref.endDate) <= 7;
  if (
    group.some((m) => m.kind === 'tomorrow') ||
    first.kind === 'this-week' ||
    first.kind === 'few-days' ||
    nearDeadline
  ) {
    return { urgency: 'soon', evidence: pref.text };
  }
  return null;
}

/**
 * The day or range the patient wants, over the whole conversation: the latest turn that names
 * one wins (so "actually, make it Thursday" corrects), ignoring when symptoms began, days ruled
 * out and habits. For a reschedule it is the new date, not the appointment being moved (or
 * that one shifted by "push it back a week"); for a cancellation, the appointment's date.
 */
export function detectDates(
  conversation: Conversation,
  intent: SchedulingIntent,
  today: Today,
): DateFinding {
  const byTurn = placeInContext(conversation, today);
  const located: Located[] = conversation.patient.flatMap((turn) => {
    const source = conversation.all.find((t) => t.order === turn.order) ?? turn;
    return (byTurn.get(source) ?? []).map((mention) => ({ turn, mention }));
  });

  let group: DateMention[] | null;
  if (intent === 'cancel') {
    group = latest(located, (m) => m.existing && !m.past) ?? latest(located, (m) => isWish(m));
  } else if (intent === 'reschedule') {
    group = latest(located, (m) => isWish(m) && !m.existing);
    const pushTurn = conversation.patient.findLast((t) => PUSH_BACK.test(t.text));
    const moved = latest(located, (m) => m.existing && !m.past);
    if (group === null && pushTurn && moved) {
      const [phrase, count, unit] = pushTurn.text.match(PUSH_BACK)!;
      const days = (COUNT[count!] ?? Number(count)) * (unit === 'week' ? 7 : 1);
      const date = addDays(moved[0]!.startDate, days);
      return {
        datePreference: { text: phrase, startDate: date, endDate: date },
        confidence: 0.7,
        offeredHour: null,
        urgency: null,
      };
    }
    if (group === null && moved && conversation.patient.some((t) => SAME_DAY.test(t.text))) {
      group = moved;
    }
  } else {
    group = latest(located, (m) => isWish(m));
  }
  if (group === null) {
    return { datePreference: null, confidence: 0, offeredHour: null, urgency: null };
  }
  const turn = located.find((l) => l.mention === group[0])!.turn;
  const datePreference = preference(turn, group, today);
  return {
    datePreference,
    confidence: confidenceOf(group, turn.adopted),
    offeredHour: group.length === 1 ? group[0]!.hour : null,
    urgency: urgencyOf(datePreference, group, today),
  };
}
