import type { AppointmentDetail, EhrSource, PatientDetail } from '@ehr-gateway/contracts';

import type { EhrClient, NewPatient } from './ehr-client.js';

/**
 * A change written to an EHR through the gateway, as the webhooks outbox takes it (declared here,
 * the consumer's shape, so the EHR module does not depend on webhooks).
 */
export type EhrWriteChange =
  | {
      kind: 'appointment';
      type:
        | 'appointment.booked'
        | 'appointment.cancelled'
        | 'appointment.rescheduled'
        | 'appointment.updated';
      source: EhrSource;
      practiceId: string;
      appointment: AppointmentDetail;
      changes: string[];
    }
  | {
      kind: 'patient';
      type: 'patient.registered' | 'patient.updated';
      source: EhrSource;
      practiceId: string;
      patientId: string;
      patient: Partial<PatientDetail>;
      changes: string[];
    };

export type ChangeRecorder = (change: EhrWriteChange) => Promise<void>;

const patientFields = (patient: NewPatient): Partial<PatientDetail> => ({
  firstName: patient.firstName,
  lastName: patient.lastName,
  dob: patient.dob,
  gender: patient.sex ?? null,
  phone: patient.phone ?? null,
  email: patient.email ?? null,
  departmentId: patient.departmentId,
});

/**
 * Every write through the gateway (REST, aggregation, voice-agent tools, FHIR) reaches an EHR
 * through this wrapper, so each change is reported once, from one place, once the EHR has taken
 * it and before the caller gets its answer. A change that is not recorded fails the call (the
 * caller retries with its Idempotency-Key), rather than being lost silently.
 */
export function withChangeEvents(client: EhrClient, record: ChangeRecorder): EhrClient {
  const source = client.source;
  return {
    ...client,
    async createPatient(practiceId, patient, ctx) {
      const result = await client.createPatient(practiceId, patient, ctx);
      if (result.created) {
        await record({
          kind: 'patient',
          type: 'patient.registered',
          source,
          practiceId,
          patientId: result.patientId,
          patient: patientFields(patient),
          changes: [],
        });
      }
      return result;
    },
    async bookAppointment(practiceId, booking, ctx) {
      const appointment = await client.bookAppointment(practiceId, booking, ctx);
      await record({
        kind: 'appointment',
        type: booking.rescheduledFrom ? 'appointment.rescheduled' : 'appointment.booked',
        source,
        practiceId,
        appointment,
        changes: booking.rescheduledFrom ? ['startTime'] : ['status', 'patientId'],
      });
      return appointment;
    },
    async cancelAppointment(practiceId, cancellation, ctx) {
      const appointment = await client.cancelAppointment(practiceId, cancellation, ctx);
      await record({
        kind: 'appointment',
        type: 'appointment.cancelled',
        source,
        practiceId,
        appointment,
        changes: ['status'],
      });
      return appointment;
    },
  };
}
