import type {
  AppointmentType,
  ConversationAnalysis,
  ConversationMessage,
  Department,
  Provider,
  SmartSchedulingBody,
  SmartSchedulingResult,
  Tenant,
  VoiceProvider,
} from '@ehr-gateway/contracts';
import { addDays, todayIn, wallClockIn } from '@ehr-gateway/calendar';

import { listAllProviders, type EhrCallContext, type EhrModule } from '../ehr/index.js';
import { chooseProviders, patientFactsOf } from './default-providers.js';
import { preferUsual, searchSlots } from './slot-search.js';

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

/** Words in an appointment-type hint and the type names they point to, most specific first. */
const TYPE_HINTS: Array<[RegExp, RegExp]> = [
  [/physical|annual|yearly/i, /physical/i],
  [/well[- ]?child|well[- ]?baby/i, /well child/i],
  [/prenatal|pregnan/i, /prenatal/i],
  [/skin|mole/i, /skin/i],
  [/tele|video|virtual/i, /telehealth/i],
  [/new patient|first visit/i, /new patient/i],
  [/follow[- ]?up|check[- ]?in/i, /follow/i],
  [/sick|urgent|same[- ]?day/i, /sick/i],
  [/consult/i, /consult/i],
  [/injur|sprain|sport/i, /injury/i],
  [/check[- ]?up|exam/i, /physical|office visit/i],
];

/** The visit type the caller's words point to, or null when they name none. */
function hintedAppointmentType(
  types: AppointmentType[],
  analysis: ConversationAnalysis,
): AppointmentType | null {
  const bookable = types.filter((type) => type.patientBookable);
  const { appointmentTypeHint, urgency } = analysis.extractedInfo;
  const hint = appointmentTypeHint ?? '';
  for (const [hintPattern, typePattern] of TYPE_HINTS) {
    if (hintPattern.test(hint)) {
      const match = bookable.find((type) => typePattern.test(type.name));
      if (match) {
        return match;
      }
    }
  }
  if (urgency === 'urgent' || urgency === 'soon') {
    return bookable.find((type) => /sick/i.test(type.name)) ?? null;
  }
  return null;
}

/**
 * The visit type to recommend: the hinted one, else one named for the specialty (e.g.
 * "Cardiology Consult"), else the generic office visit, from what the EHR offers.
 */
function pickAppointmentType(
  types: AppointmentType[],
  analysis: ConversationAnalysis,
): AppointmentType | null {
  const bookable = types.filter((type) => type.patientBookable);
  const firstWord = analysis.extractedInfo.specialty?.split(/\s+/)[0]?.toLowerCase();
  const specific = firstWord
    ? bookable.find((type) => type.name.toLowerCase().includes(firstWord))
    : undefined;
  return (
    hintedAppointmentType(types, analysis) ??
    specific ??
    bookable.find((type) => /office visit/i.test(type.name)) ??
    bookable[0] ??
    null
  );
}

function nextStepsFor(options: {
  analysis: ConversationAnalysis;
  body: SmartSchedulingBody;
  chosenProviders: Provider[];
  firstOffer: string | null;
  noSlotsBetween: [string, string] | null;
}): string[] {
  const { analysis, body, chosenProviders, firstOffer, noSlotsBetween } = options;
  const { urgency, specialty } = analysis.extractedInfo;
  const steps: string[] = [];
  if (urgency === 'emergency') {
    steps.push('This sounds like an emergency: tell the caller to hang up and call 911 now.');
  }
  if (analysis.intent === 'cancel') {
    steps.push(
      "Confirm the caller's identity, find the appointment to cancel, and confirm the cancellation.",
    );
  }
  if (analysis.intent === 'reschedule') {
    steps.push("Find the caller's current appointment, then offer the new times below.");
  }
  if (analysis.intent === 'question') {
    steps.push("Answer the caller's question; offer to book a visit if one is needed.");
  }
  for (const missing of analysis.missingInfo) {
    steps.push(`Ask the caller for: ${missing}.`);
  }
  if (specialty && chosenProviders.length === 0) {
    steps.push(
      `No ${specialty} providers are available in this practice; offer a referral or another service.`,
    );
  }
  const identified =
    body.patientInfo?.patientId ||
    (body.patientInfo?.firstName && body.patientInfo.lastName && body.patientInfo.dob);
  if (!identified && analysis.intent !== 'question') {
    steps.push("Confirm the patient's full name and date of birth before booking.");
  }
  if (firstOffer) {
    steps.push(firstOffer);
  }
  if (noSlotsBetween) {
    steps.push(
      `No open slots between ${noSlotsBetween[0]} and ${noSlotsBetween[1]}; offer a later date or another provider.`,
    );
  }
  return steps;
}

/**
 * Smart scheduling: understand the conversation, narrow the practice to the departments,
 * providers and visit types that fit (for a known patient who names none: their usual provider,
 * pediatrics for a child, else primary care), and offer real open slots from the EHR.
 */
export function createSmartSchedulingService({
  analyze,
  ehr,
  voiceConfig,
  now = () => new Date(),
}: Deps) {
  async function practiceFacts(body: SmartSchedulingBody, at: Date, ctx: EhrCallContext) {
    const tenant = await voiceConfig.getTenant(body.tenantId ?? 1);
    const source = body.source ?? tenant.ehrSource;
    const practiceId = body.practiceId ?? tenant.practiceId ?? ehr.practiceIdFor(source);
    const client = ehr.forSource(source);
    const patientId = body.patientInfo?.patientId;
    // Everything that does not depend on the analysis is asked for at once.
    const [{ departments }, providers, voiceProviders, patient] = await Promise.all([
      client.listDepartments(practiceId, ctx),
      listAllProviders(client, practiceId, ctx),
      voiceConfig.listProviders(tenant.id),
      patientId
        ? patientFactsOf(client, practiceId, patientId, todayIn('UTC', at), ctx)
        : Promise.resolve(null),
    ]);
    // Providers the voice configuration switched off, or who take no new patients, are not offered.
    const unavailable = new Set(
      voiceProviders
        .filter((p) => !p.active || p.is_not_accepting_new_patients)
        .map((p) => p.ehrProviderId),
    );
    const candidates = providers.filter((provider) => !unavailable.has(provider.id));
    return { client, practiceId, departments, providers, candidates, patient };
  }

  return {
    async schedule(body: SmartSchedulingBody, ctx: EhrCallContext): Promise<SmartSchedulingResult> {
      const at = now();
      const facts = await practiceFacts(body, at, ctx);
      const { client, practiceId, departments, providers } = facts;
      const practiceTimezone = departments.find((d) => d.timezone)?.timezone ?? undefined;
      const { analysis, analyzer } = await analyze(body.messages, {
        now: at,
        timezone: practiceTimezone,
      });
      const { urgency, datePreference, timePreference } = analysis.extractedInfo;
      const today0 = todayIn(practiceTimezone ?? 'UTC', at);
      const chosen = chooseProviders(facts.candidates, analysis, facts.patient, today0);
      const chosenProviders = chosen.providers;
      const departmentIds = new Set(chosenProviders.map((p) => p.homeDepartmentId));
      const chosenDepartments: Department[] = departments.filter((d) => departmentIds.has(d.id));
      const department = chosenDepartments[0] ?? null;

      const appointmentTypes = department
        ? await client.listAppointmentTypes(practiceId, { departmentId: department.id }, ctx)
        : [];
      const appointmentType = pickAppointmentType(appointmentTypes, analysis);
      // Only a type the caller's words point to narrows the search; else any open slot fits.
      const searchType = hintedAppointmentType(appointmentTypes, analysis);

      const today = todayIn(department?.timezone ?? 'UTC', at);
      const startDate =
        datePreference && datePreference.startDate >= today ? datePreference.startDate : today;
      const endDate =
        datePreference && datePreference.endDate >= startDate
          ? datePreference.endDate
          : addDays(startDate, WINDOW_DAYS[urgency]);
      const providerId = chosen.named.length === 1 ? chosen.named[0]!.id : null;
      const wantsSlots =
        department !== null &&
        urgency !== 'emergency' &&
        (analysis.intent === 'book' || analysis.intent === 'reschedule');

      const availableSlots = wantsSlots
        ? preferUsual(
            await searchSlots(
              {
                client,
                practiceId,
                departments: chosenDepartments,
                providers: chosenProviders,
                appointmentTypeId: searchType?.id,
                providerId,
                startDate,
                endDate,
                timePreference,
                notBefore: at,
              },
              ctx,
            ),
            chosen.basis,
            chosenProviders,
          ).slice(0, MAX_SLOTS)
        : [];

      const canProceedWithBooking =
        wantsSlots && availableSlots.length > 0 && appointmentType !== null;
      const first = availableSlots[0];
      const firstProvider = first ? providers.find((p) => p.id === first.providerId) : undefined;
      const firstLocal = first
        ? wallClockIn(
            departments.find((d) => d.id === first.departmentId)?.timezone ?? 'UTC',
            new Date(first.startTime),
          )
        : null;

      return {
        success: true,
        smartScheduling: {
          analysis,
          analyzer,
          queryResults: {
            departments: chosenDepartments,
            providers: chosenProviders,
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
          chosenProviders,
          firstOffer:
            canProceedWithBooking && first && firstLocal
              ? `Offer the first available slot: ${firstLocal.date} at ${firstLocal.time} with ${firstProvider?.displayName ?? `provider ${first.providerId}`} (slot ${first.id}).`
              : null,
          noSlotsBetween: wantsSlots && availableSlots.length === 0 ? [startDate, endDate] : null,
        }),
      };
    },
  };
}

export type SmartSchedulingService = ReturnType<typeof createSmartSchedulingService>;
