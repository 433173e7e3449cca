import {
  STAFF_HANDOFF_CONFIG_KEY,
  VOICE_TOOLS,
  type AppointmentDetail,
  type Department,
  type OpenSlot,
  type PatientDetail,
  type Provider,
  type SmartSchedulingBody,
  type SmartSchedulingResult,
  type Tenant,
  type VoiceToolName,
} from '@ehr-gateway/contracts';
import { addDays, todayIn } from '@ehr-gateway/calendar';
import type { z } from 'zod';

import { HttpError } from '../../lib/http-errors.js';
import type { EhrCallContext, EhrClient, EhrModule } from '../ehr/index.js';
import type { IdempotencyModule } from '../idempotency/index.js';
import { spokenDateTime, spokenDigits, spokenProvider, spokenResult } from './spoken.js';
import type { TokenProblem, ToolCaller, ToolTokens } from './tool-tokens.js';

/** One tool call as either platform delivers it. */
export interface SchedulingToolCall {
  name: VoiceToolName;
  args: Record<string, unknown>;
  /** The platform's call (conversation) id; references are bound to it. */
  callId: string;
  /** The id of this tool call; a retried call with the same id books once. */
  toolCallId: string;
}

export type ToolOutcome = { result: string } | { error: string };

interface Deps {
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
  now?: () => Date;
}

interface SlotData {
  slotId: string;
  /** The slot as it was offered ("Monday November 30th at 8:30 in the morning with …"). */
  when: string;
  appointmentTypeId: string | null;
  startTime: string;
  /** What the caller asked for, so a taken slot can be answered with other times. */
  search: Record<string, unknown>;
}

interface AppointmentData {
  appointmentId: string;
}

const MAX_OFFERED = 3;
const UPCOMING_DAYS = 180;

const TOKEN_PROBLEMS: Record<TokenProblem, string> = {
  invalid: 'That reference is not one I gave in this call.',
  expired: 'That reference has expired; look it up again.',
  'other-call': 'That reference belongs to another call.',
};

/** An answer the tool gives instead of going on (a question for the caller, a refusal). */
class ToolStop extends Error {}

const isoToWords = (text: string) => {
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
};

/** What the caller is asked when the EHR refuses a registration for a missing or wrong field. */
const FIELD_QUESTIONS: Array<[RegExp, string]> = [
  [/zip/i, 'your home ZIP code'],
  [/email/i, 'your email address'],
  [/\bsex\b|gender/i, 'your sex as it appears on your insurance card'],
  [/address|city|state/i, 'your home address'],
  [/phone/i, 'a phone number where we can reach you'],
  [/dob|birth/i, 'your date of birth'],
];

const questionFor = (message: string) =>
  FIELD_QUESTIONS.find(([pattern]) => pattern.test(message))?.[1] ?? null;

const digitsOf = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '').slice(-10);

/**
 * The voice agent's scheduling conversation as tools: verify the caller, find slots, book, list,
 * cancel, reschedule, register, hand over to staff. Each is a function of the EHR layer and smart
 * scheduling; what it says is one line for the caller's ear, then data for the agent's memory.
 */
export function createSchedulingToolsService({
  ehr,
  voiceConfig,
  smartScheduling,
  idempotency,
  tokens,
  now = () => new Date(),
}: Deps) {
  async function practiceOf(tenantId: number) {
    const tenant = await voiceConfig.getTenant(tenantId);
    const source = tenant.ehrSource;
    const practiceId = tenant.practiceId ?? ehr.practiceIdFor(source);
    return { tenant, source, practiceId, client: ehr.forSource(source) };
  }

  function readToken<T>(
    kind: 'patient' | 'slot' | 'appointment',
    caller: ToolCaller,
    token: string,
  ): T {
    const read = tokens.read<T>(kind, caller, token);
    if (!read.ok) {
      throw new ToolStop(TOKEN_PROBLEMS[read.problem]);
    }
    return read.data;
  }

  async function departmentsOf(client: EhrClient, practiceId: string, ctx: EhrCallContext) {
    const { departments } = await client.listDepartments(practiceId, ctx);
    return departments;
  }

  const timezoneOf = (departments: Department[], departmentId?: string | null) =>
    departments.find((d) => d.id === departmentId)?.timezone ??
    departments.find((d) => d.timezone)?.timezone ??
    'UTC';

  async function findSlots(
    args: z.infer<typeof VOICE_TOOLS.find_open_slots.args>,
    caller: ToolCaller,
    ctx: EhrCallContext,
    excludeSlotId?: string,
  ): Promise<{ sentence: string; offers: Array<{ slotToken: string; when: string }> }> {
    const { source, practiceId } = await practiceOf(caller.tenantId);
    const wants = [
      'I would like to book',
      args.appointmentType ?? 'an appointment',
      args.specialty && `in ${args.specialty}`,
      args.providerName && `with ${args.providerName}`,
      args.department && `at ${args.department}`,
      args.dateFrom &&
        (args.dateTo ? `from ${isoToWords(args.dateFrom)}` : isoToWords(args.dateFrom)),
      args.dateTo && `until ${isoToWords(args.dateTo)}`,
      args.timeOfDay && args.timeOfDay !== 'any' && `in the ${args.timeOfDay}`,
    ]
      .filter(Boolean)
      .join(' ');
    const answer = await smartScheduling.schedule(
      {
        messages: [{ role: 'user', content: `${wants}.` }],
        tenantId: caller.tenantId,
        source,
        practiceId,
      },
      ctx,
    );
    const { availableSlots, queryResults } = answer.smartScheduling;
    const departmentFilter = args.department?.toLowerCase();
    const slots = availableSlots
      .filter((slot) => slot.id !== excludeSlotId)
      .filter(
        (slot) =>
          !departmentFilter ||
          queryResults.departments
            .find((d) => d.id === slot.departmentId)
            ?.name.toLowerCase()
            .includes(departmentFilter),
      )
      .slice(0, MAX_OFFERED);
    if (slots.length === 0) {
      const what = [args.specialty, args.providerName && `with ${args.providerName}`]
        .filter(Boolean)
        .join(' ');
      return {
        sentence: `I could not find an open time${what ? ` for ${what}` : ''} then. ${args.appointmentType ? 'Would another day or time work?' : 'What kind of visit is it, and would another day or time work?'}`,
        offers: [],
      };
    }
    const offers = slots.map((slot) => {
      const when = describeSlot(slot, queryResults.providers, queryResults.departments);
      return {
        slotToken: tokens.issue<SlotData>('slot', caller, {
          slotId: slot.id,
          when,
          appointmentTypeId: slot.appointmentTypeId,
          startTime: slot.startTime,
          search: args,
        }),
        when,
      };
    });
    const sentence =
      offers.length === 1
        ? `I have ${offers[0]!.when}. Would that work?`
        : `I have ${offers
            .map((offer, index) => `${index === offers.length - 1 ? 'or ' : ''}${offer.when}`)
            .join('; ')}. Which works best?`;
    return { sentence, offers };
  }

  function describeSlot(slot: OpenSlot, providers: Provider[], departments: Department[]) {
    const provider = providers.find((p) => p.id === slot.providerId);
    const department = departments.find((d) => d.id === slot.departmentId);
    const when = spokenDateTime(
      new Date(slot.startTime),
      timezoneOf(departments, slot.departmentId),
    );
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

  function describeAppointment(appointment: AppointmentDetail, departments: Department[]) {
    const when = spokenDateTime(
      new Date(appointment.startTime),
      timezoneOf(departments, appointment.department.id),
    );
    const type = appointment.appointmentType ? `${appointment.appointmentType.toLowerCase()} ` : '';
    const where = appointment.department.name ? ` at ${appointment.department.name}` : '';
    return `${type}on ${when}${where}`.trim();
  }

  function book(
    { client, practiceId }: { client: EhrClient; practiceId: string },
    patientId: string,
    slot: SlotData,
    reason: string | undefined,
    ctx: EhrCallContext,
  ): Promise<AppointmentDetail> {
    return client.bookAppointment(
      practiceId,
      {
        slotId: slot.slotId,
        patientId,
        appointmentTypeId: slot.appointmentTypeId ?? undefined,
        notes: reason ? `Booked by voice agent: ${reason}` : 'Booked by voice agent',
      },
      ctx,
    );
  }

  /** A taken slot answered with other times for the same request. */
  async function alternativesAfterTaken(slot: SlotData, caller: ToolCaller, ctx: EhrCallContext) {
    const { sentence, offers } = await findSlots(
      slot.search as z.infer<typeof VOICE_TOOLS.find_open_slots.args>,
      caller,
      ctx,
      slot.slotId,
    );
    return spokenResult(`Sorry, that time was just taken. ${sentence}`, {
      booked: false,
      reason: 'slot_taken',
      offers,
    });
  }

  const tools: {
    [N in VoiceToolName]: (
      args: z.infer<(typeof VOICE_TOOLS)[N]['args']>,
      caller: ToolCaller,
      call: SchedulingToolCall,
      ctx: EhrCallContext,
    ) => Promise<string>;
  } = {
    async verify_patient(args, caller, _call, ctx) {
      const { client, practiceId } = await practiceOf(caller.tenantId);
      let matches: PatientDetail[] = await client.findPatients(
        practiceId,
        { firstName: args.firstName, lastName: args.lastName, dob: args.dob },
        ctx,
      );
      if (matches.length > 1 && args.phone) {
        const phone = digitsOf(args.phone);
        matches = matches.filter((patient) => digitsOf(patient.phone) === phone);
      }
      if (matches.length === 0) {
        return spokenResult(
          "I couldn't find you with that name and date of birth. Could you spell your last name for me, or are you new to the practice?",
          { verified: false, reason: 'not_found' },
        );
      }
      if (matches.length > 1) {
        return spokenResult(
          'I found more than one record with that name and date of birth. Can you give me your phone number?',
          { verified: false, reason: 'ambiguous', ask: 'phone' },
        );
      }
      const patientRef = tokens.issue('patient', caller, { patientId: matches[0]!.id });
      return spokenResult(`Thank you, ${args.firstName}, I found your record.`, {
        verified: true,
        patientRef,
      });
    },

    async find_open_slots(args, caller, _call, ctx) {
      if (args.patientRef) {
        readToken('patient', caller, args.patientRef);
      }
      const { sentence, offers } = await findSlots(args, caller, ctx);
      return spokenResult(sentence, { offers });
    },

    async book_appointment(args, caller, call, ctx) {
      const { patientId } = readToken<{ patientId: string }>('patient', caller, args.patientRef);
      const slot = readToken<SlotData>('slot', caller, args.slotToken);
      // A retried tool call (same call and tool-call id) gets the first answer, not a second booking.
      const answer = await idempotency.run<{ appointment: AppointmentDetail | null }>(
        'voice-tool-booking',
        `${call.callId}:${call.toolCallId}`,
        { patientId, slotId: slot.slotId },
        async () => {
          try {
            const appointment = await book(
              await practiceOf(caller.tenantId),
              patientId,
              slot,
              args.reason,
              ctx,
            );
            return { statusCode: 200, body: { appointment } };
          } catch (error) {
            if (error instanceof HttpError && error.statusCode === 409) {
              return { statusCode: 409, body: { appointment: null } };
            }
            throw error;
          }
        },
      );
      if (!answer.body.appointment) {
        return alternativesAfterTaken(slot, caller, ctx);
      }
      const appointment = answer.body.appointment;
      return spokenResult(
        `You're booked for ${slot.when}. Your confirmation number is ${spokenDigits(appointment.id)}.`,
        {
          booked: true,
          confirmationNumber: appointment.id,
          appointment: tokens.issue<AppointmentData>('appointment', caller, {
            appointmentId: appointment.id,
          }),
        },
      );
    },

    async list_appointments(args, caller, _call, ctx) {
      const { patientId } = readToken<{ patientId: string }>('patient', caller, args.patientRef);
      const { client, practiceId } = await practiceOf(caller.tenantId);
      const departments = await departmentsOf(client, practiceId, ctx);
      const today = todayIn(timezoneOf(departments), now());
      const { appointments } = await client.listAppointments(
        practiceId,
        { startDate: today, endDate: addDays(today, UPCOMING_DAYS), patientId },
        ctx,
      );
      const upcoming = appointments
        .filter((a) => a.status !== 'Cancelled' && new Date(a.startTime) >= now())
        .sort((a, b) => a.startTime.localeCompare(b.startTime))
        // Three are as many as a caller takes in at once, and stay within one spoken line.
        .slice(0, 3);
      if (upcoming.length === 0) {
        return spokenResult("I don't see any upcoming appointments for you.", {
          appointments: [],
        });
      }
      const details = await Promise.all(
        upcoming.map((a) => client.getAppointment(practiceId, a.id, ctx)),
      );
      const said = details.map((a) => describeAppointment(a, departments));
      return spokenResult(
        `You have ${said.length === 1 ? 'one upcoming appointment' : `${said.length} upcoming appointments`}: ${said.join('; ')}.`,
        {
          appointments: details.map((a, index) => ({
            appointment: tokens.issue<AppointmentData>('appointment', caller, {
              appointmentId: a.id,
            }),
            when: said[index],
          })),
        },
      );
    },

    async cancel_appointment(args, caller, _call, ctx) {
      const { patientId } = readToken<{ patientId: string }>('patient', caller, args.patientRef);
      const { appointmentId } = readToken<AppointmentData>('appointment', caller, args.appointment);
      const { client, practiceId } = await practiceOf(caller.tenantId);
      const cancelled = await client.cancelAppointment(
        practiceId,
        { appointmentId, patientId, reason: args.reason ?? 'Cancelled by the patient by phone' },
        ctx,
      );
      const departments = await departmentsOf(client, practiceId, ctx);
      return spokenResult(
        `Your appointment ${describeAppointment(cancelled, departments)} is cancelled.`,
        { cancelled: true },
      );
    },

    async reschedule_appointment(args, caller, call, ctx) {
      const { patientId } = readToken<{ patientId: string }>('patient', caller, args.patientRef);
      const { appointmentId } = readToken<AppointmentData>('appointment', caller, args.appointment);
      const slot = readToken<SlotData>('slot', caller, args.slotToken);
      const { client, practiceId } = await practiceOf(caller.tenantId);
      const answer = await idempotency.run<{
        booked: AppointmentDetail | null;
        oldCancelled: boolean;
      }>(
        'voice-tool-reschedule',
        `${call.callId}:${call.toolCallId}`,
        { patientId, appointmentId, slotId: slot.slotId },
        async () => {
          let booked: AppointmentDetail;
          try {
            booked = await book({ client, practiceId }, patientId, slot, 'rescheduled', ctx);
          } catch (error) {
            if (error instanceof HttpError && error.statusCode === 409) {
              return { statusCode: 409, body: { booked: null, oldCancelled: false } };
            }
            throw error;
          }
          try {
            await client.cancelAppointment(
              practiceId,
              { appointmentId, patientId, reason: 'Rescheduled by the patient by phone' },
              ctx,
            );
            return { statusCode: 200, body: { booked, oldCancelled: true } };
          } catch {
            // Both stay visible to staff rather than the caller losing the new booking.
            return { statusCode: 200, body: { booked, oldCancelled: false } };
          }
        },
      );
      if (!answer.body.booked) {
        return alternativesAfterTaken(slot, caller, ctx);
      }
      const newOne = slot.when;
      const appointmentRef = tokens.issue<AppointmentData>('appointment', caller, {
        appointmentId: answer.body.booked.id,
      });
      if (!answer.body.oldCancelled) {
        return spokenResult(
          `I booked your new time, ${newOne}, but I could not cancel the old appointment; the front desk will see both and cancel the old one. Your new confirmation number is ${spokenDigits(answer.body.booked.id)}.`,
          { rescheduled: false, booked: true, oldCancelled: false, appointment: appointmentRef },
        );
      }
      return spokenResult(
        `Done: you're now booked for ${newOne}, and the old appointment is cancelled. Your confirmation number is ${spokenDigits(answer.body.booked.id)}.`,
        {
          rescheduled: true,
          confirmationNumber: answer.body.booked.id,
          appointment: appointmentRef,
        },
      );
    },

    async register_patient(args, caller, call, ctx) {
      const { client, practiceId } = await practiceOf(caller.tenantId);
      const departments = await departmentsOf(client, practiceId, ctx);
      const department = departments[0];
      if (!department) {
        throw new ToolStop('The practice has no clinic set up to register patients in.');
      }
      const answer = await idempotency.run<{
        patientId: string | null;
        created: boolean;
        missing: string | null;
      }>('voice-tool-register', `${call.callId}:${call.toolCallId}`, args, async () => {
        try {
          const created = await client.createPatient(
            practiceId,
            {
              firstName: args.firstName,
              lastName: args.lastName,
              dob: args.dob,
              phone: digitsOf(args.phone),
              email: args.email,
              sex: args.sex,
              zip: args.zip,
              departmentId: department.id,
            },
            ctx,
          );
          return { statusCode: 200, body: { ...created, missing: null } };
        } catch (error) {
          if (
            error instanceof HttpError &&
            (error.statusCode === 400 || error.statusCode === 422)
          ) {
            return {
              statusCode: error.statusCode,
              body: { patientId: null, created: false, missing: error.message },
            };
          }
          throw error;
        }
      });
      if (!answer.body.patientId) {
        const missing = answer.body.missing ?? '';
        const question = questionFor(missing);
        return spokenResult(
          question
            ? `To register you I also need ${question}. Could you tell me?`
            : 'I could not register you with those details. Could you repeat your name, date of birth and phone number?',
          { registered: false, ask: question, reason: missing },
        );
      }
      const patientRef = tokens.issue('patient', caller, { patientId: answer.body.patientId });
      return spokenResult(
        answer.body.created
          ? `Welcome, ${args.firstName}. You're registered with the practice.`
          : `Thank you, ${args.firstName}, you already have a record with us.`,
        { registered: true, patientRef },
      );
    },

    async transfer_to_staff(args) {
      const configured = await voiceConfig
        .getGlobalConfig(STAFF_HANDOFF_CONFIG_KEY)
        .catch(() => null);
      const number = typeof configured?.value === 'string' ? configured.value : null;
      if (!number) {
        return spokenResult(
          "I'm sorry, I can't transfer you right now. Please call the practice's front desk directly.",
          { transfer: false, reason: 'no_handoff_number_configured' },
        );
      }
      return spokenResult('Let me connect you with someone at the practice.', {
        transfer: true,
        destination: number,
        reason: args.reason,
      });
    },
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
        const run = tools[call.name] as (
          args: unknown,
          caller: ToolCaller,
          call: SchedulingToolCall,
          ctx: EhrCallContext,
        ) => Promise<string>;
        return { result: await run(parsed.data, caller, call, ctx) };
      } catch (error) {
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
    },
  };
}

export type SchedulingToolsService = ReturnType<typeof createSchedulingToolsService>;
