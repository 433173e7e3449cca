import type { AppointmentDetail } from '@ehr-gateway/contracts';

import type { EhrWriteChange } from '../change-reporting.js';
import type { AthenaHttp } from './athena-http.js';
import { toAppointmentDetail, toDepartment, toPatientDetail } from './athena-mapping.js';
import { fromAthenaDate, list, str, type Wire } from './athena-wire.js';

/** How far back the gateway's own events count as the ones the feed reports back. */
export const OWN_CHANGE_LOOKBACK_MS = 10 * 60_000;
const FEEDS = ['appointments', 'patients'] as const;

const DAY_MS = 86_400_000;

/**
 * The changes the feed saw in one round, recorded together; answers how many were written. One is
 * skipped when the gateway's own event for the same record and kind of change is already in the
 * outbox (the feed reporting the gateway's write back), so it is not delivered twice.
 */
export type ObservedChangesRecorder = (changes: EhrWriteChange[], since: Date) => Promise<number>;

/** The same for one change: whether it was written. */
export type ObservedChangeRecorder = (change: EhrWriteChange, since: Date) => Promise<boolean>;

/**
 * A patient the feed reports is new when athena registered it today or yesterday (its
 * `registrationdate`, a date in the practice's zone, so a day of slack for time zones); the
 * outbox turns it into `patient.updated` when it already has events for that patient.
 */
export function patientChangeType(wire: Wire, now: Date): 'patient.registered' | 'patient.updated' {
  const registered = fromAthenaDate(wire.registrationdate);
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  return registered !== null && registered >= yesterday ? 'patient.registered' : 'patient.updated';
}

/** What an appointment the feed reports became: cancelled, moved here, booked, or otherwise. */
export function appointmentChangeType(wire: Wire): EhrWriteChange['type'] {
  const status = str(wire.appointmentstatus);
  if (status === 'x') {
    return 'appointment.cancelled';
  }
  if (str(wire.rescheduledfromappointmentid)) {
    return 'appointment.rescheduled';
  }
  return status === 'f' ? 'appointment.booked' : 'appointment.updated';
}

/**
 * athena's changed-data feed for one practice: subscribes to appointment and patient changes
 * (once per process; athena keeps the subscription), then on each poll fetches what changed in
 * each department, which athena then marks processed, and records each change as an event.
 */
export function createAthenaChangeFeed({
  http,
  practiceId,
  record,
  now = () => new Date(),
}: {
  http: AthenaHttp;
  practiceId: string;
  record: ObservedChangesRecorder;
  now?: () => Date;
}) {
  const ctx = () => ({ requestId: `changed-data-${now().getTime()}` });
  let subscribed = false;

  async function subscribe() {
    for (const feed of FEEDS) {
      await http.request(
        { method: 'POST', path: `/${feed}/changed/subscription`, practiceId, form: {} },
        ctx(),
      );
    }
    subscribed = true;
  }

  async function departments() {
    const body = await http.request<{ departments?: unknown }>(
      { method: 'GET', path: '/departments', practiceId, query: { limit: 1000 } },
      ctx(),
    );
    return list(body?.departments).map(toDepartment);
  }

  async function changed(feed: (typeof FEEDS)[number], departmentId: string): Promise<Wire[]> {
    const body = await http.request<Record<string, unknown>>(
      {
        method: 'GET',
        path: `/${feed}/changed`,
        practiceId,
        query: { departmentid: departmentId },
      },
      ctx(),
    );
    return list(body?.[feed]);
  }

  const appointmentChange = (appointment: AppointmentDetail, wire: Wire): EhrWriteChange => ({
    kind: 'appointment',
    type: appointmentChangeType(wire) as Extract<EhrWriteChange, { kind: 'appointment' }>['type'],
    source: 'athena',
    practiceId,
    appointment,
    changes: appointmentChangeType(wire) === 'appointment.rescheduled' ? ['startTime'] : ['status'],
  });

  return {
    /** One round: every department's changed appointments and patients; answers how many events. */
    async poll(): Promise<number> {
      if (!subscribed) {
        await subscribe();
      }
      const since = new Date(now().getTime() - OWN_CHANGE_LOOKBACK_MS);
      const known = await departments();
      const timezoneOf = (id: string | null) =>
        known.find((d) => d.id === id)?.timezone ?? 'America/New_York';
      const nameOf = (id: string | null) => known.find((d) => d.id === id)?.name ?? null;
      let recorded = 0;
      for (const department of known) {
        const appointments = (await changed('appointments', department.id)).map((wire) =>
          appointmentChange(toAppointmentDetail(wire, timezoneOf, nameOf), wire),
        );
        const patients = (await changed('patients', department.id)).map((wire): EhrWriteChange => {
          const patient = toPatientDetail(wire);
          return {
            kind: 'patient',
            type: patientChangeType(wire, now()),
            source: 'athena',
            practiceId,
            patientId: patient.id,
            patient: { ...patient, departmentId: patient.departmentId ?? department.id },
            changes: [],
          };
        });
        // One transaction and one look-up of the outbox per department's changes, not per record.
        recorded += await record([...appointments, ...patients], since);
      }
      return recorded;
    },
  };
}
