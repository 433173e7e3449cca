import { addDays, todayIn } from '@ehr-gateway/calendar';
import type { Appointment } from '@ehr-gateway/contracts';

import { daysNamedBy } from '../../smart-scheduling/index.js';
import { spokenLocalDateTime, spokenResult, timezoneOf } from '../spoken.js';
import type { AppointmentData, PatientData, ToolFn, ToolKit } from './tool-kit.js';

const UPCOMING_DAYS = 180;
/** As many as a caller takes in at once, and stays within one spoken line. */
const MAX_LISTED = 3;

/** "well child visit on Tuesday December 1st at 9 in the morning". */
const describe = (a: Appointment) =>
  `${a.appointmentType ? `${a.appointmentType.toLowerCase()} ` : ''}on ${spokenLocalDateTime(a.startTime)}`;

/** "Tuesday" of "Tuesday December 1st at 9 in the morning". */
const spokenDayOf = (words: string, days: { startDate: string }) =>
  spokenLocalDateTime(`${days.startDate}T12:00`).split(' at ')[0] ?? words;

/**
 * The patient's next appointments from one EHR call: the list carries each one's local time (its
 * UTC offset) and visit type, so nothing is fetched one by one. With a day named ("my appointment
 * on Tuesday"), only that day's; when it has none, the caller hears so and what there is instead.
 */
export function listAppointmentsTool(kit: ToolKit): ToolFn<'list_appointments'> {
  return async (args, caller, _call, ctx) => {
    const { patientId } = await kit.readToken<PatientData>('patient', caller, args.patientRef);
    const practice = await kit.practiceOf(caller.tenantId);
    const now = kit.now();
    // From yesterday in UTC: today has begun somewhere in every US timezone by then.
    const from = addDays(todayIn('UTC', now), -1);
    const [{ appointments }, departments] = await Promise.all([
      practice.client.listAppointments(
        practice.practiceId,
        { startDate: from, endDate: addDays(from, UPCOMING_DAYS), patientId },
        ctx,
      ),
      args.date ? kit.departmentsOf(practice, ctx) : Promise.resolve([]),
    ]);
    const upcoming = appointments
      .filter((a) => a.status !== 'Cancelled' && new Date(a.startTime) >= now)
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
    const days = args.date
      ? daysNamedBy(args.date, { now, timezone: timezoneOf(departments) })
      : null;
    // Appointment times carry their department's offset: their first ten characters are local.
    const onDay = days
      ? upcoming.filter(
          (a) =>
            a.startTime.slice(0, 10) >= days.startDate && a.startTime.slice(0, 10) <= days.endDate,
        )
      : upcoming;
    const listed = (onDay.length > 0 ? onDay : upcoming).slice(0, MAX_LISTED);
    if (listed.length === 0) {
      return spokenResult("I don't see any upcoming appointments for you.", { appointments: [] });
    }
    const said = listed.map(describe);
    const counted = `${said.length === 1 ? 'one upcoming appointment' : `${said.length} upcoming appointments`}: ${said.join('; ')}.`;
    const sentence =
      days && onDay.length === 0
        ? `I don't see an appointment on ${spokenDayOf(args.date!, days)}. You have ${counted}`
        : `You have ${counted}`;
    return spokenResult(sentence, {
      appointments: await Promise.all(
        listed.map(async (a, index) => ({
          appointment: await kit.tokens.issue<AppointmentData>('appointment', caller, {
            appointmentId: a.id,
          }),
          when: said[index],
        })),
      ),
    });
  };
}
