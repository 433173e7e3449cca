import type {
  AppointmentDetail,
  SmartSchedulingBody,
  SmartSchedulingResult,
  Tenant,
  VoiceToolName,
  VOICE_TOOLS,
} from '@ehr-gateway/contracts';
import type { z } from 'zod';

import type { CallMemos, EhrCallContext, EhrClient, EhrModule } from '../../ehr/index.js';
import type { IdempotencyModule } from '../../idempotency/index.js';
import { TOKEN_PROBLEMS } from '../spoken.js';
import type { ToolCaller, ToolTokens } from '../tool-tokens.js';

/** One tool call as either platform delivers it. */
export interface SchedulingToolCall {
  name: VoiceToolName;
  args: Record<string, unknown>;
  /** The platform's call (conversation) id; references are bound to it. */
  callId: string;
  /** The id of this tool call; a retried call with the same id books once. */
  toolCallId: string;
}

export interface SchedulingToolsDeps {
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  voiceConfig: {
    getTenant(id: number): Promise<Tenant>;
    getGlobalConfig(key: string): Promise<{ value: unknown }>;
  };
  smartScheduling: {
    schedule(body: SmartSchedulingBody, ctx: EhrCallContext): Promise<SmartSchedulingResult>;
  };
  idempotency: Pick<IdempotencyModule, 'run'>;
  tokens: ToolTokens;
  /** Each phone call's EHR answers, reused by its later tool calls; absent, nothing is reused. */
  callMemos?: CallMemos;
  now?: () => Date;
}

/** What a slot reference carries. */
export interface SlotData {
  slotId: string;
  /** The slot as it was offered ("Monday November 30th at 8:30 in the morning with …"). */
  when: string;
  appointmentTypeId: string | null;
  startTime: string;
  /** What the caller asked for, so a taken slot can be answered with other times. */
  search: Record<string, unknown>;
}

export interface AppointmentData {
  appointmentId: string;
}

export interface PatientData {
  patientId: string;
}

export type ToolArgs<N extends VoiceToolName> = z.infer<(typeof VOICE_TOOLS)[N]['args']>;

/** One tool: its validated arguments in, the line for the caller (and data) out. */
export type ToolFn<N extends VoiceToolName> = (
  args: ToolArgs<N>,
  caller: ToolCaller,
  call: SchedulingToolCall,
  ctx: EhrCallContext,
) => Promise<string>;

/** An answer the tool gives instead of going on (a question for the caller, a refusal). */
export class ToolStop extends Error {}

export interface Practice {
  tenant: Tenant;
  source: Tenant['ehrSource'];
  practiceId: string;
  client: EhrClient;
}

/** The pieces every tool shares: the caller's practice, references, booking. */
export function createToolKit(deps: SchedulingToolsDeps) {
  const now = deps.now ?? (() => new Date());

  async function practiceOf(tenantId: number): Promise<Practice> {
    const tenant = await deps.voiceConfig.getTenant(tenantId);
    const source = tenant.ehrSource;
    const practiceId = tenant.practiceId ?? deps.ehr.practiceIdFor(source);
    return { tenant, source, practiceId, client: deps.ehr.forSource(source) };
  }

  async function readToken<T>(
    kind: 'patient' | 'slot' | 'appointment',
    caller: ToolCaller,
    token: string,
  ): Promise<T> {
    const read = await deps.tokens.read<T>(kind, caller, token);
    if (!read.ok) {
      throw new ToolStop(TOKEN_PROBLEMS[read.problem]);
    }
    return read.data;
  }

  async function departmentsOf({ client, practiceId }: Practice, ctx: EhrCallContext) {
    const { departments } = await client.listDepartments(practiceId, ctx);
    return departments;
  }

  function book(
    { client, practiceId }: Pick<Practice, 'client' | 'practiceId'>,
    patientId: string,
    slot: SlotData,
    reason: string | undefined,
    ctx: EhrCallContext,
    rescheduledFrom?: string,
  ): Promise<AppointmentDetail> {
    return client.bookAppointment(
      practiceId,
      {
        slotId: slot.slotId,
        patientId,
        appointmentTypeId: slot.appointmentTypeId ?? undefined,
        notes: reason ? `Booked by voice agent: ${reason}` : 'Booked by voice agent',
        ...(rescheduledFrom ? { rescheduledFrom } : {}),
      },
      ctx,
    );
  }

  return { deps, now, tokens: deps.tokens, practiceOf, readToken, departmentsOf, book };
}

export type ToolKit = ReturnType<typeof createToolKit>;
