import type { ConversationAnalysis } from '@ehr-gateway/contracts';

import type { IntentFinding } from './detect-intent.js';
import type { SpecialtyFinding } from './detect-specialty.js';
import type { UrgencyFinding } from './detect-urgency.js';
import { PRACTICE_SPECIALTIES } from './specialty-vocabulary.js';

const GOALS: Record<ConversationAnalysis['intent'], string> = {
  book: 'wants to book an appointment',
  reschedule: 'wants to reschedule an appointment',
  cancel: 'wants to cancel an appointment',
  question: 'is asking a question',
};

const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(', ');

function intentAndSpecialty(intent: IntentFinding, specialty: SpecialtyFinding): string {
  const goal = intent.evidence
    ? `The patient ${GOALS[intent.intent]} (${quoted([intent.evidence])})`
    : `No request was explicit, so the patient is taken to want to book`;
  if (specialty.specialty === null) {
    return `${goal}; nothing said points to a specialty.`;
  }
  const [who, ...words] = specialty.evidence;
  const because =
    specialty.basis === 'child'
      ? `the patient is a child (${quoted([who ?? 'a child'])})${words.length ? `, about ${quoted(words)}` : ''}`
      : specialty.basis === 'older-adult'
        ? `general care for an older adult (${who}) belongs there${words.length ? `, about ${quoted(words)}` : ''}`
        : `of ${quoted(specialty.evidence)}`;
  const offered = (PRACTICE_SPECIALTIES as readonly string[]).includes(specialty.specialty)
    ? ''
    : ` (the practice has no ${specialty.specialty} providers)`;
  return `${goal}; ${specialty.specialty} because ${because}${offered}.`;
}

function urgencySentence(urgency: UrgencyFinding): string | null {
  if (urgency.urgency === 'emergency') {
    return `"${urgency.evidence}" is an emergency warning sign: the patient should call 911 now rather than wait for an appointment.`;
  }
  if (urgency.evidence === null) {
    return null;
  }
  return urgency.fromDate
    ? `Urgency is ${urgency.urgency} because the patient asked for "${urgency.evidence}".`
    : `Urgency is ${urgency.urgency} because of "${urgency.evidence}".`;
}

function whenSentence(info: ConversationAnalysis['extractedInfo']): string | null {
  const date = info.datePreference;
  const time = info.timePreference;
  const part = time === 'any' ? 'any time of day' : `the ${time}`;
  const timeWords = time === null ? '' : `, in ${part}`;
  if (date) {
    const span =
      date.startDate === date.endDate ? date.startDate : `${date.startDate} to ${date.endDate}`;
    return `"${date.text}" was read as ${span}${timeWords}.`;
  }
  return time ? `No date was given; the patient prefers ${part}.` : null;
}

/** One to three plain sentences: which words led to the intent, specialty, urgency and date. */
export function explainAnalysis(
  intent: IntentFinding,
  specialty: SpecialtyFinding,
  urgency: UrgencyFinding,
  info: ConversationAnalysis['extractedInfo'],
): string {
  return [intentAndSpecialty(intent, specialty), urgencySentence(urgency), whenSentence(info)]
    .filter((sentence): sentence is string => sentence !== null)
    .join(' ');
}
