import { describeAppointment, spokenResult } from '../spoken.js';
import type { AppointmentData, PatientData, ToolFn, ToolKit } from './tool-kit.js';

export function cancelAppointmentTool(kit: ToolKit): ToolFn<'cancel_appointment'> {
  return async (args, caller, _call, ctx) => {
    const { patientId } = await kit.readToken<PatientData>('patient', caller, args.patientRef);
    const { appointmentId } = await kit.readToken<AppointmentData>(
      'appointment',
      caller,
      args.appointment,
    );
    const practice = await kit.practiceOf(caller.tenantId);
    const [cancelled, departments] = await Promise.all([
      practice.client.cancelAppointment(
        practice.practiceId,
        { appointmentId, patientId, reason: args.reason ?? 'Cancelled by the patient by phone' },
        ctx,
      ),
      kit.departmentsOf(practice, ctx),
    ]);
    return spokenResult(
      `Your appointment ${describeAppointment(cancelled, departments)} is cancelled.`,
      { cancelled: true },
    );
  };
}
