import type { FastifyInstance } from 'fastify';

import { todayIn } from '@ehr-gateway/calendar';

import type { SandboxState } from '../state.js';
import { toAthenaDate } from '../wire-format.js';

const NEW_PATIENT_FIELDS = ['firstname', 'lastname', 'dob', 'departmentid'] as const;

/**
 * Changes made "at the front desk", outside the API (no token): cancel or move an appointment, or
 * register a patient, as staff in athenaOne would. They reach the changed-data feed like any other change, so a test can
 * make a change the gateway did not make and watch it arrive.
 */
export function frontDeskRoutes(state: SandboxState) {
  const { schedule, bookings, practice, patients } = state;
  const slotOf = (id: string) => (/^\d{12}$/.test(id) ? schedule.slot(id) : null);

  return async (app: FastifyInstance) => {
    app.post('/_sandbox/front-desk/patients', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const missing = NEW_PATIENT_FIELDS.filter((field) => typeof body[field] !== 'string');
      if (missing.length > 0) {
        return reply.code(400).send({ error: `${missing.join(', ')} required (strings).` });
      }
      const departmentid = body.departmentid as string;
      const timezone = practice.department(Number(departmentid))?.timezone ?? 'UTC';
      const created = patients.create({
        firstname: body.firstname as string,
        lastname: body.lastname as string,
        dob: body.dob as string,
        departmentid,
        registrationdate: toAthenaDate(todayIn(timezone, state.now())),
      });
      return { patientid: created.patientid };
    });

    app.post('/_sandbox/front-desk/appointments/:appointmentid/cancel', async (request, reply) => {
      const { appointmentid } = request.params as { appointmentid: string };
      const slot = slotOf(appointmentid);
      if (!slot) {
        return reply.code(404).send({ error: `No appointment ${appointmentid}.` });
      }
      const body = (request.body ?? {}) as { reason?: unknown };
      const reason = typeof body.reason === 'string' ? body.reason : 'Cancelled at the front desk';
      const cancelled = bookings.cancel(slot, reason, state.now());
      if (!cancelled) {
        return reply.code(409).send({ error: `Appointment ${appointmentid} is not booked.` });
      }
      return { appointmentid, appointmentstatus: 'x' };
    });

    app.post('/_sandbox/front-desk/appointments/:appointmentid/move', async (request, reply) => {
      const { appointmentid } = request.params as { appointmentid: string };
      const body = (request.body ?? {}) as { toappointmentid?: unknown };
      if (typeof body.toappointmentid !== 'string') {
        return reply.code(400).send({ error: 'toappointmentid (an open slot) is required.' });
      }
      const from = slotOf(appointmentid);
      const to = slotOf(body.toappointmentid);
      if (!from || !to) {
        return reply.code(404).send({ error: 'No such appointment or slot.' });
      }
      const moved = bookings.move(from, to, state.now());
      if (!moved) {
        return reply
          .code(409)
          .send({ error: 'The appointment is not booked or the target slot is taken.' });
      }
      return { appointmentid: to.id, rescheduledfromappointmentid: from.id };
    });
  };
}
