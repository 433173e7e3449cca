import type { SchedulingIntent } from '@ehr-gateway/contracts';

import type { Turn } from './conversation.js';
import { phraseAt } from './text.js';

export interface IntentFinding {
  intent: SchedulingIntent;
  confidence: number;
  /** The words that decided it, or null when nothing did and booking was assumed. */
  evidence: string | null;
}

const CANCEL =
  /\b(?:cancel\w*|call off|won't need (?:the|my|an?) appointment|don't need (?:the|my) appointment anymore|remove my appointment)\b/;
const REBOOK =
  /\b(?:rebook\w*|reschedul\w*|book (?:another|a new)|new (?:appointment|time|date))\b/;
const RESCHEDULE =
  /\b(?:reschedul\w*|re-schedul\w*|rebook\w*|postpon\w*|(?:move|moving|switch|bump) (?:my|the|this|that|our|her|his) (?:[\w'-]+ ){0,2}?(?:appointment|visit|physical|checkup|colonoscopy|follow-up|time|slot|one)|(?:move|moving|bump) it|change (?:my|the|it|our|her|his|that) (?:\w+ )?(?:appointment|time|date|day|visit)|change it to|push(?:ing)? (?:it|my|the|this|that|her|his)\b[^.?!]{0,30}\b(?:back|out)|push(?:ing)? (?:back|out)|(?:a )?different (?:day|time|date)|another (?:day|time|date))\b/;
// "I can't make it" cancels unless a new time follows, which makes it a reschedule.
const CANT_MAKE =
  /\b(?:can't|cannot|can not|won't be able to|unable to|not able to|won't) (?:make|come to|attend|keep) (?:it|my|the|that|our)\b/;
// Only words that offer a new time: the date right after "my appointment" is the old one.
const NEW_TIME_AFTER =
  /\b(?:instead|another|different|(?:can|could) (?:we|i) (?:do|come|switch|move|get)|how about|what about|works? better|would \w+ work|rebook)\b/;
const QUESTION =
  /\b(?:do (?:you|y'all|you guys) (?:take|accept)|(?:take|accept)s? (?:my )?(?:insurance|medicaid|medicare|aetna|cigna|blue cross|bcbs|united|humana|tricare)|insurance|in-network|copay|how much|cost|price|(?:what|when) (?:time )?(?:do|are) (?:you|y'all)(?: guys)? (?:open|close)|hours|are (?:you|y'all)(?: guys)? (?:open|closed)|open on|where (?:is|are)|address|located|location|parking|directions|(?:taking|accepting|take|accept) new patients|referrals?)\b/;
// "Do you have a psychiatrist?" asks about the practice; "do you have anything Friday?" books.
const DO_YOU_HAVE = /\bdo (?:you|y'all|you guys) (?:have|offer|do) (?:a |an |any )?([\w-]+)/;
const AVAILABILITY_WORDS =
  /^(?:anything|something|openings?|availability|appointments?|slots?|time|times|spots?|room|space|evening|morning|afternoon|weekend|same-day|saturday|sunday)$/;
const BOOK =
  /\b(?:book\w*|schedul\w*|make (?:an?|my) appointment|set up (?:an?|my) (?:appointment|visit)|need (?:an?|my) (?:appointment|visit|physical|checkup)|get (?:me |her |him |them |us )?in|come in|bring (?:\w+ ){0,2}in|be seen|get seen|(?:see|seen by) (?:a|an|the|someone|somebody|dr|doctor|her|him)|available|availability|openings?|any chance|anything (?:available|open)|who should i (?:see|book)|(?:want|like|need) to see|can (?:i|we) come|fit (?:me|her|him|us) in)\b/;
// "I might need to come in", "do I need to come in?": asking whether, not asking to.
const HEDGE_BEFORE =
  /\b(?:might|maybe|may|possibly|probably|eventually|thinking about|do i need to|should i|would i need to)\b[^.?!]{0,15}$/;
// "I have an appointment Thursday but I'd rather come in the afternoon."
const HAS_APPOINTMENT =
  /\b(?:i have|i've got|i got|i'm booked|i am booked|i'm scheduled|i am scheduled)\b[^.?!]{0,30}\b(?:appointment|visit)\b/;
const RATHER =
  /\b(?:i'd rather|i would rather|rather come|would prefer|i'd prefer|earlier|later|same day|instead)\b/;

type TurnIntent = { intent: SchedulingIntent; evidence: string; strong: boolean } | null;

function intentOfTurn(text: string): TurnIntent {
  const found = intentWords(text);
  if (found === null) {
    return null;
  }
  // Quote a little more than the cue itself: "see a heart doctor", not "see a".
  const at = text.indexOf(found.evidence);
  return at < 0 ? found : { ...found, evidence: phraseAt(text, at, found.evidence.length) };
}

function intentWords(text: string): TurnIntent {
  const cancel = text.match(CANCEL);
  if (cancel) {
    const rebook = text.match(REBOOK);
    return rebook
      ? { intent: 'reschedule', evidence: rebook[0], strong: true }
      : { intent: 'cancel', evidence: cancel[0], strong: true };
  }
  const reschedule = text.match(RESCHEDULE);
  if (reschedule) {
    return { intent: 'reschedule', evidence: reschedule[0], strong: true };
  }
  const cantMake = text.match(CANT_MAKE);
  if (cantMake) {
    const rest = text.slice((cantMake.index ?? 0) + cantMake[0].length);
    return NEW_TIME_AFTER.test(rest)
      ? { intent: 'reschedule', evidence: `${cantMake[0]} … a new time`, strong: true }
      : { intent: 'cancel', evidence: cantMake[0], strong: true };
  }
  const rather = HAS_APPOINTMENT.test(text) ? text.match(RATHER) : null;
  if (rather) {
    return { intent: 'reschedule', evidence: rather[0], strong: true };
  }
  const book = text.match(BOOK);
  const hedged = book !== null && HEDGE_BEFORE.test(text.slice(0, book.index));
  const doYouHave = text.match(DO_YOU_HAVE);
  const question =
    text.match(QUESTION)?.[0] ??
    (doYouHave && !AVAILABILITY_WORDS.test(doYouHave[1] ?? '') ? doYouHave[0] : undefined);
  if (book && !hedged) {
    return { intent: 'book', evidence: book[0], strong: true };
  }
  if (question !== undefined) {
    return { intent: 'question', evidence: question, strong: true };
  }
  return book ? { intent: 'book', evidence: book[0], strong: false } : null;
}

/**
 * The patient's goal over the whole conversation. Cancelling or rescheduling, once said, is
 * what the conversation is about (a later "can I come in Friday?" picks the new time), and the
 * latest of the two wins; otherwise a wish to book outweighs side questions about hours or
 * insurance; a conversation of only questions is a question. With no cue at all the patient
 * is assumed to want an appointment, with low confidence.
 */
export function detectIntent(turns: Turn[]): IntentFinding {
  const found = turns
    .map((turn) => intentOfTurn(turn.text))
    .filter((item): item is NonNullable<TurnIntent> => item !== null);
  const change = found.filter((f) => f.intent === 'cancel' || f.intent === 'reschedule').at(-1);
  if (change) {
    return { intent: change.intent, confidence: 0.9, evidence: change.evidence };
  }
  const book = found.find((f) => f.intent === 'book' && f.strong);
  if (book) {
    return { intent: 'book', confidence: 0.85, evidence: book.evidence };
  }
  const question = found.find((f) => f.intent === 'question');
  if (question) {
    return { intent: 'question', confidence: 0.8, evidence: question.evidence };
  }
  const weakBook = found.find((f) => f.intent === 'book');
  return { intent: 'book', confidence: weakBook ? 0.6 : 0.5, evidence: weakBook?.evidence ?? null };
}
