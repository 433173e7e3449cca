import type {
  AppointmentDetail,
  Department,
  OpenSlot,
  Provider,
  SmartSchedulingResult,
} from '@ehr-gateway/contracts';

import type { TokenProblem } from './tool-tokens.js';

/**
 * How the scheduling tools' answers are said: one line a TTS engine reads well (no markdown,
 * dates and times as people say them in the practice's timezone, numbers spelled for the ear),
 * then the structured data for the agent's memory after the sentence.
 */

export const MAX_SPOKEN_CHARS = 400;

const ORDINAL_SUFFIX = (day: number) => {
  if (day % 100 >= 11 && day % 100 <= 13) {
    return 'th';
  }
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
};

/** "Tuesday December 2nd at 9:30 in the morning" in the given timezone. */
export function spokenDateTime(instant: Date, timezone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const date = `${parts.weekday} ${parts.month} ${day}${ORDINAL_SUFFIX(day)}`;
  return `${date} at ${spokenTime(hour, minute)}`;
}

/** "9:30 in the morning", "noon", "2 in the afternoon", "6:15 in the evening". */
export function spokenTime(hour: number, minute: number): string {
  if (hour === 12 && minute === 0) {
    return 'noon';
  }
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const clock = minute === 0 ? `${twelve}` : `${twelve}:${String(minute).padStart(2, '0')}`;
  const part = hour < 12 ? 'in the morning' : hour < 17 ? 'in the afternoon' : 'in the evening';
  return `${clock} ${part}`;
}

const DOCTOR_TYPES = new Set(['MD', 'DO']);

/** "Dr. Ana Ruiz", or "Sam Lee" for a provider who is not a physician. */
export function spokenProvider(
  provider: Pick<Provider, 'firstName' | 'lastName' | 'providerType'>,
) {
  const name = `${provider.firstName} ${provider.lastName}`.trim();
  return DOCTOR_TYPES.has(provider.providerType ?? '') ? `Dr. ${name}` : name;
}

/** A confirmation number read digit by digit in groups: "4 8 1 2, 7 7 0 3". */
export function spokenDigits(digits: string): string {
  return (digits.match(/.{1,4}/g) ?? []).map((group) => group.split('').join(' ')).join(', ');
}

const READABLE_CONFIRMATION = /^\d{1,12}$/;

/**
 * The sentence that tells the caller how to refer to a booking, `prefix` naming it ("Your" or
 * "Your new"). athena's appointment ids are short numbers the front desk can look up; a FHIR EHR's
 * are opaque tokens (a UUID at Medplum, 40+ characters at Epic) that nobody could take down or quote
 * back over the phone, so those bookings are referred to by what the caller already knows.
 */
export function spokenConfirmation(appointmentId: string, prefix = 'Your'): string {
  return READABLE_CONFIRMATION.test(appointmentId)
    ? `${prefix} confirmation number is ${spokenDigits(appointmentId)}.`
    : 'The clinic has it under your name and date of birth.';
}

/**
 * The tool's answer: the sentence (one line, cut at a word under MAX_SPOKEN_CHARS) and then the
 * data as JSON, which agents keep and do not read aloud.
 */
export function spokenResult(sentence: string, data?: Record<string, unknown>): string {
  let line = sentence
    .replace(/\s+/g, ' ')
    .replace(/[*_#`]/g, '')
    .trim();
  if (line.length > MAX_SPOKEN_CHARS) {
    line = `${line.slice(0, MAX_SPOKEN_CHARS - 1).replace(/\s+\S*$/, '')}…`;
  }
  return data ? `${line} ${JSON.stringify(data)}` : line;
}

/** What the caller hears when a reference the agent passed cannot be used. */
export const TOKEN_PROBLEMS: Record<TokenProblem, string> = {
  invalid: 'That reference is not one I gave in this call.',
  expired: 'That reference has expired; look it up again.',
  'other-call': 'That reference belongs to another call.',
};

/** "2026-12-02" as "December 2, 2026"; any other text (the caller's words) as it is. */
export function isoToWords(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) {
    return text;
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** A department's timezone (else the practice's first, else UTC): times are said in it. */
export const timezoneOf = (departments: Department[], departmentId?: string | null) =>
  departments.find((d) => d.id === departmentId)?.timezone ??
  departments.find((d) => d.timezone)?.timezone ??
  'UTC';

/** "Monday November 30th at 8:30 in the morning with Dr. Ana Ruiz, pediatrics, at Main Clinic". */
export function describeSlot(slot: OpenSlot, providers: Provider[], departments: Department[]) {
  const provider = providers.find((p) => p.id === slot.providerId);
  const department = departments.find((d) => d.id === slot.departmentId);
  const when = spokenDateTime(new Date(slot.startTime), timezoneOf(departments, slot.departmentId));
  return [
    when,
    provider && `with ${spokenProvider(provider)}`,
    provider?.specialty?.toLowerCase(),
    department && `at ${department.name}`,
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/, with/, ' with');
}

/** "follow-up on Tuesday December 1st at 9 in the morning at Main Clinic". */
export function describeAppointment(
  appointment: Pick<AppointmentDetail, 'startTime' | 'appointmentType' | 'department'>,
  departments: Department[],
) {
  const when = spokenDateTime(
    new Date(appointment.startTime),
    timezoneOf(departments, appointment.department.id),
  );
  const type = appointment.appointmentType ? `${appointment.appointmentType.toLowerCase()} ` : '';
  const where = appointment.department.name ? ` at ${appointment.department.name}` : '';
  return `${type}on ${when}${where}`.trim();
}

/** "I have A. Would that work?" or "I have A; B; or C. Which works best?" */
export function offersSentence(whens: string[]): string {
  if (whens.length === 1) {
    return `I have ${whens[0]}. Would that work?`;
  }
  const listed = whens.map((when, index) => `${index === whens.length - 1 ? 'or ' : ''}${when}`);
  return `I have ${listed.join('; ')}. Which works best?`;
}

/** "Monday November 30th" for a YYYY-MM-DD day. */
function spokenDay(date: string): string {
  const text = spokenDateTime(new Date(`${date}T12:00:00Z`), 'UTC');
  return text.slice(0, text.indexOf(' at '));
}

/**
 * What a search covered, to say when it found nothing: "with Dr. Ana Ruiz between Monday November
 * 30th and Friday December 4th in the morning", "in pediatrics on Tuesday December 1st".
 */
export function describeSearch(found: SmartSchedulingResult['smartScheduling']): string {
  const { providers } = found.queryResults;
  const { startDate, endDate } = found.recommendedParameters;
  const specialties = [...new Set(providers.map((p) => p.specialty?.toLowerCase() ?? ''))];
  const who =
    providers.length === 1
      ? `with ${spokenProvider(providers[0]!)}`
      : specialties.length === 1 && specialties[0]
        ? `in ${specialties[0]}`
        : 'with our providers';
  const when =
    startDate === endDate
      ? `on ${spokenDay(startDate)}`
      : `between ${spokenDay(startDate)} and ${spokenDay(endDate)}`;
  const part = found.analysis.extractedInfo.timePreference;
  return [who, when, part && part !== 'any' && `in the ${part}`].filter(Boolean).join(' ');
}

/**
 * "Tuesday December 1st at 9 in the morning" for an ISO time that carries the department's UTC
 * offset: its clock digits are already local, so no timezone lookup is needed.
 */
export function spokenLocalDateTime(isoWithOffset: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(isoWithOffset);
  if (!match) {
    return spokenDateTime(new Date(isoWithOffset), 'UTC');
  }
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
  return spokenDateTime(new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!)), 'UTC');
}

/** "Garcia" spelled for the ear: "G-A-R-C-I-A". */
export function spokenLetters(word: string): string {
  return [...word.toUpperCase()].filter((c) => /[\p{L}]/u.test(c)).join('-');
}
