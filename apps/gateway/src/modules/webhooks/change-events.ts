import { randomUUID } from 'node:crypto';

import type {
  Appointment,
  AppointmentDetail,
  EhrSource,
  PatientDetail,
  WebhookEventBody,
  WebhookEventType,
} from '@ehr-gateway/contracts';

import type { NewEvent } from './deliveries-repository.js';
import type { SecretSealer } from './webhook-signing.js';

/** A change the gateway made in an EHR (or saw there), as the EHR module reports it. */
export type EhrChange =
  | {
      kind: 'appointment';
      type: Extract<WebhookEventType, `appointment.${string}`>;
      source: EhrSource;
      practiceId: string;
      appointment: AppointmentDetail;
      changes: string[];
    }
  | {
      kind: 'patient';
      type: Extract<WebhookEventType, `patient.${string}`>;
      source: EhrSource;
      practiceId: string;
      patientId: string;
      /** What the gateway knows of the patient (the fields it wrote). */
      patient: Partial<PatientDetail>;
      changes: string[];
    };

const appointmentOf = (detail: AppointmentDetail): Appointment => ({
  id: detail.id,
  patientId: detail.patientId,
  providerId: detail.providerId,
  startTime: detail.startTime,
  endTime: detail.endTime,
  appointmentType: detail.appointmentType,
  status: detail.status,
});

/** The key deliveries of one record keep their order by (one appointment, one patient). */
export const orderingKeyOf = (change: EhrChange): string =>
  change.kind === 'appointment'
    ? `appointment:${change.source}:${change.practiceId}:${change.appointment.id}`
    : `patient:${change.source}:${change.practiceId}:${change.patientId}`;

/**
 * The outbox row for a change: `id-only` data (ids and which fields changed, nothing that
 * identifies a person) in the clear, the full resource sealed, opened only for a PHI-approved
 * endpoint with `payload: full`.
 */
export function eventOfChange(change: EhrChange, at: Date, sealer: SecretSealer): NewEvent {
  const base = {
    id: randomUUID(),
    type: change.type,
    occurredAt: at,
    source: change.source,
    practiceId: change.practiceId,
  };
  if (change.kind === 'appointment') {
    const { appointment } = change;
    const ids = {
      appointmentId: appointment.id,
      patientId: appointment.patientId,
      providerId: appointment.providerId,
      departmentId: appointment.department.id,
      status: appointment.status,
      changes: change.changes,
    };
    return {
      ...base,
      orderingKey: orderingKeyOf(change),
      dataIds: ids,
      dataFullSealed: sealer.seal(
        JSON.stringify({ ...ids, appointment: appointmentOf(appointment) }),
      ),
    };
  }
  const ids = {
    patientId: change.patientId,
    departmentId: change.patient.departmentId ?? null,
    changes: change.changes,
  };
  return {
    ...base,
    orderingKey: orderingKeyOf(change),
    dataIds: ids,
    dataFullSealed: sealer.seal(
      JSON.stringify({ ...ids, patient: { ...change.patient, id: change.patientId } }),
    ),
  };
}

/** The test event an admin or client asks for: no resource, no PHI. */
export function testEvent(endpointId: string, at: Date): NewEvent {
  return {
    id: randomUUID(),
    type: 'endpoint.test',
    occurredAt: at,
    source: 'gateway',
    practiceId: '',
    orderingKey: `test:${endpointId}`,
    dataIds: { endpointId, message: 'A test event from the EHR API Gateway' },
    dataFullSealed: null,
  };
}

/** A stored event as its row holds it: what a delivery's body is built from. */
export interface StoredEventFields {
  id: string;
  type: string;
  occurred_at: Date;
  source: string;
  practice_id: string;
  data_ids: Record<string, unknown>;
}

/** The body a delivery carries, exactly the bytes that are signed. */
export function eventBody(event: StoredEventFields, data: Record<string, unknown>): string {
  const body = {
    type: event.type as WebhookEventBody['type'],
    id: event.id,
    occurredAt: event.occurred_at.toISOString(),
    source: event.source as WebhookEventBody['source'],
    practiceId: event.practice_id,
    data,
  };
  return JSON.stringify(body);
}
