import { z } from 'zod';

import { GATEWAY_PREFIXES } from './names.js';
import { TIME_PREFERENCES } from './smart-scheduling.js';

/**
 * The scheduling tools a voice agent calls (Vapi through its tool-call webhook, Retell through
 * custom functions): their names, what each is for in words an LLM reads, and the arguments each
 * takes. The gateway validates arguments with these schemas and publishes them, converted to JSON
 * Schema, as ready-to-paste tool definitions, so the two cannot disagree.
 */

/** A reference the tools hand out (patient, slot, appointment): opaque, signed, bound to one call. */
const ToolToken = (what: string) =>
  z
    .string()
    .trim()
    .min(20)
    .max(2000)
    .describe(`The ${what} reference returned by an earlier tool call in this conversation.`);

const TenantArg = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('The practice group (voice-config tenant) this phone line serves; 1 when omitted.');

const Name = z.string().trim().min(1).max(50);
const Dob = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .describe('Date of birth as YYYY-MM-DD, e.g. 1985-07-14.')
  .meta({ examples: ['1985-07-14'] });
const Phone = z
  .string()
  .trim()
  .regex(/^[\d\s().+-]{7,20}$/, 'must be a phone number')
  .describe('The phone number the caller gave, digits only or formatted, e.g. 312-555-0142.')
  .meta({ examples: ['312-555-0142'] });

export const VerifyPatientArgs = z.strictObject({
  firstName: Name.describe("The caller's first name as they said it.").meta({
    examples: ['Linda'],
  }),
  lastName: Name.describe("The caller's last name as they said it.").meta({
    examples: ['Wright'],
  }),
  dob: Dob,
  phone: Phone.optional(),
  tenant_id: TenantArg,
});

export const FindOpenSlotsArgs = z.strictObject({
  specialty: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe('The kind of care, e.g. cardiology, pediatrics, family medicine.')
    .meta({ examples: ['pediatrics', 'cardiology'] }),
  providerName: z
    .string()
    .trim()
    .max(80)
    .optional()
    .describe('A provider the caller asked for, e.g. "Dr. Ruiz".')
    .meta({ examples: ['Dr. Ruiz'] }),
  department: z
    .string()
    .trim()
    .max(80)
    .optional()
    .describe('A clinic or department the caller named, e.g. "Downtown".'),
  appointmentType: z
    .string()
    .trim()
    .max(80)
    .optional()
    .describe('The visit, e.g. "annual physical", "follow-up", "sick visit".'),
  dateFrom: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe(
      'When the caller wants to come: a date (YYYY-MM-DD) or their words, e.g. "next week", "tomorrow", "December 3rd".',
    )
    .meta({ examples: ['next week', 'tomorrow afternoon', '2026-12-02'] }),
  dateTo: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe(
      'The last day that works, as a date (YYYY-MM-DD) or words; omit for one day or phrase.',
    ),
  timeOfDay: z.enum(TIME_PREFERENCES).optional().describe('Part of the day the caller prefers.'),
  patientRef: ToolToken('patient').optional(),
  appointment: ToolToken('appointment')
    .optional()
    .describe(
      'When moving an appointment: its reference from list_appointments or book_appointment. Then "the same time next week" (in dateFrom) means a week after that appointment, with the same provider.',
    ),
  tenant_id: TenantArg,
});

export const BookAppointmentArgs = z.strictObject({
  patientRef: ToolToken('patient'),
  slotToken: ToolToken('slot'),
  reason: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Why the caller is coming, in a few words.'),
  tenant_id: TenantArg,
});

export const ListAppointmentsArgs = z.strictObject({
  patientRef: ToolToken('patient'),
  date: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe(
      'Only the appointments on this day, when the caller named one ("my appointment on Tuesday"): a date (YYYY-MM-DD) or their words.',
    )
    .meta({ examples: ['Tuesday', 'next Friday', '2026-12-01'] }),
  tenant_id: TenantArg,
});

export const CancelAppointmentArgs = z.strictObject({
  patientRef: ToolToken('patient'),
  appointment: ToolToken('appointment'),
  reason: z.string().trim().max(200).optional().describe('Why the caller cancels, if they said.'),
  tenant_id: TenantArg,
});

export const RescheduleAppointmentArgs = z.strictObject({
  patientRef: ToolToken('patient'),
  appointment: ToolToken('appointment'),
  slotToken: ToolToken('slot'),
  tenant_id: TenantArg,
});

export const RegisterPatientArgs = z.strictObject({
  firstName: Name.optional().describe("The caller's first name, once they said it."),
  lastName: Name.optional().describe("The caller's last name, once they said it."),
  dob: Dob.optional(),
  phone: Phone.optional(),
  email: z.email().max(200).optional().describe('An email address, if the caller gave one.'),
  sex: z.enum(['M', 'F']).optional().describe('Sex as the EHR records it, if the caller said.'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'must be a 5-digit ZIP code')
    .optional()
    .describe('Home ZIP code.'),
  spellingConfirmed: z
    .boolean()
    .optional()
    .describe('True once the caller said the spelling read back to them is right.'),
  tenant_id: TenantArg,
});

export const TransferToStaffArgs = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('Why the caller needs a person, e.g. "billing question", "caller asked for staff".'),
  tenant_id: TenantArg,
});

export const VOICE_TOOLS = {
  verify_patient: {
    args: VerifyPatientArgs,
    description:
      "Find the caller's patient record by first name, last name and date of birth (add the phone number when asked to). Call it before booking, listing, cancelling or rescheduling. Returns a patientRef to pass to the other tools; it never reads back details the caller did not say.",
  },
  find_open_slots: {
    args: FindOpenSlotsArgs,
    description:
      'Find up to three open appointment times that fit what the caller asked for (kind of care, provider, clinic, visit type, dates such as "next week" or "tomorrow afternoon"). Each comes as a sentence to read to the caller and a slotToken to book it with.',
  },
  book_appointment: {
    args: BookAppointmentArgs,
    description:
      'Book the slot the caller chose for the verified patient. Returns a confirmation sentence and number. If the time was taken meanwhile, it offers other times instead.',
  },
  list_appointments: {
    args: ListAppointmentsArgs,
    description:
      "List the verified patient's upcoming appointments (or only those on the day the caller named), each as a sentence and an appointment reference for cancelling or rescheduling.",
  },
  cancel_appointment: {
    args: CancelAppointmentArgs,
    description:
      "Cancel one of the verified patient's upcoming appointments (an appointment reference from list_appointments). Confirm with the caller first.",
  },
  reschedule_appointment: {
    args: RescheduleAppointmentArgs,
    description:
      'Move an appointment to a new slot: books the new time first, then cancels the old one, so the caller never ends up with nothing. Use a slotToken from find_open_slots.',
  },
  register_patient: {
    args: RegisterPatientArgs,
    description:
      'Register a new patient when verify_patient found no record and the caller is new to the practice. Call it with what you have: the result asks for the next thing the practice needs, one at a time, then reads the spelling back; call again with each answer (and spellingConfirmed: true once the caller agrees). Returns a patientRef for booking in the same call.',
  },
  transfer_to_staff: {
    args: TransferToStaffArgs,
    description:
      'Hand the call to a person at the practice: returns the number to transfer to. Use it when the caller asks for staff, is upset, has an emergency, or the tools cannot help.',
  },
} as const;

export type VoiceToolName = keyof typeof VOICE_TOOLS;
export const VOICE_TOOL_NAMES = Object.keys(VOICE_TOOLS) as VoiceToolName[];

/** Where each platform's definitions point and what format they take. */
export const TOOL_PLATFORMS = ['vapi', 'retell', 'openai'] as const;
export type ToolPlatform = (typeof TOOL_PLATFORMS)[number];

export const ToolDefinitionsQuery = z.strictObject({
  platform: z.enum(TOOL_PLATFORMS).default('vapi'),
});

/** One tool as a platform takes it; the shape differs per platform, so it is passed through. */
export const ToolDefinitionsResponse = z.object({
  platform: z.enum(TOOL_PLATFORMS),
  serverUrl: z.string(),
  tools: z.array(z.record(z.string(), z.unknown())),
});
export type ToolDefinitionsResponse = z.infer<typeof ToolDefinitionsResponse>;

export const RetellToolParams = z.strictObject({
  tool: z.enum(VOICE_TOOL_NAMES as [VoiceToolName, ...VoiceToolName[]]),
});

/** Retell reads `result` (a string it speaks or the LLM reads). */
export const RetellToolResponse = z.object({ result: z.string() });

/** The voice-config global config key holding the number calls are handed to. */
export const STAFF_HANDOFF_CONFIG_KEY = 'staff_handoff_number';

/** The voice-agent tool routes, under GATEWAY_PREFIXES.llmTools (Fastify's `:param` syntax). */
export const LLM_TOOL_ROUTES = {
  /** The Vapi webhook every tool is sent to. */
  vapiWebhook: '/tools/query-healthcare-entities',
  /** Retell's per-tool custom function. */
  retellTool: '/tools/retell/:tool',
  definitions: '/tools/definitions',
} as const;

export const VAPI_TOOLS_PATH = `${GATEWAY_PREFIXES.llmTools}${LLM_TOOL_ROUTES.vapiWebhook}`;
export const retellToolPath = (tool: VoiceToolName) =>
  `${GATEWAY_PREFIXES.llmTools}${LLM_TOOL_ROUTES.retellTool.replace(':tool', tool)}`;

/** A tool's arguments as JSON Schema, as the platforms take it (no `$schema`). */
export function toolParameters(tool: VoiceToolName): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(VOICE_TOOLS[tool].args, {
    io: 'input',
  }) as Record<string, unknown>;
  return schema;
}

/**
 * Ready-to-paste definitions of every scheduling tool for a platform: Vapi's function tools with
 * the webhook as server, Retell's custom functions with one URL each, or OpenAI function tools.
 * The gateway serves them at /llm/tools/definitions and the console shows the same.
 */
export function toolDefinitions(platform: ToolPlatform, baseUrl: string): ToolDefinitionsResponse {
  const tools = VOICE_TOOL_NAMES.map((name) => {
    const { description } = VOICE_TOOLS[name];
    const parameters = toolParameters(name);
    switch (platform) {
      case 'vapi':
        return {
          type: 'function',
          async: false,
          function: { name, description, parameters },
          server: { url: `${baseUrl}${VAPI_TOOLS_PATH}` },
        };
      case 'retell':
        return {
          type: 'custom',
          name,
          description,
          url: `${baseUrl}${retellToolPath(name)}`,
          parameters,
          speak_during_execution: false,
          speak_after_execution: true,
          timeout_ms: 20_000,
        };
      case 'openai':
        return { type: 'function', function: { name, description, parameters } };
    }
  });
  return {
    platform,
    serverUrl: platform === 'vapi' ? `${baseUrl}${VAPI_TOOLS_PATH}` : baseUrl,
    tools,
  };
}
