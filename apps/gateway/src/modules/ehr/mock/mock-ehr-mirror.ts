import { isDatabaseUnavailable } from '../../../db/database-errors.js';
import type { MockEhrRepository, StoredBooking, StoredPatient } from './mock-ehr-repository.js';

/**
 * Rows may commit a little after the time they carry (a transaction's now() is its start), so each
 * sync reads again from this long before the newest change it has seen.
 */
const SYNC_OVERLAP_MS = 30_000;

/**
 * The Mock EHR's stored changes (registered patients, bookings, cancellations) as the database
 * held them at the last sync, every couple of seconds. Reads go to the database as always; only
 * while it is unreachable do they fall back to this copy, so the Mock EHR keeps answering (a
 * change made on another instance in the last seconds may be missing) and writes get the 503.
 */
export function createMockEhrMirror(repository: MockEhrRepository) {
  const patients = new Map<number, StoredPatient>();
  const bookings = new Map<string, StoredBooking>();
  let patientsSince = new Date(0);
  let bookingsSince = new Date(0);

  const rememberPatient = (patient: StoredPatient) => patients.set(patient.id, patient);
  const rememberBooking = (booking: StoredBooking) => bookings.set(booking.slot_id, booking);
  const overlapBefore = (at: Date) => new Date(at.getTime() - SYNC_OVERLAP_MS);

  const fromMirror = {
    async searchPatients(filter: { firstName?: string; lastName?: string; dob?: string }) {
      const first = filter.firstName?.toLowerCase();
      const last = filter.lastName?.toLowerCase();
      return [...patients.values()]
        .filter(
          (p) =>
            (!first || p.first_name.toLowerCase().startsWith(first)) &&
            (!last || p.last_name.toLowerCase().startsWith(last)) &&
            (!filter.dob || p.dob === filter.dob),
        )
        .sort((a, b) => a.id - b.id);
    },
    async getPatient(id: number) {
      return patients.get(id);
    },
    async bookingsBetween(startDate: string, endDate: string) {
      return [...bookings.values()].filter(
        (b) => b.slot_date >= startDate && b.slot_date <= endDate,
      );
    },
    async bookingsForPatient(patientId: number) {
      return [...bookings.values()].filter((b) => b.patient_id === patientId);
    },
    async getBooking(slotId: string) {
      return bookings.get(slotId);
    },
  };

  /** A read from the database, or from the copy when the database cannot be reached. */
  const read =
    <A extends unknown[], T>(
      fromDatabase: (...args: A) => Promise<T>,
      fallback: (...args: A) => Promise<T>,
    ) =>
    async (...args: A): Promise<T> => {
      try {
        return await fromDatabase(...args);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          return fallback(...args);
        }
        throw error;
      }
    };

  return {
    /** Reads changes since the last sync into the copy. */
    async sync(): Promise<void> {
      const [newPatients, changedBookings] = await Promise.all([
        repository.patientsCreatedSince(patientsSince),
        repository.bookingsChangedSince(bookingsSince),
      ]);
      for (const { created_at: createdAt, ...patient } of newPatients) {
        rememberPatient(patient);
        if (createdAt > patientsSince) {
          patientsSince = overlapBefore(createdAt);
        }
      }
      for (const { updated_at: updatedAt, ...booking } of changedBookings) {
        rememberBooking(booking);
        if (updatedAt > bookingsSince) {
          bookingsSince = overlapBefore(updatedAt);
        }
      }
    },

    /** The repository the Mock EHR uses: writes to the database, reads with the fallback. */
    repository: {
      ...repository,
      searchPatients: read(repository.searchPatients, fromMirror.searchPatients),
      getPatient: read(repository.getPatient, fromMirror.getPatient),
      bookingsBetween: read(repository.bookingsBetween, fromMirror.bookingsBetween),
      bookingsForPatient: read(repository.bookingsForPatient, fromMirror.bookingsForPatient),
      getBooking: read(repository.getBooking, fromMirror.getBooking),
      async insertPatient(patient: Omit<StoredPatient, 'id'>) {
        const result = await repository.insertPatient(patient);
        rememberPatient(result.patient);
        return result;
      },
      async book(booking: StoredBooking) {
        const booked = await repository.book(booking);
        if (booked) {
          rememberBooking(booking);
        }
        return booked;
      },
      async cancel(booking: StoredBooking) {
        const cancelled = await repository.cancel(booking);
        if (cancelled) {
          rememberBooking({ ...booking, status: 'cancelled' });
        }
        return cancelled;
      },
    } satisfies MockEhrRepository,
  };
}
