import type { Urgency } from '@ehr-gateway/contracts';

import type { Turn } from './conversation.js';
import { clauseAt, isNegatedAt, isPastClause } from './text.js';

export interface UrgencyFinding {
  urgency: Urgency;
  /** The words that set the level, or null for routine. */
  evidence: string | null;
  /** Whether the level comes from the day asked for rather than from symptoms. */
  fromDate: boolean;
}

const RANK: Record<Urgency, number> = { routine: 0, soon: 1, urgent: 2, emergency: 3 };

/** Signs that need 911, not an appointment. */
const EMERGENCY =
  /\b(?:(?:can't|cannot|can not|couldn't|unable to|struggling to) breathe|not breathing|stopped breathing|gasping for air|face (?:is |looks |looking )?droop\w*|droop\w* (?:face|on one side)|slurr\w*|one side (?:is |of (?:his|her|my) (?:body|face) (?:is )?)?(?:numb|weak|paralyzed)|having a stroke|stroke symptoms|(?:won't|will not|doesn't|does not|can't get it to) stop bleeding|bleeding (?:a lot|heavily|badly|profusely|everywhere)|(?:severe|heavy|uncontrolled) bleeding|lots of blood|blood everywhere|unconscious|unresponsive|won't wake up|overdos\w*|suicid\w*|kill (?:myself|himself|herself)|anaphyla\w*|throat (?:is )?(?:closing|swelling)|(?:having|is having) a seizure|seizure (?:right now|won't stop)|heart attack|coughing up blood|vomiting blood|(?:going to|about to|gonna) (?:pass out|faint)|passing out)\b/g;
const CHEST_PAIN =
  /\b(?:chest (?:pains?|pressure|hurts?|tightness|is tight)|(?:pain|pressure|tightness) in (?:my|his|her) chest)\b/;
const PREGNANT = /\b(?:pregnan\w*|\d{1,2} weeks along)\b/;
/** In pregnancy these are the warning signs of pre-eclampsia or a miscarriage. */
const PREGNANCY_WARNING =
  /\b(?:(?:really |very |super )?(?:bad|severe|terrible|worst) headache|blurry vision|blurred vision|seeing spots|vision changes|(?:heavy )?bleeding|baby (?:is )?not moving|not feeling (?:the )?baby move|water broke|seizure)\b/;
/** With chest pain these are the warning signs of a heart attack. */
const CHEST_COMPANION =
  /\b(?:sweat\w*|(?:left )?arm (?:is |feels )?(?:numb|hurts|tingl\w*|pain\w*)|jaw|short(?:ness)? of breath|can't breathe|passed out|faint\w*|nause\w*|crushing|radiat\w*)\b/;

const URGENT =
  /\b(?:asap|as soon as possible|right away|right now|immediately|urgent\w*|same-day|(?:it's|this is) an emergency|(?:really|very|super|extremely|so) (?:bad|severe) (?:pain|headache|migraine|cough|fever|infection|cramps|cramping|swelling|burn|cut)|(?:hurts?|pain is|aching) (?:really|very|so) (?:bad|badly)|(?:really|very|super|extremely|so) (?:painful|swollen)|severe (?:pain|headache|cramps)|in (?:severe|terrible|so much|a lot of) pain|unbearable|excruciating|worst|killing me|10 out of 10|(?:can't|cannot|can barely|can hardly|unable to|barely) (?:walk|stand|put (?:any )?weight|keep (?:anything|food|water) down)|high fever|fever (?:of |is |was |at )?(?:10[3-9]|4\d)(?:\.\d)?|10[3-9](?:\.\d)? (?:degrees|fever)|blood in (?:my |his |her |the )?(?:stool|poop|it|urine|vomit)|bloody (?:stool|diarrhea)|lethargic|hard to wake|dehydrated)\b/g;
const SOON =
  /\b(?:soon|sooner the better|(?:getting|gotten|got|gets) worse|worsening|not getting better|not going away|won't go away|spreading|flar\w* up|quickly|ran out|out of (?:my )?(?:meds|medications?|insulin|inhaler))\b/g;
/** "No rush" in a later turn takes back an earlier "soon". */
const CALM =
  /\b(?:no rush|no hurry|not urgent|nothing urgent|not an emergency|not in a hurry|whenever)\b/;

function firstLiveMatch(text: string, pattern: RegExp, allowPast = false): string | null {
  for (const match of text.matchAll(pattern)) {
    if (isNegatedAt(text, match.index)) {
      continue;
    }
    if (!allowPast && isPastClause(clauseAt(text, match.index))) {
      continue;
    }
    return match[0];
  }
  return null;
}

function emergencyIn(text: string): string | null {
  const sign = firstLiveMatch(text, EMERGENCY);
  if (sign) {
    return sign;
  }
  const pregnant = text.match(PREGNANT);
  const warning = text.match(PREGNANCY_WARNING);
  if (pregnant && warning && !isNegatedAt(text, warning.index ?? 0)) {
    return `${warning[0]} while ${pregnant[0]}`;
  }
  const chest = text.match(CHEST_PAIN);
  const companion = text.match(CHEST_COMPANION);
  if (chest && companion && !isNegatedAt(text, chest.index ?? 0)) {
    return `${chest[0]} with ${companion[0]}`;
  }
  return null;
}

/**
 * How soon the patient must be seen, from their words and from when they asked to come
 * (`fromDate`: asking for today is urgent, for tomorrow or this week soon). The highest level
 * any turn reached wins, except that a later "no rush" brings a non-emergency back to routine.
 */
export function detectUrgency(
  turns: Turn[],
  fromDate: { urgency: Urgency; evidence: string } | null,
): UrgencyFinding {
  let best: UrgencyFinding = { urgency: 'routine', evidence: null, fromDate: false };
  const raise = (urgency: Urgency, evidence: string | null, byDate = false) => {
    if (evidence !== null && RANK[urgency] > RANK[best.urgency]) {
      best = { urgency, evidence, fromDate: byDate };
    }
  };
  for (const turn of turns) {
    raise('emergency', emergencyIn(turn.text));
    // Symptoms that began earlier still count ("since yesterday it got worse").
    raise('urgent', firstLiveMatch(turn.text, URGENT, true));
    raise('soon', firstLiveMatch(turn.text, SOON, true));
    if (
      best.urgency !== 'emergency' &&
      CALM.test(turn.text) &&
      !firstLiveMatch(turn.text, URGENT, true)
    ) {
      best = { urgency: 'routine', evidence: turn.text.match(CALM)?.[0] ?? null, fromDate: false };
    }
  }
  if (fromDate) {
    raise(fromDate.urgency, fromDate.evidence, true);
  }
  return best;
}
