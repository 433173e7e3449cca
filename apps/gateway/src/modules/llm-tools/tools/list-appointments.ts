import { addDays, todayIn } from '@ehr-gateway/calendar';

import { describeAppointment, spokenResult, timezoneOf } from '../spoken.js';
import type { AppointmentData, PatientData, ToolFn, ToolKit } from './tool-kit.js';

const UPCOMING_DAYS = 180;
/** As many as a caller takes in at once, and stays within one spoken line. */
const MAX_LISTED = 3;

export function listAppointmentsTool(kit: ToolKit): ToolFn<'list_appointments'> {
  return async (args, caller, _call, ctx) => {
    const { patientId } = kit.readToken<PatientData>('patient', caller, args.patientRef);
    const practice = await kit.practiceOf(caller.tenantId);
    const { client, practiceId } = practice;
    const departments = await kit.departmentsOf(practice, ctx);
    const now = kit.now();
    const today = todayIn(timezoneOf(departments), now);
    const { appointments } = await client.listAppointments(
      practiceId,
      { startDate: today, endDate: addDays(today, UPCOMING_DAYS), patientId },
      ctx,
    );
    const upcoming = appointments
      .filter((a) => a.status !== 'Cancelled' && new Date(a.startTime) >= now)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .slice(0, MAX_LISTED);
    if (upcoming.length === 0) {
      return spokenResult("I don't see any upcoming appointments for you.", { appointments: [] });
    }
    const details = await Promise.all(
      upcoming.map((a) => client.getAppointment(practiceId, a.id, ctx)),
    );
    const said = details.map((a) => describeAppointment(a, departments));
    return spokenResult(
      `You have ${said.length === 1 ? 'one upcoming appointment' : `${said.length} upcoming appointments`}: ${said.join('; ')}.`,
      {
        appointments: details.map((a, index) => ({
          appointment: kit.tokens.issue<AppointmentData>('appointment', caller, {
            appointmentId: a.id,
          }),
          when: said[index],
        })),
      },
    );
  };
}
