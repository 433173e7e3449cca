import type { AppointmentDetail, EhrSource, PatientDetail } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import { HttpError } from '../../lib/http-errors.js';
import type { EhrClient, NewPatient } from './ehr-client.js';
import type { NewWriteIntent, WriteIntents } from './write-intents.js';

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

/** The webhooks outbox as the EHR module uses it (the webhooks module provides it). */
export interface ChangeOutbox {
  /**
   * Writes the change's event inside `tx`. With `since`, only when no event for the same record
   * and kind of change was written since then (the EHR's feed may have reported it first);
   * answers whether it wrote.
   */
  write(change: EhrWriteChange, tx: Db, since?: Date): Promise<boolean>;
  /** Events written inside a transaction have committed: deliver them soon. */
  committed(): void;
  /** Seals what a write intent needs to find a patient again (the outbox's key). */
  seal(plain: string): string;
  open(sealed: string): string | null;
}

export const patientFields = (patient: NewPatient): Partial<PatientDetail> => ({
  firstName: patient.firstName,
  lastName: patient.lastName,
  dob: patient.dob,
  gender: patient.sex ?? null,
  phone: patient.phone ?? null,
  email: patient.email ?? null,
  departmentId: patient.departmentId,
});

export const registrationChange = (
  source: EhrSource,
  practiceId: string,
  patientId: string,
  patient: NewPatient,
): EhrWriteChange => ({
  kind: 'patient',
  type: 'patient.registered',
  source,
  practiceId,
  patientId,
  patient: patientFields(patient),
  changes: [],
});

export const bookingChange = (
  source: EhrSource,
  practiceId: string,
  appointment: AppointmentDetail,
  rescheduled: boolean,
): EhrWriteChange => ({
  kind: 'appointment',
  type: rescheduled ? 'appointment.rescheduled' : 'appointment.booked',
  source,
  practiceId,
  appointment,
  changes: rescheduled ? ['startTime'] : ['status', 'patientId'],
});

export const cancellationChange = (
  source: EhrSource,
  practiceId: string,
  appointment: AppointmentDetail,
): EhrWriteChange => ({
  kind: 'appointment',
  type: 'appointment.cancelled',
  source,
  practiceId,
  appointment,
  changes: ['status'],
});

/**
 * How one EHR's writes reach the outbox so that no crash loses an event: `write` makes the write
 * on the client it is given, `changeOf` names the change its answer made (null: none).
 */
export type DurableWrite = <T>(
  intent: NewWriteIntent,
  write: (client: EhrClient) => Promise<T>,
  changeOf: (result: T) => EhrWriteChange | null,
) => Promise<T>;

/**
 * For an EHR whose records live in the gateway's database (the Mock EHR): the write and its event
 * commit in one transaction, or neither does.
 */
export function inOneTransaction(
  db: Db,
  within: (tx: Db) => EhrClient,
  outbox: ChangeOutbox,
): DurableWrite {
  return async (_intent, write, changeOf) => {
    const { result, changed } = await db.transaction().execute(async (tx) => {
      const answer = await write(within(tx));
      const change = changeOf(answer);
      return { result: answer, changed: change ? await outbox.write(change, tx) : false };
    });
    if (changed) {
      outbox.committed();
    }
    return result;
  };
}

/** A refusal the EHR answered (4xx): the write did not happen, so its intent has nothing to recover. */
const refused = (error: unknown): boolean =>
  error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500;

/**
 * For a remote EHR (athena, FHIR): the intent is committed before the EHR is called; the event and
 * the intent's end commit together once the EHR answers. A crash (or a lost answer) in between
 * leaves the intent, which recovery (write-recovery.ts) settles by reading the record back.
 */
export function journaled(
  db: Db,
  client: EhrClient,
  intents: WriteIntents,
  outbox: ChangeOutbox,
): DurableWrite {
  return async (newIntent, write, changeOf) => {
    const intent = await intents.begin(newIntent);
    let result;
    try {
      result = await write(client);
    } catch (error) {
      if (refused(error)) {
        await intents.finish(intent.id).catch(() => undefined);
      }
      throw error;
    }
    const change = changeOf(result);
    const changed = await db.transaction().execute(async (tx) => {
      const wrote = change ? await outbox.write(change, tx, intent.createdAt) : false;
      await intents.finish(intent.id, tx);
      return wrote;
    });
    if (changed) {
      outbox.committed();
    }
    return result;
  };
}

/** The identity a registration intent keeps, sealed, so recovery can find the patient again. */
export const sealedIdentity = (outbox: ChangeOutbox, patient: NewPatient): string =>
  outbox.seal(JSON.stringify(patient));

/**
 * Every write through the gateway (REST, aggregation, voice-agent tools, FHIR) reaches an EHR
 * through this wrapper, so each change is reported once, from one place, durably: see
 * `DurableWrite`. A change that cannot be recorded fails the call (the caller retries with its
 * Idempotency-Key) rather than being lost silently.
 */
export function withChangeEvents(
  client: EhrClient,
  durable: DurableWrite,
  outbox: ChangeOutbox,
): EhrClient {
  const source = client.source;
  return {
    ...client,
    createPatient: (practiceId, patient, ctx) =>
      durable(
        {
          source,
          practiceId,
          operation: 'register',
          target: { departmentId: patient.departmentId },
          identitySealed: sealedIdentity(outbox, patient),
        },
        (ehr) => ehr.createPatient(practiceId, patient, ctx),
        (result) =>
          result.created ? registrationChange(source, practiceId, result.patientId, patient) : null,
      ),
    bookAppointment: (practiceId, booking, ctx) =>
      durable(
        {
          source,
          practiceId,
          operation: 'book',
          target: {
            slotId: booking.slotId,
            patientId: booking.patientId,
            rescheduledFrom: booking.rescheduledFrom ?? null,
          },
        },
        (ehr) => ehr.bookAppointment(practiceId, booking, ctx),
        (appointment) =>
          bookingChange(source, practiceId, appointment, Boolean(booking.rescheduledFrom)),
      ),
    cancelAppointment: (practiceId, cancellation, ctx) =>
      durable(
        {
          source,
          practiceId,
          operation: 'cancel',
          target: { appointmentId: cancellation.appointmentId, patientId: cancellation.patientId },
        },
        (ehr) => ehr.cancelAppointment(practiceId, cancellation, ctx),
        (appointment) => cancellationChange(source, practiceId, appointment),
      ),
  };
}
