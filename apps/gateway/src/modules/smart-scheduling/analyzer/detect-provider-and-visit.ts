import type { Turn } from './conversation.js';

// "Dr. Patel", "dr sarah lee", "doctor Kim"; the name is read from the original text.
const DOCTOR =
  /\b(?:[Dd][Rr]\.?|[Dd]octor|DOCTOR)\s+([A-Za-z][A-Za-z'-]+)(?:\s+([A-Z][A-Za-z'-]+))?/g;
// "with Sarah Lee": a capitalised first and last name after "with" or "see".
const WITH_NAME = /\b(?:with|see|seeing)\s+([A-Z][a-z'-]+)\s+([A-Z][a-z'-]+)\b/g;
/** Words after "doctor" that are not a name ("my doctor said", "a doctor today"). */
const NOT_A_NAME =
  /^(?:said|says|told|about|for|is|was|and|or|to|who|that|the|a|an|today|tomorrow|visit|appointment|appt|office|asap|soon|in|on|at|please|because|but|again|before|after|recommended|referred|wants|thinks|if|when|as|so|[a-z]+ologist|specialist|doctor|here|there|yet|now)$/i;
const NOT_A_PERSON =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Dr|Doctor|Family|Internal|Blue|Cross|Medicine)$/;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function providerInTurn(original: string): string | null {
  let found: string | null = null;
  for (const match of original.matchAll(DOCTOR)) {
    const [, first, second] = match;
    if (first && !NOT_A_NAME.test(first)) {
      const last = second && !NOT_A_PERSON.test(second) ? ` ${title(second)}` : '';
      found = `Dr. ${title(first)}${last}`;
    }
  }
  if (found) {
    return found;
  }
  for (const match of original.matchAll(WITH_NAME)) {
    const [, first, second] = match;
    if (first && second && !NOT_A_PERSON.test(first) && !NOT_A_PERSON.test(second)) {
      found = `${first} ${second}`;
    }
  }
  return found;
}

/** The provider the patient asked for by name; the latest name wins. */
export function detectProvider(turns: Turn[]): string | null {
  for (const turn of [...turns].reverse()) {
    const name = providerInTurn(turn.original);
    if (name) {
      return name;
    }
  }
  return null;
}

/** Most specific first: a "well child" visit is also a "check-up". */
const VISIT_TYPES: Array<[string, RegExp]> = [
  [
    'well child',
    /\bwell[- ]?(?:child|baby)\b|\b\d{1,2}[- ]?(?:month|year) (?:check|checkup|visit)\b/,
  ],
  ['prenatal', /\b(?:prenatal|first ob visit|pregnancy (?:visit|appointment))\b/],
  ['skin check', /\b(?:skin check|mole check|full[- ]body (?:skin )?(?:check|exam))\b/],
  ['sports physical', /\bsports? physical\b/],
  [
    'telehealth',
    /\b(?:telehealth|telemedicine|video (?:visit|call|appointment)|virtual (?:visit|appointment)|zoom|over the phone|phone (?:visit|appointment))\b/,
  ],
  [
    'new patient',
    /\b(?:new patients?|establish care|new to (?:the|your) practice|first (?:visit|time) (?:here|with you))\b/,
  ],
  ['follow-up', /\b(?:follow-up|recheck|check back in)\b/],
  ['consult', /\b(?:consult\w*|second opinion)\b/],
  ['annual', /\b(?:annual|yearly) (?:wellness|exam|visit|check\w*)\b|\bwellness (?:visit|exam)\b/],
  ['physical', /\bphysicals?\b/],
  ['check-up', /\bcheckup\b/],
  ['annual', /\b(?:annual|yearly)\b/],
];

/** Words that suggest the kind of visit; the latest turn that has some wins. */
export function detectVisitType(turns: Turn[]): string | null {
  for (const turn of [...turns].reverse()) {
    for (const [hint, pattern] of VISIT_TYPES) {
      if (pattern.test(turn.text)) {
        return hint;
      }
    }
  }
  return null;
}
