import type { OpenSlot, SmartSchedulingResult } from '@ehr-gateway/contracts';

import type { EhrCallContext } from '../../ehr/index.js';
import {
  describeSearch,
  describeSlot,
  isoToWords,
  offersSentence,
  spokenResult,
} from '../spoken.js';
import type { ToolCaller } from '../tool-tokens.js';
import { asksSameTime, sameTimeLater } from './same-time-later.js';
import type { PatientData, SlotData, ToolArgs, ToolFn, ToolKit } from './tool-kit.js';

const MAX_OFFERED = 3;
/** What the nearest alternative searches: the first available, whatever the day or time. */
const FIRST_AVAILABLE = 'the first available';
/**
 * A date that is only "as soon as possible" as an agent passes it on ("ASAP next week" names a
 * week, and is left to the analyser). The analyser reads it as urgency, whose window is today and
 * tomorrow; a caller who says it wants the earliest opening, whatever the day.
 */
const AS_SOON_AS_POSSIBLE = /^(?:asap|a\.s\.a\.p|as soon as (?:possible|you can))[\s.!]*$/i;
/**
 * Where "as soon as possible" looks first: a week from now holds any weekend or holiday, and its
 * answer is a fraction of a month's (the first available's, searched only when the week is full).
 */
const SOONEST_WINDOW = 'within the next 7 days';

type SlotArgs = ToolArgs<'find_open_slots'>;

export interface SlotOffers {
  sentence: string;
  offers: Array<{ slotToken: string; when: string }>;
  /** Whether the EHR was searched (at least one provider fitted the request). */
  searched: boolean;
}

/** The request in the caller's words, for the analyser. */
function requestText(args: SlotArgs): string {
  return [
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
}

const asksSoonest = (args: SlotArgs): boolean =>
  args.dateFrom !== undefined && !args.dateTo && AS_SOON_AS_POSSIBLE.test(args.dateFrom);

/**
 * The request as searched: "as soon as possible" searches the coming week from now, then the
 * first available (a Friday evening's short urgent window would be the weekend, and "nothing
 * between Saturday and Sunday" is no answer to a caller who named no day); its words stay, so the
 * urgency and the visit type it points to (a sick visit) are kept.
 */
function asSearched(args: SlotArgs, window = SOONEST_WINDOW): SlotArgs {
  return asksSoonest(args) ? { ...args, dateFrom: `${args.dateFrom}, ${window}` } : args;
}

/** The one thing to ask when no provider fits, so nothing false is said about openings. */
function askInstead(args: SlotArgs, patientKnown: boolean): SlotOffers {
  const sentence = args.providerName
    ? `I don't have a provider by the name ${args.providerName} here. Could you tell me another name, or what kind of care you need?`
    : args.specialty
      ? `This practice doesn't offer ${args.specialty}. Is there another kind of care I can look for?`
      : patientKnown
        ? 'Is this a check-up, a follow-up, or something new?'
        : 'Who is the appointment for? May I have their name and date of birth?';
  return { sentence, offers: [], searched: false };
}

/** Up to three open slots for what the caller asked, each said and handed out as a reference. */
export function createSlotFinder(kit: ToolKit) {
  async function search(args: SlotArgs, caller: ToolCaller, ctx: EhrCallContext) {
    const { source, practiceId } = await kit.practiceOf(caller.tenantId);
    const patientId = args.patientRef
      ? (await kit.readToken<PatientData>('patient', caller, args.patientRef)).patientId
      : undefined;
    const answer = await kit.deps.smartScheduling.schedule(
      {
        messages: [{ role: 'user', content: `${requestText(args)}.` }],
        tenantId: caller.tenantId,
        source,
        practiceId,
        ...(patientId ? { patientInfo: { patientId } } : {}),
      },
      ctx,
    );
    return answer.smartScheduling;
  }

  function offer(
    slots: OpenSlot[],
    found: SmartSchedulingResult['smartScheduling'],
    args: SlotArgs,
    caller: ToolCaller,
  ) {
    return Promise.all(
      slots.map(async (slot) => {
        const when = describeSlot(
          slot,
          found.queryResults.providers,
          found.queryResults.departments,
        );
        return {
          slotToken: await kit.tokens.issue<SlotData>('slot', caller, {
            slotId: slot.id,
            when,
            appointmentTypeId: slot.appointmentTypeId,
            startTime: slot.startTime,
            search: args,
          }),
          when,
        };
      }),
    );
  }

  function fitting(
    found: SmartSchedulingResult['smartScheduling'],
    args: SlotArgs,
    exclude?: string,
  ) {
    const departmentFilter = args.department?.toLowerCase();
    return found.availableSlots
      .filter((slot) => slot.id !== exclude)
      .filter(
        (slot) =>
          !departmentFilter ||
          found.queryResults.departments
            .find((d) => d.id === slot.departmentId)
            ?.name.toLowerCase()
            .includes(departmentFilter),
      )
      .slice(0, MAX_OFFERED);
  }

  /**
   * For an evening (no clinic runs after 5), the afternoons of the same days; else, or when those
   * are full too, the first available.
   */
  async function nearestAlternative(
    found: SmartSchedulingResult['smartScheduling'],
    args: SlotArgs,
    caller: ToolCaller,
    ctx: EhrCallContext,
    excludeSlotId?: string,
  ) {
    if (found.analysis.extractedInfo.timePreference === 'evening') {
      const { startDate, endDate } = found.recommendedParameters;
      const sameDays: SlotArgs = {
        ...args,
        dateFrom: startDate,
        dateTo: endDate,
        timeOfDay: 'afternoon',
      };
      const nearest = await search(sameDays, caller, ctx);
      const alternatives = fitting(nearest, sameDays, excludeSlotId);
      if (alternatives.length > 0) {
        return { wider: sameDays, nearest, alternatives };
      }
    }
    const wider = asksSoonest(args)
      ? asSearched(args, FIRST_AVAILABLE)
      : { ...args, dateFrom: FIRST_AVAILABLE, dateTo: undefined, timeOfDay: undefined };
    const nearest = await search(wider, caller, ctx);
    return { wider, nearest, alternatives: fitting(nearest, wider, excludeSlotId) };
  }

  async function findSlots(
    args: SlotArgs,
    caller: ToolCaller,
    ctx: EhrCallContext,
    excludeSlotId?: string,
  ): Promise<SlotOffers> {
    if (asksSameTime(args)) {
      const later = await sameTimeLater(kit, args, caller, ctx);
      if (later.offers) {
        return later.offers;
      }
      // That provider has nothing open that day: the usual search, for that day.
      return findSlots(
        { ...args, appointment: undefined, dateFrom: later.day },
        caller,
        ctx,
        excludeSlotId,
      );
    }
    const found = await search(asSearched(args), caller, ctx);
    if (found.queryResults.providers.length === 0) {
      return askInstead(args, args.patientRef !== undefined);
    }
    const slots = fitting(found, args, excludeSlotId);
    if (slots.length > 0) {
      const offers = await offer(slots, found, args, caller);
      return { sentence: offersSentence(offers.map((o) => o.when)), offers, searched: true };
    }
    return offerNearest(found, args, caller, ctx, excludeSlotId);
  }

  /**
   * Nothing then: say what was searched, and offer the nearest alternative. A caller who asked
   * for the soonest named no days, so hears only the earliest openings.
   */
  async function offerNearest(
    found: SmartSchedulingResult['smartScheduling'],
    args: SlotArgs,
    caller: ToolCaller,
    ctx: EhrCallContext,
    excludeSlotId?: string,
  ): Promise<SlotOffers> {
    // A time of day named is said, with the days searched for it.
    const soonest = asksSoonest(args) && (args.timeOfDay ?? 'any') === 'any';
    const searched = describeSearch(found);
    const { wider, nearest, alternatives } = await nearestAlternative(
      found,
      args,
      caller,
      ctx,
      excludeSlotId,
    );
    if (alternatives.length === 0) {
      const where = soonest ? 'in the next month' : `${searched}, nor in the next month`;
      return {
        sentence: `I could not find an open time ${where}. Would you like me to connect you with the front desk?`,
        offers: [],
        searched: true,
      };
    }
    const offers = await offer(alternatives, nearest, wider, caller);
    const offered = offersSentence(offers.map((o) => o.when));
    return {
      sentence: soonest
        ? offered
        : `I could not find an open time ${searched}. The nearest ${offered.replace(/^I have /, 'I have is ')}`,
      offers,
      searched: true,
    };
  }

  return findSlots;
}

export type SlotFinder = ReturnType<typeof createSlotFinder>;

/** A taken slot answered with other times for the same request. */
export async function alternativesAfterTaken(
  findSlots: SlotFinder,
  slot: SlotData,
  caller: ToolCaller,
  ctx: EhrCallContext,
) {
  const { sentence, offers } = await findSlots(slot.search as SlotArgs, caller, ctx, slot.slotId);
  return spokenResult(`Sorry, that time was just taken. ${sentence}`, {
    booked: false,
    reason: 'slot_taken',
    offers,
  });
}

export function findOpenSlotsTool(findSlots: SlotFinder): ToolFn<'find_open_slots'> {
  return async (args, caller, _call, ctx) => {
    const { sentence, offers, searched } = await findSlots(args, caller, ctx);
    return spokenResult(sentence, searched ? { offers } : { offers, ask: true });
  };
}
