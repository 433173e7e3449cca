import type { EhrCallContext } from '../../ehr/index.js';
import { describeSlot, isoToWords, offersSentence, spokenResult } from '../spoken.js';
import type { ToolCaller } from '../tool-tokens.js';
import type { SlotData, ToolArgs, ToolFn, ToolKit } from './tool-kit.js';

const MAX_OFFERED = 3;

export interface SlotOffers {
  sentence: string;
  offers: Array<{ slotToken: string; when: string }>;
}

/** Up to three open slots for what the caller asked, each said and handed out as a reference. */
export function createSlotFinder(kit: ToolKit) {
  return async function findSlots(
    args: ToolArgs<'find_open_slots'>,
    caller: ToolCaller,
    ctx: EhrCallContext,
    excludeSlotId?: string,
  ): Promise<SlotOffers> {
    const { source, practiceId } = await kit.practiceOf(caller.tenantId);
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
    const answer = await kit.deps.smartScheduling.schedule(
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
        slotToken: kit.tokens.issue<SlotData>('slot', caller, {
          slotId: slot.id,
          when,
          appointmentTypeId: slot.appointmentTypeId,
          startTime: slot.startTime,
          search: args,
        }),
        when,
      };
    });
    return { sentence: offersSentence(offers.map((offer) => offer.when)), offers };
  };
}

export type SlotFinder = ReturnType<typeof createSlotFinder>;

/** A taken slot answered with other times for the same request. */
export async function alternativesAfterTaken(
  findSlots: SlotFinder,
  slot: SlotData,
  caller: ToolCaller,
  ctx: EhrCallContext,
) {
  const { sentence, offers } = await findSlots(
    slot.search as ToolArgs<'find_open_slots'>,
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

export function findOpenSlotsTool(kit: ToolKit, findSlots: SlotFinder): ToolFn<'find_open_slots'> {
  return async (args, caller, _call, ctx) => {
    if (args.patientRef) {
      kit.readToken('patient', caller, args.patientRef);
    }
    const { sentence, offers } = await findSlots(args, caller, ctx);
    return spokenResult(sentence, { offers });
  };
}
