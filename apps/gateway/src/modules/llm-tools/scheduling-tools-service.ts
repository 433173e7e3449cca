import { VOICE_TOOLS, type VoiceToolName } from '@ehr-gateway/contracts';

import { HttpError } from '../../lib/http-errors.js';
import type { EhrCallContext } from '../ehr/index.js';
import { spokenResult } from './spoken.js';
import type { ToolCaller } from './tool-tokens.js';
import { bookAppointmentTool } from './tools/book-appointment.js';
import { cancelAppointmentTool } from './tools/cancel-appointment.js';
import { createSlotFinder, findOpenSlotsTool } from './tools/find-open-slots.js';
import { listAppointmentsTool } from './tools/list-appointments.js';
import { registerPatientTool } from './tools/register-patient.js';
import { rescheduleAppointmentTool } from './tools/reschedule-appointment.js';
import {
  createToolKit,
  ToolStop,
  type SchedulingToolCall,
  type SchedulingToolsDeps,
  type ToolFn,
} from './tools/tool-kit.js';
import { transferToStaffTool } from './tools/transfer-to-staff.js';
import { verifyPatientTool } from './tools/verify-patient.js';

export type { SchedulingToolCall } from './tools/tool-kit.js';

export type ToolOutcome = { result: string } | { error: string };

/**
 * The voice agent's scheduling conversation as tools: verify the caller, find slots, book, list,
 * cancel, reschedule, register, hand over to staff (one file each under tools/). What each says is
 * one line for the caller's ear, then data for the agent's memory.
 */
export function createSchedulingToolsService(deps: SchedulingToolsDeps) {
  const kit = createToolKit(deps);
  const findSlots = createSlotFinder(kit);
  const tools: { [N in VoiceToolName]: ToolFn<N> } = {
    verify_patient: verifyPatientTool(kit),
    find_open_slots: findOpenSlotsTool(findSlots),
    book_appointment: bookAppointmentTool(kit, findSlots),
    list_appointments: listAppointmentsTool(kit),
    cancel_appointment: cancelAppointmentTool(kit),
    reschedule_appointment: rescheduleAppointmentTool(kit, findSlots),
    register_patient: registerPatientTool(kit),
    transfer_to_staff: transferToStaffTool(kit),
  };

  return {
    /** Runs one tool call; every outcome is a sentence (or an error string), never a throw. */
    async run(call: SchedulingToolCall, ctx: EhrCallContext): Promise<ToolOutcome> {
      const tool = VOICE_TOOLS[call.name];
      const parsed = tool.args.safeParse(call.args);
      if (!parsed.success) {
        const problems = parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`,
        );
        return { error: `Invalid arguments for ${call.name}: ${problems.join('; ')}` };
      }
      const caller: ToolCaller = {
        tenantId: (parsed.data as { tenant_id?: number }).tenant_id ?? 1,
        callId: call.callId,
      };
      try {
        const run = tools[call.name] as ToolFn<VoiceToolName> as (
          args: unknown,
          caller: ToolCaller,
          call: SchedulingToolCall,
          ctx: EhrCallContext,
        ) => Promise<string>;
        // The call's earlier answers (providers, visit types, the patient, slots) are reused.
        const callCtx = deps.callMemos
          ? { ...ctx, callMemo: deps.callMemos.memoOf(call.callId) }
          : ctx;
        return { result: await run(parsed.data, caller, call, callCtx) };
      } catch (error) {
        return outcomeOfFailure(error);
      }
    },
  };
}

/** A tool that stopped or failed still answers: a sentence for the caller or an error for the agent. */
function outcomeOfFailure(error: unknown): ToolOutcome {
  if (error instanceof ToolStop) {
    return { result: spokenResult(error.message) };
  }
  if (error instanceof HttpError && error.statusCode === 404) {
    return { result: spokenResult("I couldn't find that. Let's try again.") };
  }
  if (error instanceof HttpError && error.statusCode < 500) {
    return { error: spokenResult(error.message) };
  }
  return {
    error:
      "The practice's scheduling system is not answering right now; offer to transfer the caller to staff",
  };
}

export type SchedulingToolsService = ReturnType<typeof createSchedulingToolsService>;
