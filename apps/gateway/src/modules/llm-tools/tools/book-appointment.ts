import type { AppointmentDetail } from '@ehr-gateway/contracts';

import { HttpError } from '../../../lib/http-errors.js';
import { spokenConfirmation, spokenResult } from '../spoken.js';
import { alternativesAfterTaken, type SlotFinder } from './find-open-slots.js';
import type { AppointmentData, PatientData, SlotData, ToolFn, ToolKit } from './tool-kit.js';

export function bookAppointmentTool(
  kit: ToolKit,
  findSlots: SlotFinder,
): ToolFn<'book_appointment'> {
  return async (args, caller, call, ctx) => {
    const { patientId } = await kit.readToken<PatientData>('patient', caller, args.patientRef);
    const slot = await kit.readToken<SlotData>('slot', caller, args.slotToken);
    // A retried tool call (same call and tool-call id) gets the first answer, not a second booking.
    const answer = await kit.deps.idempotency.run<{ appointment: AppointmentDetail | null }>(
      'voice-tool-booking',
      `${call.callId}:${call.toolCallId}`,
      { patientId, slotId: slot.slotId },
      async () => {
        try {
          const practice = await kit.practiceOf(caller.tenantId);
          const appointment = await kit.book(practice, patientId, slot, args.reason, ctx);
          return { statusCode: 200, body: { appointment } };
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 409) {
            return { statusCode: 409, body: { appointment: null } };
          }
          throw error;
        }
      },
    );
    if (!answer.body.appointment) {
      return alternativesAfterTaken(findSlots, slot, caller, ctx);
    }
    const appointment = answer.body.appointment;
    return spokenResult(`You're booked for ${slot.when}. ${spokenConfirmation(appointment.id)}`, {
      booked: true,
      confirmationNumber: appointment.id,
      appointment: await kit.tokens.issue<AppointmentData>('appointment', caller, {
        appointmentId: appointment.id,
      }),
    });
  };
}
