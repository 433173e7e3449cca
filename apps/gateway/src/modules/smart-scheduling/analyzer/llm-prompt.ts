import { weekday } from '@ehr-gateway/calendar';
import { ConversationAnalysis, type ConversationMessage } from '@ehr-gateway/contracts';
import { z } from 'zod';

import { type Today } from './today.js';
import { OTHER_SPECIALTIES, PRACTICE_SPECIALTIES } from './specialty-vocabulary.js';

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

type JsonSchema = { [key: string]: unknown };

/**
 * Numeric bounds are dropped because some OpenAI-compatible servers refuse them in strict
 * mode; the prompt states the 0–1 range and zod checks it on the way back.
 */
function withoutUnsupported(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(withoutUnsupported);
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$schema' && key !== 'minimum' && key !== 'maximum') {
      copy[key] = withoutUnsupported(value);
    }
  }
  return copy;
}

/**
 * The JSON schema for structured output, derived from the zod contract so the two cannot
 * drift. zod already marks every property required and closes every object, which strict mode
 * needs.
 */
export function analysisJsonSchema(): JsonSchema {
  return withoutUnsupported(z.toJSONSchema(ConversationAnalysis)) as JsonSchema;
}

export function systemPrompt(today: Today, timezone: string): string {
  return [
    "You analyse a conversation between a patient and a medical practice's scheduling assistant.",
    'Answer with one JSON object that follows the given schema exactly; no other text.',
    `Today is ${WEEKDAY_NAMES[weekday(today.date)]} ${today.date}, ${String(today.hour).padStart(2, '0')}:${String(today.minute).padStart(2, '0')} in ${timezone}.`,
    '',
    'Fields:',
    '- intent: book, reschedule (move or change an existing appointment), cancel, or question (hours, insurance, location, whether a service or doctor is available).',
    `- extractedInfo.specialty: one of ${PRACTICE_SPECIALTIES.join(', ')}; or, if the patient needs a specialty the practice lacks, one of ${OTHER_SPECIALTIES.join(', ')}; or null if nothing points to one. Map symptoms and lay terms (e.g. "rash" → Dermatology, "heartburn" → Gastroenterology). A child goes to Pediatrics unless a specialty is named or it is an injury for Orthopedics; general care for an adult over 65 goes to Internal Medicine.`,
    '- extractedInfo.urgency: emergency (needs 911 now: cannot breathe, chest pain with sweating or arm pain, stroke signs, severe bleeding), urgent (must be seen today, asap, severe pain, high fever, cannot walk), soon (tomorrow, this week, getting worse), otherwise routine.',
    '- extractedInfo.timePreference: morning, afternoon, evening, any, or null.',
    '- extractedInfo.datePreference: {text: the patient\'s words, startDate, endDate} as YYYY-MM-DD inclusive, or null. A week means Monday–Friday; "next week" is next Monday–Friday; a month is the whole month from today on. A later message corrects an earlier one. Ignore dates of past events. For a reschedule give the new date; for a cancellation the date of the appointment being cancelled.',
    '- extractedInfo.providerName: a provider asked for by name (e.g. "Dr. Patel"), or null.',
    '- extractedInfo.appointmentTypeHint: words for the kind of visit (e.g. "physical", "follow-up", "new patient", "telehealth"), or null.',
    '- confidence: numbers from 0 to 1 for overall, department, provider, appointmentType and dateTime; 0 when the conversation says nothing about it.',
    '- missingInfo: what the conversation still lacks to act, from: "specialty or reason for visit", "preferred date", "preferred time of day", "new date for the appointment", "date of the appointment to cancel".',
    '- aiReasoning: one to three plain sentences quoting the words that decided the intent, specialty, urgency and date. For an emergency, say the patient should call 911 now.',
  ].join('\n');
}

/** The conversation goes in as data, so its assistant turns are not mistaken for the model's own. */
export function conversationPrompt(messages: ConversationMessage[]): string {
  const lines = messages.map((message) => `${message.role}: ${message.content}`);
  return `Conversation to analyse:\n${lines.join('\n')}`;
}
