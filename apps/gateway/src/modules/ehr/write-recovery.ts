import type { EhrSource } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  bookingChange,
  cancellationChange,
  registrationChange,
  type ChangeOutbox,
  type EhrWriteChange,
} from './change-reporting.js';
import type { EhrClient, NewPatient } from './ehr-client.js';
import type { WriteIntent, WriteIntents } from './write-intents.js';

/** Intents settled per round; the rest wait for the next. */
const BATCH = 50;

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/**
 * The change an interrupted write made, read back from the EHR: the booking when the slot now holds
 * the patient's appointment, the cancellation when it is cancelled, the registration when the
 * patient with that identity exists. Null when the write did not happen.
 */
async function changeOf(intent: WriteIntent, client: EhrClient): Promise<EhrWriteChange | null> {
  const { source, practiceId, target } = intent;
  const ctx = { requestId: `write-recovery-${intent.id}` };
  if (intent.operation === 'register') {
    const patient = JSON.parse(intent.identitySealed ?? 'null') as NewPatient | null;
    if (!patient) {
      return null;
    }
    const found = await client.findPatients(practiceId, patient, ctx);
    return found.length === 1
      ? registrationChange(source, practiceId, found[0]!.id, patient)
      : null;
  }
  const appointmentId = intent.operation === 'book' ? target.slotId : target.appointmentId;
  try {
    const appointment = await client.getAppointment(practiceId, appointmentId!, ctx);
    if (appointment.patientId !== target.patientId) {
      return null;
    }
    if (intent.operation === 'cancel') {
      return appointment.status === 'Cancelled'
        ? cancellationChange(source, practiceId, appointment)
        : null;
    }
    return appointment.status === 'Cancelled' || appointment.status === 'Open'
      ? null
      : bookingChange(source, practiceId, appointment, Boolean(target.rescheduledFrom));
  } catch (error) {
    if (isNotFound(error)) {
      return null;
    }
    throw error;
  }
}

/**
 * Settles write intents a crash (or a lost answer) left behind: reads each record back from its
 * EHR and writes the change's event, unless an event for the same record and kind was written
 * since the intent began (the EHR's feed reported it first), and ends the intent in the same
 * transaction. An EHR that cannot be reached leaves the intent for a later round.
 */
export function createWriteRecovery({
  db,
  intents,
  outbox,
  clientFor,
}: {
  db: Db;
  intents: WriteIntents;
  outbox: ChangeOutbox;
  /** The EHR a source names, unwrapped (no cache, no reporting); null when not configured. */
  clientFor: (source: EhrSource) => EhrClient | null;
}) {
  async function settle(intent: WriteIntent): Promise<boolean> {
    const client = clientFor(intent.source);
    if (!client) {
      return false;
    }
    const opened = intent.identitySealed ? outbox.open(intent.identitySealed) : null;
    const change = await changeOf({ ...intent, identitySealed: opened ?? undefined }, client);
    return db.transaction().execute(async (tx) => {
      const wrote = change ? await outbox.write(change, tx, intent.createdAt) : false;
      await intents.finish(intent.id, tx);
      return wrote;
    });
  }

  return {
    /** One round; answers how many events it wrote. */
    async run(): Promise<number> {
      let written = 0;
      for (const intent of await intents.claimDue(BATCH)) {
        written += Number(await settle(intent).catch(() => false));
      }
      if (written > 0) {
        outbox.committed();
      }
      return written;
    },
  };
}
