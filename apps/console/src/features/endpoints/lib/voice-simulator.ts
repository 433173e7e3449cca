import {
  GATEWAY_PREFIXES,
  HEADERS,
  VAPI_TOOLS_PATH,
  type SmartSchedulingResult,
  type Tenant,
  type VoiceToolName,
} from '@ehr-gateway/contracts';

/** What a tool said: the sentence the caller hears, then the data the agent keeps. */
export interface ToolAnswer {
  sentence: string;
  data: Record<string, unknown>;
  /** Set when the tool refused the call (bad arguments, the EHR away). */
  error?: string;
}

/** The references the conversation has been given so far, newest wins. */
export interface CallMemory {
  patientRef?: string;
  slotTokens: string[];
  appointment?: string;
}

export const EMPTY_MEMORY: CallMemory = { slotTokens: [] };

export function readToolAnswer(text: string): Pick<ToolAnswer, 'sentence' | 'data'> {
  const start = text.indexOf(' {');
  if (start === -1) {
    return { sentence: text, data: {} };
  }
  try {
    return {
      sentence: text.slice(0, start),
      data: JSON.parse(text.slice(start + 1)) as Record<string, unknown>,
    };
  } catch {
    return { sentence: text, data: {} };
  }
}

/** Keeps the references a tool handed out, for the next tool's arguments. */
export function remember(memory: CallMemory, data: Record<string, unknown>): CallMemory {
  const next = { ...memory };
  if (typeof data.patientRef === 'string') {
    next.patientRef = data.patientRef;
  }
  const offers = data.offers as Array<{ slotToken?: string }> | undefined;
  if (Array.isArray(offers) && offers.length) {
    next.slotTokens = offers.flatMap((offer) => (offer.slotToken ? [offer.slotToken] : []));
  } else if (data.booked === true) {
    // The offer just booked is gone; the next one is what a reschedule would take.
    next.slotTokens = memory.slotTokens.slice(1);
  }
  if (typeof data.appointment === 'string') {
    next.appointment = data.appointment;
  }
  // A listing points at an appointment only when the call has none in hand (one just booked).
  const appointments = data.appointments as Array<{ appointment?: string }> | undefined;
  if (!next.appointment && Array.isArray(appointments) && appointments[0]?.appointment) {
    next.appointment = appointments[0].appointment;
  }
  if (data.cancelled === true) {
    next.appointment = undefined;
  }
  return next;
}

const NAME = /\b(?:my name is|this is|i am|i'm)\s+([A-Z][a-z'-]+)\s+([A-Z][a-z'-]+)/;
const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/;
const US_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;
const PHONE = /\b(\d{3}[-. )]*\d{3}[-. ]*\d{4})\b/;

function identityFrom(text: string) {
  const name = NAME.exec(text);
  const iso = ISO_DATE.exec(text)?.[1];
  const us = US_DATE.exec(text);
  const dob = iso ?? (us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : '');
  return {
    firstName: name?.[1] ?? '',
    lastName: name?.[2] ?? '',
    dob,
    phone: PHONE.exec(text)?.[1],
  };
}

/**
 * Arguments for a tool, from what the caller said and the references the call holds: names and
 * dates read from the caller's words, the rest of find_open_slots from the built-in analyser.
 */
export function proposeArguments(
  tool: VoiceToolName,
  callerSaid: string[],
  memory: CallMemory,
  analysis?: SmartSchedulingResult['smartScheduling']['analysis'],
): Record<string, unknown> {
  const everything = callerSaid.join(' ');
  const latest = callerSaid.at(-1) ?? '';
  const patientRef = memory.patientRef ?? '';
  const compact = (args: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(args).filter(
        ([, value]) => value !== undefined && value !== null && value !== '',
      ),
    );
  switch (tool) {
    case 'verify_patient': {
      const { phone, ...identity } = identityFrom(everything);
      return compact({ ...identity, phone });
    }
    case 'register_patient':
      // The tool reads the spelling back; a "yes" to that confirms it.
      return compact({
        ...identityFrom(everything),
        spellingConfirmed: /\b(?:yes|yeah|correct|that's right)\b/i.test(latest) || undefined,
      });
    case 'find_open_slots': {
      const info = analysis?.extractedInfo;
      return compact({
        specialty: info?.specialty ?? undefined,
        providerName: info?.providerName ?? undefined,
        appointmentType: info?.appointmentTypeHint ?? undefined,
        dateFrom: info?.datePreference?.startDate,
        dateTo: info?.datePreference?.endDate,
        timeOfDay: info?.timePreference ?? undefined,
        patientRef: memory.patientRef,
      });
    }
    case 'book_appointment':
      return { patientRef, slotToken: memory.slotTokens[0] ?? '' };
    case 'list_appointments':
      return { patientRef };
    case 'cancel_appointment':
      return { patientRef, appointment: memory.appointment ?? '' };
    case 'reschedule_appointment':
      return {
        patientRef,
        appointment: memory.appointment ?? '',
        slotToken: memory.slotTokens[0] ?? '',
      };
    case 'transfer_to_staff':
      return { reason: latest || 'caller asked for staff' };
  }
}

/** Calls a tool the way Vapi does: the tool-call webhook, this call's id, a fresh tool-call id. */
export async function callToolAsVapi({
  origin,
  apiKey,
  callId,
  tool,
  args,
}: {
  origin: string;
  apiKey: string;
  callId: string;
  tool: VoiceToolName;
  args: Record<string, unknown>;
}): Promise<ToolAnswer> {
  const response = await fetch(`${origin}${VAPI_TOOLS_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
    credentials: 'omit',
    body: JSON.stringify({
      message: {
        type: 'tool-calls',
        call: { id: callId },
        toolCallList: [
          { id: crypto.randomUUID(), type: 'function', function: { name: tool, arguments: args } },
        ],
      },
    }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    results?: Array<{ result?: string; error?: string }>;
    message?: string;
    error?: string;
  };
  if (!response.ok) {
    return { sentence: '', data: {}, error: body.message ?? `HTTP ${response.status}` };
  }
  const [result] = body.results ?? [];
  if (!result?.result) {
    return { sentence: '', data: {}, error: result?.error ?? body.error ?? 'No answer' };
  }
  return readToolAnswer(result.result);
}

/** Asks the built-in analyser (smart scheduling) what the caller wants, for find_open_slots. */
export async function analyzeCallerWords({
  origin,
  apiKey,
  callerSaid,
  tenantId,
}: {
  origin: string;
  apiKey: string;
  callerSaid: string[];
  tenantId: number;
}): Promise<SmartSchedulingResult['smartScheduling']['analysis'] | undefined> {
  const response = await fetch(`${origin}${GATEWAY_PREFIXES.aggregation}/smart-scheduling`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
    credentials: 'omit',
    body: JSON.stringify({
      messages: callerSaid.map((content) => ({ role: 'user', content })),
      tenantId,
    }),
  });
  if (!response.ok) {
    return undefined;
  }
  return ((await response.json()) as SmartSchedulingResult).smartScheduling.analysis;
}

/** The voice-config tenants (phone lines) the key can use, with the EHR each asks. */
export async function listTenants(origin: string, apiKey: string): Promise<Tenant[]> {
  const response = await fetch(`${origin}${GATEWAY_PREFIXES.voiceConfig}/tenants`, {
    headers: { [HEADERS.apiKey]: apiKey },
    credentials: 'omit',
  });
  if (!response.ok) {
    throw new Error(`The tenants could not be read (HTTP ${response.status})`);
  }
  return ((await response.json()) as { tenants: Tenant[] }).tenants;
}

/** A tenant whose voice agent asks athena (at the gateway's athena practice). */
export async function createAthenaTenant(origin: string, apiKey: string): Promise<Tenant> {
  const response = await fetch(`${origin}${GATEWAY_PREFIXES.voiceConfig}/tenants`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADERS.apiKey]: apiKey },
    credentials: 'omit',
    body: JSON.stringify({
      name: `athena line ${crypto.randomUUID().slice(0, 4)}`,
      ehrSource: 'athena',
    }),
  });
  if (!response.ok) {
    throw new Error(`The tenant could not be created (HTTP ${response.status})`);
  }
  return (await response.json()) as Tenant;
}
