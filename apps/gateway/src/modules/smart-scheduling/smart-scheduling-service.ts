import type {
  AppointmentType,
  ConversationAnalysis,
  ConversationMessage,
  Department,
  OpenSlot,
  SmartSchedulingBody,
  SmartSchedulingResult,
  Tenant,
  VoiceProvider,
} from '@ehr-gateway/contracts';
import { addDays, todayIn } from '@ehr-gateway/calendar';

import { listAllProviders, type EhrCallContext, type EhrModule } from '../ehr/index.js';
import {
  hintedAppointmentType,
  mayHintAppointmentType,
  pickAppointmentType,
} from './appointment-type-choice.js';
import {
  chooseProviders,
  historyOf,
  needsHistory,
  type PatientFacts,
} from './default-providers.js';
import { firstOfferSentence, nextStepsFor } from './next-steps.js';
import { preferUsual, searchHomeThenElsewhere } from './slot-search.js';

export interface AnalyzerOutcome {
  analysis: ConversationAnalysis;
  analyzer: SmartSchedulingResult['smartScheduling']['analyzer'];
}

interface Deps {
  /** `timezone` is the practice's, so "today" and "tomorrow" mean the caller's days. */
  analyze: (
    messages: ConversationMessage[],
    options: { now: Date; timezone?: string },
  ) => Promise<AnalyzerOutcome>;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  /**
   * Whether `analyze` waits on a model (an LLM): the patient's history, which only some analyses
   * need, is then read while it works rather than after.
   */
  analysisTakesTime?: boolean;
  voiceConfig: {
    getTenant(id: number): Promise<Tenant>;
    listProviders(tenantId: number): Promise<VoiceProvider[]>;
  };
  now?: () => Date;
}

const MAX_SLOTS = 10;

/** How far ahead to look for slots when the caller named no date, by urgency. */
const WINDOW_DAYS: Record<ConversationAnalysis['extractedInfo']['urgency'], number> = {
  emergency: 0,
  urgent: 1,
  soon: 7,
  routine: 14,
};

/** The practice's timezone: the first department that names one. */
function practiceTimezoneOf(departments: Department[]): string | undefined {
  return departments.find((d) => d.timezone)?.timezone ?? undefined;
}

/**
 * The dates to search: the caller's preference where it is not in the past, else from today
 * for as long as the urgency allows.
 */
function searchWindow(
  datePreference: ConversationAnalysis['extractedInfo']['datePreference'],
  urgency: ConversationAnalysis['extractedInfo']['urgency'],
  today: string,
): { startDate: string; endDate: string } {
  const startDate =
    datePreference && datePreference.startDate >= today ? datePreference.startDate : today;
  const endDate =
    datePreference && datePreference.endDate >= startDate
      ? datePreference.endDate
      : addDays(startDate, WINDOW_DAYS[urgency]);
  return { startDate, endDate };
}

/**
 * The visit types the EHR offers and the open slots. Only a type the caller's words point to
 * narrows the search; when their words can point to none, both are asked for at once.
 */
async function typesAndSlots(
  analysis: ConversationAnalysis,
  types: Promise<AppointmentType[]>,
  wantsSlots: boolean,
  search: (appointmentTypeId: string | undefined) => Promise<OpenSlot[]>,
): Promise<readonly [AppointmentType[], OpenSlot[]]> {
  if (!wantsSlots) {
    return [await types, []];
  }
  if (mayHintAppointmentType(analysis)) {
    const known = await types;
    return [known, await search(hintedAppointmentType(known, analysis)?.id)];
  }
  return Promise.all([types, search(undefined)]);
}

/**
 * Smart scheduling: understand the conversation, narrow the practice to the departments,
 * providers and visit types that fit (for a known patient who names none: their usual provider,
 * pediatrics for a child, else primary care), and offer real open slots from the EHR.
 */
export function createSmartSchedulingService({
  analyze,
  ehr,
  analysisTakesTime = false,
  voiceConfig,
  now = () => new Date(),
}: Deps) {
  async function practiceFacts(body: SmartSchedulingBody, ctx: EhrCallContext) {
    const tenant = await voiceConfig.getTenant(body.tenantId ?? 1);
    const source = body.source ?? tenant.ehrSource;
    const practiceId = body.practiceId ?? tenant.practiceId ?? ehr.practiceIdFor(source);
    const client = ehr.forSource(source);
    const patientId = body.patientInfo?.patientId;
    // Everything that does not depend on the analysis is asked for at once (the patient's record
    // is the one verify_patient matched, when the voice call's memo kept it).
    const [{ departments }, providers, voiceProviders, record] = await Promise.all([
      client.listDepartments(practiceId, ctx),
      listAllProviders(client, practiceId, ctx),
      voiceConfig.listProviders(tenant.id),
      patientId ? client.getPatient(practiceId, patientId, ctx) : Promise.resolve(null),
    ]);
    // Providers the voice configuration switched off, or who take no new patients, are not offered.
    const unavailable = new Set(
      voiceProviders
        .filter((p) => !p.active || p.is_not_accepting_new_patients)
        .map((p) => p.ehrProviderId),
    );
    const candidates = providers.filter((provider) => !unavailable.has(provider.id));
    return { client, practiceId, departments, providers, candidates, record };
  }

  /**
   * The analysis, and what the EHR says about the patient. Their history (up to a year of
   * appointments) only picks the default providers, so it is read only when the caller named
   * neither a provider nor a kind of care: one EHR round trip fewer before the slot search for
   * the others. While a slow analyser works, it is read meanwhile, in case.
   */
  async function analyseFor(
    facts: Awaited<ReturnType<typeof practiceFacts>>,
    body: SmartSchedulingBody,
    at: Date,
    ctx: EhrCallContext,
  ): Promise<AnalyzerOutcome & { patient: PatientFacts | null }> {
    const { client, practiceId, record } = facts;
    const readHistory = () => historyOf(client, practiceId, record!.id, todayIn('UTC', at), ctx);
    const early = record && analysisTakesTime ? readHistory() : null;
    // Read in case: a failure matters only when the history is used (then it is awaited below).
    early?.catch(() => undefined);
    const outcome = await analyze(body.messages, {
      now: at,
      timezone: practiceTimezoneOf(facts.departments),
    });
    if (!record) {
      return { ...outcome, patient: null };
    }
    const history = needsHistory(outcome.analysis) ? await (early ?? readHistory()) : [];
    return { ...outcome, patient: { dob: record.dob, history } };
  }

  /**
   * The providers, their departments and (still being fetched) the visit types that fit what the
   * caller asked.
   */
  function narrowPractice(
    facts: Awaited<ReturnType<typeof practiceFacts>>,
    patient: PatientFacts | null,
    analysis: ConversationAnalysis,
    at: Date,
    ctx: EhrCallContext,
  ) {
    const { client, practiceId, departments } = facts;
    const practiceToday = todayIn(practiceTimezoneOf(departments) ?? 'UTC', at);
    const chosen = chooseProviders(facts.candidates, analysis, patient, practiceToday);
    const departmentIds = new Set(chosen.providers.map((p) => p.homeDepartmentId));
    const chosenDepartments: Department[] = departments.filter((d) => departmentIds.has(d.id));
    const department = chosenDepartments[0] ?? null;
    const appointmentTypes = department
      ? client.listAppointmentTypes(practiceId, { departmentId: department.id }, ctx)
      : Promise.resolve([]);
    return { chosen, chosenDepartments, department, appointmentTypes };
  }

  return {
    async schedule(body: SmartSchedulingBody, ctx: EhrCallContext): Promise<SmartSchedulingResult> {
      const at = now();
      const facts = await practiceFacts(body, ctx);
      const { analysis, analyzer, patient } = await analyseFor(facts, body, at, ctx);
      const { urgency, datePreference, timePreference } = analysis.extractedInfo;
      const narrowed = narrowPractice(facts, patient, analysis, at, ctx);
      const { chosen, chosenDepartments, department } = narrowed;
      const { startDate, endDate } = searchWindow(
        datePreference,
        urgency,
        todayIn(department?.timezone ?? 'UTC', at),
      );
      const providerId = chosen.named.length === 1 ? chosen.named[0]!.id : null;
      const wantsSlots =
        department !== null &&
        urgency !== 'emergency' &&
        (analysis.intent === 'book' || analysis.intent === 'reschedule');
      const [appointmentTypes, slots] = await typesAndSlots(
        analysis,
        narrowed.appointmentTypes,
        wantsSlots,
        (appointmentTypeId) =>
          searchHomeThenElsewhere(
            {
              client: facts.client,
              practiceId: facts.practiceId,
              departments: chosenDepartments,
              providers: chosen.providers,
              appointmentTypeId,
              providerId,
              startDate,
              endDate,
              timePreference,
              notBefore: at,
            },
            facts.departments,
            ctx,
          ),
      );
      const appointmentType = pickAppointmentType(appointmentTypes, analysis);
      const availableSlots = preferUsual(slots, chosen.basis, chosen.providers).slice(0, MAX_SLOTS);
      const first = availableSlots[0];
      const canProceedWithBooking = first !== undefined && appointmentType !== null;

      return {
        success: true,
        smartScheduling: {
          analysis,
          analyzer,
          queryResults: {
            departments: chosenDepartments,
            providers: chosen.providers,
            appointmentTypes,
          },
          recommendedParameters: {
            departmentId: first?.departmentId ?? department?.id ?? null,
            providerId,
            appointmentTypeId: appointmentType?.id ?? null,
            startDate,
            endDate,
          },
          availableSlots,
        },
        canProceedWithBooking,
        nextSteps: nextStepsFor({
          analysis,
          body,
          chosenProviders: chosen.providers,
          firstOffer:
            canProceedWithBooking && first
              ? firstOfferSentence(first, facts.providers, facts.departments)
              : null,
          noSlotsBetween: wantsSlots && availableSlots.length === 0 ? [startDate, endDate] : null,
        }),
      };
    },
  };
}

export type SmartSchedulingService = ReturnType<typeof createSmartSchedulingService>;
