import type {
  ConversationAnalysis,
  ConversationMessage,
  SchedulingIntent,
} from '@ehr-gateway/contracts';

import { todayIn, type Today } from './today.js';
import { readConversation } from './conversation.js';
import { detectDates } from './detect-dates.js';
import { detectIntent } from './detect-intent.js';
import { detectProvider, detectVisitType } from './detect-provider-and-visit.js';
import { detectSpecialty } from './detect-specialty.js';
import { detectTimeOfDay, partOfDay } from './detect-time-of-day.js';
import { detectUrgency } from './detect-urgency.js';
import { explainAnalysis } from './explain-analysis.js';
import { findAgeGroup } from './patient-age.js';

export interface AnalyzeOptions {
  /** The moment "today" and "tomorrow" are read against. */
  now: Date;
  /** The practice's IANA time zone; UTC when absent or unknown. */
  timezone?: string;
}

function todayFor(options: AnalyzeOptions): Today {
  try {
    return todayIn(options.timezone ?? 'UTC', options.now);
  } catch {
    // An unknown zone name from EHR data must not fail the analysis.
    return todayIn('UTC', options.now);
  }
}

const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;

/** What is still needed to act, limited to what the conversation itself can supply. */
function missingInfoFor(
  intent: SchedulingIntent,
  info: ConversationAnalysis['extractedInfo'],
): string[] {
  const missing: string[] = [];
  if (intent === 'book') {
    if (info.specialty === null) {
      missing.push('specialty or reason for visit');
    }
    if (info.datePreference === null) {
      missing.push('preferred date');
    }
    if (info.timePreference === null) {
      missing.push('preferred time of day');
    }
  } else if (intent === 'reschedule') {
    if (info.datePreference === null) {
      missing.push('new date for the appointment');
    }
    if (info.timePreference === null) {
      missing.push('preferred time of day');
    }
  } else if (intent === 'cancel' && info.datePreference === null) {
    missing.push('date of the appointment to cancel');
  }
  return missing;
}

/** Overall confidence weighs what the intent needs: a booking needs a department and a date. */
function overallConfidence(
  intent: SchedulingIntent,
  intentConfidence: number,
  confidence: Omit<ConversationAnalysis['confidence'], 'overall'>,
): number {
  switch (intent) {
    case 'book':
      return 0.4 * intentConfidence + 0.35 * confidence.department + 0.25 * confidence.dateTime;
    case 'reschedule':
      return 0.6 * intentConfidence + 0.4 * confidence.dateTime;
    case 'cancel':
      return 0.8 * intentConfidence + 0.2 * Math.max(confidence.dateTime, 0.5);
    default:
      return intentConfidence;
  }
}

/**
 * The built-in analyser: reads a patient conversation with no network and no randomness, so
 * the same messages and `now` always give the same analysis.
 */
export function analyzeConversation(
  messages: ConversationMessage[],
  options: AnalyzeOptions,
): ConversationAnalysis {
  const today = todayFor(options);
  const conversation = readConversation(messages);
  const turns = conversation.patient;

  const intent = detectIntent(turns);
  const specialty = detectSpecialty(turns, findAgeGroup(turns), intent.intent === 'cancel');
  const dates = detectDates(conversation, intent.intent, today);
  // Asking for today makes a booking urgent; for a cancellation it is only the appointment's day.
  const urgency = detectUrgency(turns, intent.intent === 'book' ? dates.urgency : null);
  const time = detectTimeOfDay(turns);
  const timePreference =
    time.timePreference ?? (dates.offeredHour !== null ? partOfDay(dates.offeredHour) : null);
  const providerName = detectProvider(turns);
  const appointmentTypeHint = detectVisitType(turns);

  const extractedInfo: ConversationAnalysis['extractedInfo'] = {
    specialty: specialty.specialty,
    urgency: urgency.urgency,
    timePreference,
    datePreference: dates.datePreference,
    providerName,
    appointmentTypeHint,
  };
  const dateTime =
    dates.datePreference === null
      ? timePreference === null
        ? 0
        : 0.4
      : dates.confidence + (timePreference === null ? 0 : 0.05);
  const parts = {
    department: round(specialty.confidence),
    provider: providerName === null ? 0 : 0.9,
    appointmentType: appointmentTypeHint === null ? 0 : 0.8,
    dateTime: round(dateTime),
  };
  return {
    intent: intent.intent,
    confidence: {
      overall: round(overallConfidence(intent.intent, intent.confidence, parts)),
      ...parts,
    },
    extractedInfo,
    missingInfo: missingInfoFor(intent.intent, extractedInfo),
    aiReasoning: explainAnalysis(intent, specialty, urgency, extractedInfo),
  };
}
