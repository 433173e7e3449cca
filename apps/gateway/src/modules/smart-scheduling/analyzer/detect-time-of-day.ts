import type { TimePreference } from '@ehr-gateway/contracts';

import type { Turn } from './conversation.js';
import { clauseAt, isNegatedAt, isPastClause } from './text.js';

export interface TimeOfDayFinding {
  timePreference: TimePreference | null;
  evidence: string | null;
}

/**
 * Words for a part of the day. Clinic sessions run 8–12 and 13–17, so "lunch" and "noon" mean
 * the start of the afternoon session; "after 5" means an evening slot.
 */
const PARTS: Array<[TimePreference, RegExp]> = [
  ['any', /\b(?:any ?time|whenever|flexible|any time of (?:the )?day|doesn't matter|any hour)\b/g],
  [
    'morning',
    /\b(?:mornings?|in the am|first thing(?! (?:you|that|available|open))|early (?:in the day|appointment|slot)|before work|before (?:noon|lunch))\b/g,
  ],
  [
    'afternoon',
    /\b(?:afternoons?|after lunch|after school|lunch ?time|lunch break|lunch|at noon|around noon|midday|mid-day)\b/g,
  ],
  [
    'evening',
    /\b(?:evenings?|tonight|after work|after (?:5|five|6|six|7|seven)(?::\d\d)?(?: ?pm)?|late in the day|after hours)\b/g,
  ],
];
const GREETING = /\bgood (?:morning|afternoon|evening)\b/g;
// A clock time, introduced ("after 3", "like 3:30") or with am/pm ("2pm"); never "I work 9 to 5".
const CLOCK =
  /\b(?:at|after|around|by|like|about|before|say)\s+(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)?|\b(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)(?!\w)/g;

/** "like 3 times a week", "about 2 days": a count, not a clock time. */
const COUNT_AFTER =
  /^(?:[.,]\d)?\s*(?:times|x\b|days?|weeks?|months?|years?|hours?|minutes?|mins?|%|percent|degrees|kids|children|people|pills|mg|lbs|pounds|out of|or so)/;

/** Clinic hours make a bare "3" mean 3 pm and a bare "9" mean 9 am. */
export function partOfDay(hour: number): TimePreference {
  if (hour < 12) {
    return 'morning';
  }
  return hour < 17 ? 'afternoon' : 'evening';
}

function clockHour(match: RegExpExecArray): number {
  const hour = Number(match[1] ?? match[4]);
  const meridiem = (match[3] ?? match[6] ?? '').replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) {
    return hour + 12;
  }
  if (meridiem === 'am') {
    return hour % 12;
  }
  if (meridiem === '') {
    return hour >= 1 && hour <= 6 ? hour + 12 : hour;
  }
  return hour;
}

function isLive(text: string, index: number): boolean {
  return !isNegatedAt(text, index) && !isPastClause(clauseAt(text, index));
}

function timeOfTurn(text: string): TimeOfDayFinding | null {
  const withoutGreetings = text.replace(GREETING, (greeting) => ' '.repeat(greeting.length));
  let word: { part: TimePreference; text: string; index: number } | null = null;
  for (const [part, pattern] of PARTS) {
    for (const match of withoutGreetings.matchAll(pattern)) {
      if (isLive(withoutGreetings, match.index) && (!word || match.index > word.index)) {
        word = { part, text: match[0], index: match.index };
      }
    }
  }
  if (word) {
    return { timePreference: word.part, evidence: word.text };
  }
  // Named parts of the day are clearer than clock times; use a clock time only without one.
  let clock: TimeOfDayFinding | null = null;
  for (const match of withoutGreetings.matchAll(CLOCK)) {
    const before = withoutGreetings.slice(Math.max(0, match.index - 12), match.index);
    const after = withoutGreetings.slice(match.index + match[0].length);
    if (
      isLive(withoutGreetings, match.index) &&
      !/\b(?:work|working|shift)\s+$/.test(before) &&
      !COUNT_AFTER.test(after)
    ) {
      const hour = clockHour(match);
      if (hour >= 0 && hour < 24) {
        const part = /^before\b/.test(match[0]) && hour <= 12 ? 'morning' : partOfDay(hour);
        clock = { timePreference: part, evidence: match[0].trim() };
      }
    }
  }
  return clock;
}

/** The part of the day the patient prefers; the latest turn that says one wins. */
export function detectTimeOfDay(turns: Turn[]): TimeOfDayFinding {
  for (const turn of [...turns].reverse()) {
    const found = timeOfTurn(turn.text);
    if (found) {
      return found;
    }
  }
  return { timePreference: null, evidence: null };
}
