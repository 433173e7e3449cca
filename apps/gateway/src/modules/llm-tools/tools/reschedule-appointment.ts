import type { AppointmentDetail } from '@ehr-gateway/contracts';

import { HttpError } from '../../../lib/http-errors.js';
import { spokenConfirmation, spokenResult } from '../spoken.js';
import { alternativesAfterTaken, type SlotFinder } from './find-open-slots.js';
import type { AppointmentData, PatientData, SlotData, ToolFn, ToolKit } from './tool-kit.js';

/** Books the new time first, then cancels the old one, so the caller never ends up with nothing. */
export function rescheduleAppointmentTool(
  kit: ToolKit,
  findSlots: SlotFinder,
): ToolFn<'reschedule_appointment'> {
  return async (args, caller, call, ctx) => {
    const { patientId } = await kit.readToken<PatientData>('patient', caller, args.patientRef);
    const { appointmentId } = await kit.readToken<AppointmentData>(
      'appointment',
      caller,
      args.appointment,
    );
    const slot = await kit.readToken<SlotData>('slot', caller, args.slotToken);
    const practice = await kit.practiceOf(caller.tenantId);
    const answer = await kit.deps.idempotency.run<{
      booked: AppointmentDetail | null;
      oldCancelled: boolean;
    }>(
      'voice-tool-reschedule',
      `${call.callId}:${call.toolCallId}`,
      { patientId, appointmentId, slotId: slot.slotId },
      async () => {
        let booked: AppointmentDetail;
        try {
          booked = await kit.book(practice, patientId, slot, 'rescheduled', ctx, appointmentId);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 409) {
            return { statusCode: 409, body: { booked: null, oldCancelled: false } };
          }
          throw error;
        }
        try {
          await practice.client.cancelAppointment(
            practice.practiceId,
            { appointmentId, patientId, reason: 'Rescheduled by the patient by phone' },
            ctx,
          );
          return { statusCode: 200, body: { booked, oldCancelled: true } };
        } catch {
          // Both stay visible to staff rather than the caller losing the new booking.
          return { statusCode: 200, body: { booked, oldCancelled: false } };
        }
      },
    );
    if (!answer.body.booked) {
      return alternativesAfterTaken(findSlots, slot, caller, ctx);
    }
    const bookedId = answer.body.booked.id;
    const appointmentRef = await kit.tokens.issue<AppointmentData>('appointment', caller, {
      appointmentId: bookedId,
    });
    if (!answer.body.oldCancelled) {
      return spokenResult(
        `I booked your new time, ${slot.when}, but I could not cancel the old appointment; the front desk will see both and cancel the old one. ${spokenConfirmation(bookedId, 'Your new')}`,
        { rescheduled: false, booked: true, oldCancelled: false, appointment: appointmentRef },
      );
    }
    return spokenResult(
      `Done: you're now booked for ${slot.when}, and the old appointment is cancelled. ${spokenConfirmation(bookedId)}`,
      {
        rescheduled: true,
        confirmationNumber: bookedId,
        appointment: appointmentRef,
      },
    );
  };
}
