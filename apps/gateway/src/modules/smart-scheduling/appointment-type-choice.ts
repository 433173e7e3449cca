import type { AppointmentType, ConversationAnalysis } from '@ehr-gateway/contracts';

/**
 * Words in an appointment-type hint and the type names they point to, most specific first; each
 * row's names in order of preference ("a check-up" is a well child visit where the clinic sees
 * children, else an annual physical, else an office visit).
 */
const TYPE_HINTS: Array<[RegExp, RegExp[]]> = [
  [/physical|annual|yearly/i, [/physical/i]],
  [/well[- ]?child|well[- ]?baby/i, [/well child/i]],
  [/prenatal|pregnan/i, [/prenatal/i]],
  [/skin|mole/i, [/skin/i]],
  [/tele|video|virtual/i, [/telehealth/i]],
  [/new patient|first visit/i, [/new patient/i]],
  [/follow[- ]?up|check[- ]?in/i, [/follow/i]],
  [/sick|urgent|same[- ]?day/i, [/sick/i]],
  [/consult/i, [/consult/i]],
  [/injur|sprain|sport/i, [/injury/i]],
  [/check[- ]?up|exam/i, [/well child/i, /physical/i, /office visit/i]],
];

/**
 * Whether the caller's words can point to a visit type at all: when not, hintedAppointmentType is
 * null whatever types the EHR offers, and the slot search need not wait for them.
 */
export function mayHintAppointmentType(analysis: ConversationAnalysis): boolean {
  const { appointmentTypeHint, urgency } = analysis.extractedInfo;
  const hint = appointmentTypeHint ?? '';
  return (
    urgency === 'urgent' ||
    urgency === 'soon' ||
    TYPE_HINTS.some(([hintPattern]) => hintPattern.test(hint))
  );
}

/** The visit type the caller's words point to, or null when they name none. */
export function hintedAppointmentType(
  types: AppointmentType[],
  analysis: ConversationAnalysis,
): AppointmentType | null {
  const bookable = types.filter((type) => type.patientBookable);
  const { appointmentTypeHint, urgency } = analysis.extractedInfo;
  const hint = appointmentTypeHint ?? '';
  const hinted = TYPE_HINTS.filter(([hintPattern]) => hintPattern.test(hint)).flatMap(
    ([, typePatterns]) => typePatterns,
  );
  for (const typePattern of hinted) {
    const match = bookable.find((type) => typePattern.test(type.name));
    if (match) {
      return match;
    }
  }
  if (urgency === 'urgent' || urgency === 'soon') {
    return bookable.find((type) => /sick/i.test(type.name)) ?? null;
  }
  return null;
}

/**
 * The visit type to recommend: the hinted one, else one named for the specialty (e.g.
 * "Cardiology Consult"), else the generic office visit, from what the EHR offers.
 */
export function pickAppointmentType(
  types: AppointmentType[],
  analysis: ConversationAnalysis,
): AppointmentType | null {
  const bookable = types.filter((type) => type.patientBookable);
  const firstWord = analysis.extractedInfo.specialty?.split(/\s+/)[0]?.toLowerCase();
  const specific = firstWord
    ? bookable.find((type) => type.name.toLowerCase().includes(firstWord))
    : undefined;
  return (
    hintedAppointmentType(types, analysis) ??
    specific ??
    bookable.find((type) => /office visit/i.test(type.name)) ??
    bookable[0] ??
    null
  );
}
