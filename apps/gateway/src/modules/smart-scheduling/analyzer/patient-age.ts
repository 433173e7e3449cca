import type { Turn } from './conversation.js';

export type AgeGroup = 'child' | 'adult' | 'older-adult';

export interface AgeFinding {
  group: AgeGroup;
  /** The words that told the age, for the reasoning. */
  evidence: string | null;
}

const CHILD_WORDS =
  /\b(?:my|our|his|her)\s+(?:(?:little|teenage|teen|youngest|oldest|older|younger|baby|infant|newborn|\d{1,2}[- ]?(?:year|yr|month)[- ]?old)\s+)?(?:little one|baby|toddler|infant|newborn|son|daughter|kids?|child|children|boy|girl|twins|grandson|granddaughter|stepson|stepdaughter)\b|\b(?:after school|daycare|kindergarten|teenager|my teen)\b/;
const OLDER_WORDS =
  /\b(?:medicare|elderly|senior|my (?:grand(?:mother|father|ma|pa|mom|dad|parents?)))\b/;
const YEARS_OLD = /\b(\d{1,3})[- ]?(?:years?|yrs?)[- ]old\b|\b(\d{1,3}) ?y\/?o\b/g;
const MONTHS_OLD = /\b\d{1,2}[- ]?(?:months?|weeks?)[- ]old\b/;
// "she's 82", "my son is 6"; not "fever is 103" nor "10 am".
const IS_AGE =
  /\b(?:i'm|i am|she's|he's|she is|he is|is|turning|turned|aged?)\s+(\d{1,3})\b(?![-:./]?\d|\s*(?:am|pm|a\.m|p\.m|weeks?|days?|months?|times|degrees|percent|%|o'clock|minutes|hours|lbs|pounds|out of))/g;
const MEASUREMENT_BEFORE =
  /\b(?:fever|temp\w*|sugar|pressure|a1c|level|weight|pain|score)\b[^.?!,]{0,12}$/;

function statedAges(text: string): number[] {
  const ages: number[] = [];
  for (const match of text.matchAll(YEARS_OLD)) {
    ages.push(Number(match[1] ?? match[2]));
  }
  for (const match of text.matchAll(IS_AGE)) {
    if (!MEASUREMENT_BEFORE.test(text.slice(0, match.index))) {
      ages.push(Number(match[1]));
    }
  }
  return ages.filter((age) => age > 0 && age < 120);
}

/**
 * Who the visit is for, as far as the patient said. A child goes to Pediatrics and an older
 * adult's general care to Internal Medicine, so the age group matters to the department.
 */
export function findAgeGroup(turns: Turn[]): AgeFinding {
  let childWords: string | null = null;
  let olderWords: string | null = null;
  const ages: number[] = [];
  for (const turn of turns) {
    childWords ??= turn.text.match(CHILD_WORDS)?.[0] ?? turn.text.match(MONTHS_OLD)?.[0] ?? null;
    olderWords ??= turn.text.match(OLDER_WORDS)?.[0] ?? null;
    ages.push(...statedAges(turn.text));
  }
  const youngest = ages.length > 0 ? Math.min(...ages) : null;
  const oldest = ages.length > 0 ? Math.max(...ages) : null;
  if (youngest !== null && youngest < 18) {
    return { group: 'child', evidence: childWords ?? `age ${youngest}` };
  }
  if (childWords !== null && oldest === null) {
    return { group: 'child', evidence: childWords };
  }
  if (oldest !== null && oldest >= 65) {
    return { group: 'older-adult', evidence: `age ${oldest}` };
  }
  if (olderWords !== null) {
    return { group: 'older-adult', evidence: olderWords };
  }
  return { group: 'adult', evidence: null };
}
