import type {
  AppointmentType,
  ConversationAnalysis,
  ConversationMessage,
  Department,
  OpenSlot,
  Provider,
  SmartSchedulingBody,
  SmartSchedulingResult,
  Tenant,
  VoiceProvider,
} from '@ehr-gateway/contracts';
import { addDays, todayIn, wallClockIn } from '@ehr-gateway/calendar';

import { listAllProviders, type EhrCallContext, type EhrModule } from '../ehr/index.js';

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

/** Minutes after midnight (local) that each time-of-day preference covers. */
const HOURS: Record<string, [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

/** Slot start times carry the department's offset, so the clock digits are local time. */
function localMinutesOf(slot: OpenSlot): number {
  const match = /T(\d{2}):(\d{2})/.exec(slot.startTime);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

function pickAppointmentType(
  types: AppointmentType[],
  analysis: ConversationAnalysis,
): AppointmentType | null {
  const bookable = types.filter((type) => type.patientBookable);
  const { appointmentTypeHint, urgency, specialty } = analysis.extractedInfo;
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
    const sick = bookable.find((type) => /sick/i.test(type.name));
    if (sick) {
      return sick;
    }
  }
  // A visit type named for the specialty (e.g. "Cardiology Consult") before the generic ones.
  const firstWord = specialty?.split(/\s+/)[0]?.toLowerCase();
  const specific = firstWord
    ? bookable.find((type) => type.name.toLowerCase().includes(firstWord))
    : undefined;
  return (
    specific ?? bookable.find((type) => /office visit/i.test(type.name)) ?? bookable[0] ?? null
  );
}

function matchesProviderName(provider: Provider, name: string): boolean {
  const wanted = name
    .toLowerCase()
    .replace(/\b(dr|doctor)\b\.?\s*/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const haystack = `${provider.firstName} ${provider.lastName}`.toLowerCase();
  return wanted.length > 0 && wanted.every((part) => haystack.includes(part));
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
 * providers and visit types that fit, and offer real open slots from the EHR.
 */
export function createSmartSchedulingService({
  analyze,
  ehr,
  voiceConfig,
  now = () => new Date(),
}: Deps) {
  return {
    async schedule(body: SmartSchedulingBody, ctx: EhrCallContext): Promise<SmartSchedulingResult> {
      const at = now();
      const tenant = await voiceConfig.getTenant(body.tenantId ?? 1);
      const source = body.source ?? tenant.ehrSource;
      const practiceId = body.practiceId ?? tenant.practiceId ?? ehr.practiceIdFor(source);
      const client = ehr.forSource(source);
      const [{ departments }, providers, voiceProviders] = await Promise.all([
        client.listDepartments(practiceId, ctx),
        listAllProviders(client, practiceId, ctx),
        voiceConfig.listProviders(tenant.id),
      ]);
      const practiceTimezone = departments.find((d) => d.timezone)?.timezone ?? undefined;
      const { analysis, analyzer } = await analyze(body.messages, {
        now: at,
        timezone: practiceTimezone,
      });
      const { specialty, providerName, urgency, datePreference, timePreference } =
        analysis.extractedInfo;

      // Providers the voice configuration switched off, or who take no new patients, are not offered.
      const unavailable = new Set(
        voiceProviders
          .filter((p) => !p.active || p.is_not_accepting_new_patients)
          .map((p) => p.ehrProviderId),
      );
      const candidates = providers.filter((provider) => !unavailable.has(provider.id));
      const named = providerName
        ? candidates.filter((p) => matchesProviderName(p, providerName))
        : [];
      const bySpecialty = specialty
        ? candidates.filter((p) => p.specialty?.toLowerCase() === specialty.toLowerCase())
        : [];
      const chosenProviders = named.length ? named : bySpecialty;
      const departmentIds = new Set(chosenProviders.map((p) => p.homeDepartmentId));
      const chosenDepartments: Department[] = departments.filter((d) => departmentIds.has(d.id));
      const department = chosenDepartments[0] ?? null;

      const appointmentTypes = department
        ? await client.listAppointmentTypes(practiceId, { departmentId: department.id }, ctx)
        : [];
      const appointmentType = pickAppointmentType(appointmentTypes, analysis);

      const today = todayIn(department?.timezone ?? 'UTC', at);
      const startDate =
        datePreference && datePreference.startDate >= today ? datePreference.startDate : today;
      const endDate =
        datePreference && datePreference.endDate >= startDate
          ? datePreference.endDate
          : addDays(startDate, WINDOW_DAYS[urgency]);
      const providerId = named.length === 1 ? named[0]!.id : null;
      const wantsSlots =
        department !== null &&
        urgency !== 'emergency' &&
        (analysis.intent === 'book' || analysis.intent === 'reschedule');

      let availableSlots: OpenSlot[] = [];
      if (wantsSlots) {
        const slots = await client.listOpenSlots(
          practiceId,
          {
            departmentId: department.id,
            appointmentTypeId: appointmentType?.id,
            providerId: providerId ?? undefined,
            startDate,
            endDate,
          },
          ctx,
        );
        const window = timePreference ? HOURS[timePreference] : undefined;
        const allowed = new Set(chosenProviders.map((p) => p.id));
        availableSlots = slots
          .filter((slot) => allowed.has(slot.providerId))
          .filter(
            (slot) =>
              !window || (localMinutesOf(slot) >= window[0] && localMinutesOf(slot) < window[1]),
          )
          .slice(0, MAX_SLOTS);
      }

      const canProceedWithBooking =
        wantsSlots && availableSlots.length > 0 && appointmentType !== null;
      const first = availableSlots[0];
      const firstProvider = first ? providers.find((p) => p.id === first.providerId) : undefined;
      const firstLocal = first
        ? wallClockIn(department?.timezone ?? 'UTC', new Date(first.startTime))
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
            departmentId: department?.id ?? null,
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
