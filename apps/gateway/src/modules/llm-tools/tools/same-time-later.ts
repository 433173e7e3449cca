import { addDays } from '@ehr-gateway/calendar';
import type { OpenSlot } from '@ehr-gateway/contracts';

import { listAllProviders, type EhrCallContext } from '../../ehr/index.js';
import { describeSlot, offersSentence } from '../spoken.js';
import type { ToolCaller } from '../tool-tokens.js';
import type { AppointmentData, SlotData, ToolArgs, ToolKit } from './tool-kit.js';

const MAX_OFFERED = 3;
/** "the same time next week", "same time the week after", "same time in two weeks". */
const SAME_TIME = /\bsame time\b/i;
const LATER_BY: Array<[RegExp, number]> = [
  [/\b(?:two|2) weeks\b/i, 14],
  [/\b(?:three|3) weeks\b/i, 21],
  [/\b(?:tomorrow|next day|day after)\b/i, 1],
];

/** How many days on from the appointment the caller's words move it (a week unless they say). */
function daysLater(words: string): number {
  return LATER_BY.find(([pattern]) => pattern.test(words))?.[1] ?? 7;
}

const minutesOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

/** Whether the caller asked for the same time as the appointment being moved. */
export const asksSameTime = (args: ToolArgs<'find_open_slots'>) =>
  args.appointment !== undefined && SAME_TIME.test(args.dateFrom ?? '');

/**
 * "The same time next week", anchored on the appointment being moved, not on today: the same
 * provider and clinic that many days later, the same clock time first, then the nearest times
 * that day. Null when that provider has nothing open that day (the caller then gets the usual
 * search for that date).
 */
export async function sameTimeLater(
  kit: ToolKit,
  args: ToolArgs<'find_open_slots'>,
  caller: ToolCaller,
  ctx: EhrCallContext,
) {
  const { appointmentId } = await kit.readToken<AppointmentData>(
    'appointment',
    caller,
    args.appointment!,
  );
  const practice = await kit.practiceOf(caller.tenantId);
  const { client, practiceId } = practice;
  const current = await client.getAppointment(practiceId, appointmentId, ctx);
  // The start time carries the clinic's offset: its date and clock digits are local.
  const day = addDays(current.startTime.slice(0, 10), daysLater(args.dateFrom ?? ''));
  const [open, departments, providers] = await Promise.all([
    client.listOpenSlots(
      practiceId,
      {
        departmentId: current.department.id,
        providerId: current.providerId,
        startDate: day,
        endDate: day,
      },
      ctx,
    ),
    kit.departmentsOf(practice, ctx),
    listAllProviders(client, practiceId, ctx),
  ]);
  const wanted = minutesOf(current.startTime);
  const nearest = open
    .filter(
      (slot) => slot.providerId === current.providerId && new Date(slot.startTime) > kit.now(),
    )
    .sort(
      (a: OpenSlot, b: OpenSlot) =>
        Math.abs(minutesOf(a.startTime) - wanted) - Math.abs(minutesOf(b.startTime) - wanted),
    )
    .slice(0, MAX_OFFERED);
  if (nearest.length === 0) {
    return { day, offers: null };
  }
  const offers = await Promise.all(
    nearest.map(async (slot) => {
      const when = describeSlot(slot, providers, departments);
      return {
        slotToken: await kit.tokens.issue<SlotData>('slot', caller, {
          slotId: slot.id,
          when,
          appointmentTypeId: slot.appointmentTypeId,
          startTime: slot.startTime,
          search: { ...args, appointment: undefined, dateFrom: day },
        }),
        when,
      };
    }),
  );
  const exact = minutesOf(nearest[0]!.startTime) === wanted;
  const sentence = exact
    ? offersSentence(offers.map((o) => o.when))
    : `That same time is taken then. ${offersSentence(offers.map((o) => o.when)).replace(/^I have /, 'The closest I have is ')}`;
  return { day, offers: { sentence, offers, searched: true } };
}
