import { addDays, todayIn } from '@ehr-gateway/calendar';
import type { Appointment } from '@ehr-gateway/contracts';

import { spokenLocalDateTime, spokenResult } from '../spoken.js';
import type { AppointmentData, PatientData, ToolFn, ToolKit } from './tool-kit.js';

const UPCOMING_DAYS = 180;
/** As many as a caller takes in at once, and stays within one spoken line. */
const MAX_LISTED = 3;

/** "well child visit on Tuesday December 1st at 9 in the morning". */
const describe = (a: Appointment) =>
  `${a.appointmentType ? `${a.appointmentType.toLowerCase()} ` : ''}on ${spokenLocalDateTime(a.startTime)}`;

/**
 * The patient's next appointments from one EHR call: the list carries each one's local time (its
 * UTC offset) and visit type, so nothing is fetched one by one.
 */
export function listAppointmentsTool(kit: ToolKit): ToolFn<'list_appointments'> {
  return async (args, caller, _call, ctx) => {
    const { patientId } = await kit.readToken<PatientData>('patient', caller, args.patientRef);
    const { client, practiceId } = await kit.practiceOf(caller.tenantId);
    const now = kit.now();
    // From yesterday in UTC: today has begun somewhere in every US timezone by then.
    const from = addDays(todayIn('UTC', now), -1);
    const { appointments } = await client.listAppointments(
      practiceId,
      { startDate: from, endDate: addDays(from, UPCOMING_DAYS), patientId },
      ctx,
    );
    const upcoming = appointments
      .filter((a) => a.status !== 'Cancelled' && new Date(a.startTime) >= now)
      .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
      .slice(0, MAX_LISTED);
    if (upcoming.length === 0) {
      return spokenResult("I don't see any upcoming appointments for you.", { appointments: [] });
    }
    const said = upcoming.map(describe);
    return spokenResult(
      `You have ${said.length === 1 ? 'one upcoming appointment' : `${said.length} upcoming appointments`}: ${said.join('; ')}.`,
      {
        appointments: await Promise.all(
          upcoming.map(async (a, index) => ({
            appointment: await kit.tokens.issue<AppointmentData>('appointment', caller, {
              appointmentId: a.id,
            }),
            when: said[index],
          })),
        ),
      },
    );
  };
}
