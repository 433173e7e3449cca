import { z } from 'zod';

import { AppointmentType, Department, EhrId, EhrSource, OpenSlot, Provider } from './ehr.js';
import { VoiceConfigId } from './voice-config.js';

export const ConversationRole = z.enum(['user', 'assistant', 'system']);

export const ConversationMessage = z.strictObject({
  role: ConversationRole,
  content: z.string().trim().min(1).max(4000),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const SCHEDULING_INTENTS = ['book', 'reschedule', 'cancel', 'question'] as const;
export const SchedulingIntent = z.enum(SCHEDULING_INTENTS);
export type SchedulingIntent = z.infer<typeof SchedulingIntent>;

export const URGENCIES = ['routine', 'soon', 'urgent', 'emergency'] as const;
export const Urgency = z.enum(URGENCIES);
export type Urgency = z.infer<typeof Urgency>;

export const TIME_PREFERENCES = ['morning', 'afternoon', 'evening', 'any'] as const;
export const TimePreference = z.enum(TIME_PREFERENCES);
export type TimePreference = z.infer<typeof TimePreference>;

const Confidence = z.number().min(0).max(1);

export const DatePreference = z.object({
  /** The words the patient used, e.g. "next Tuesday". */
  text: z.string(),
  /** YYYY-MM-DD, inclusive. */
  startDate: z.string(),
  endDate: z.string(),
});
export type DatePreference = z.infer<typeof DatePreference>;

/** What the analyser (built-in or LLM) understood from a conversation. */
export const ConversationAnalysis = z.object({
  intent: SchedulingIntent,
  confidence: z.object({
    overall: Confidence,
    department: Confidence,
    provider: Confidence,
    appointmentType: Confidence,
    dateTime: Confidence,
  }),
  extractedInfo: z.object({
    /** One of the practice's specialty names (e.g. "Cardiology"), or null. */
    specialty: z.string().nullable(),
    urgency: Urgency,
    timePreference: TimePreference.nullable(),
    datePreference: DatePreference.nullable(),
    /** A provider the patient asked for by name, e.g. "Dr. Patel". */
    providerName: z.string().nullable(),
    /** Words that suggest the kind of visit, e.g. "physical", "follow-up", "new patient". */
    appointmentTypeHint: z.string().nullable(),
  }),
  missingInfo: z.array(z.string()),
  aiReasoning: z.string(),
});
export type ConversationAnalysis = z.infer<typeof ConversationAnalysis>;

export const SmartSchedulingBody = z.strictObject({
  messages: z.array(ConversationMessage).min(1).max(50),
  practiceId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/)
    .optional(),
  // A voice-config tenant's id: an int column, so its range (a larger one is a 400, not a 500).
  tenantId: VoiceConfigId.optional(),
  source: EhrSource.optional(),
  patientInfo: z
    .strictObject({
      firstName: z.string().trim().min(1).max(50).optional(),
      lastName: z.string().trim().min(1).max(50).optional(),
      dob: z.string().trim().max(10).optional(),
      patientId: EhrId.optional(),
      phone: z.string().trim().max(20).optional(),
    })
    .optional(),
});
export type SmartSchedulingBody = z.infer<typeof SmartSchedulingBody>;

export const SmartSchedulingResult = z.object({
  success: z.boolean(),
  smartScheduling: z.object({
    analysis: ConversationAnalysis,
    /** Which analyser produced the analysis, and why the LLM was not used when it was not. */
    analyzer: z.object({
      kind: z.enum(['built-in', 'llm']),
      model: z.string().nullable(),
      fallbackReason: z.string().nullable(),
    }),
    queryResults: z.object({
      departments: z.array(Department),
      providers: z.array(Provider),
      appointmentTypes: z.array(AppointmentType),
    }),
    recommendedParameters: z.object({
      departmentId: z.string().nullable(),
      providerId: z.string().nullable(),
      appointmentTypeId: z.string().nullable(),
      startDate: z.string(),
      endDate: z.string(),
    }),
    availableSlots: z.array(OpenSlot),
  }),
  canProceedWithBooking: z.boolean(),
  nextSteps: z.array(z.string()),
});
export type SmartSchedulingResult = z.infer<typeof SmartSchedulingResult>;
