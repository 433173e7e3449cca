import { sql } from 'kysely';

import type { Db } from '../../../db/database.js';
import type { MockPatientsTable, MockSlotBookingsTable } from '../../../db/schema.js';
import { escapeLike } from '../../../lib/sql-text.js';

export type StoredPatient = Omit<MockPatientsTable, 'id' | 'created_at'> & { id: number };
export type StoredBooking = Omit<MockSlotBookingsTable, 'updated_at'>;

const BOOKING_COLUMNS = [
  'slot_id',
  'slot_date',
  'provider_id',
  'department_id',
  'patient_id',
  'appointment_type_id',
  'status',
  'notes',
] as const;

export function createMockEhrRepository(db: Db) {
  return {
    async searchPatients(filter: {
      firstName?: string;
      lastName?: string;
      dob?: string;
    }): Promise<StoredPatient[]> {
      let query = db.selectFrom('mock_patients').selectAll();
      if (filter.firstName) {
        query = query.where(
          sql<boolean>`lower(first_name) like ${`${escapeLike(filter.firstName.toLowerCase())}%`}`,
        );
      }
      if (filter.lastName) {
        query = query.where(
          sql<boolean>`lower(last_name) like ${`${escapeLike(filter.lastName.toLowerCase())}%`}`,
        );
      }
      if (filter.dob) {
        query = query.where('dob', '=', filter.dob);
      }
      return query.orderBy('id').execute();
    },

    async getPatient(id: number): Promise<StoredPatient | undefined> {
      return db.selectFrom('mock_patients').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Inserts unless a patient with the same name and date of birth exists; either way returns the
     * stored patient. The unique index makes this safe when two requests race.
     */
    async insertPatient(
      patient: Omit<StoredPatient, 'id'>,
    ): Promise<{ patient: StoredPatient; created: boolean }> {
      const inserted = await db
        .insertInto('mock_patients')
        .values(patient)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        return { patient: inserted, created: true };
      }
      const existing = await db
        .selectFrom('mock_patients')
        .selectAll()
        .where(sql<boolean>`lower(first_name) = ${patient.first_name.toLowerCase()}`)
        .where(sql<boolean>`lower(last_name) = ${patient.last_name.toLowerCase()}`)
        .where('dob', '=', patient.dob)
        .executeTakeFirstOrThrow();
      return { patient: existing, created: false };
    },

    async bookingsBetween(startDate: string, endDate: string): Promise<StoredBooking[]> {
      return db
        .selectFrom('mock_slot_bookings')
        .select(BOOKING_COLUMNS)
        .where('slot_date', '>=', startDate)
        .where('slot_date', '<=', endDate)
        .execute();
    },

    async bookingsForPatient(patientId: number): Promise<StoredBooking[]> {
      return db
        .selectFrom('mock_slot_bookings')
        .select(BOOKING_COLUMNS)
        .where('patient_id', '=', patientId)
        .execute();
    },

    /** Patients registered at or after a time, for the in-memory fallback (see mock-ehr-mirror.ts). */
    async patientsCreatedSince(since: Date): Promise<Array<StoredPatient & { created_at: Date }>> {
      return db.selectFrom('mock_patients').selectAll().where('created_at', '>=', since).execute();
    },

    /** Bookings and cancellations changed at or after a time, for the in-memory fallback. */
    async bookingsChangedSince(since: Date): Promise<Array<StoredBooking & { updated_at: Date }>> {
      return db
        .selectFrom('mock_slot_bookings')
        .select([...BOOKING_COLUMNS, 'updated_at'])
        .where('updated_at', '>=', since)
        .execute();
    },

    async getBooking(slotId: string): Promise<StoredBooking | undefined> {
      return db
        .selectFrom('mock_slot_bookings')
        .select(BOOKING_COLUMNS)
        .where('slot_id', '=', slotId)
        .executeTakeFirst();
    },

    /**
     * Books a slot that has no booking row or only a cancelled one. Returns false when the slot is
     * already booked; the row lock taken by the upsert makes two concurrent bookings book once.
     */
    async book(booking: StoredBooking): Promise<boolean> {
      const values = { ...booking, updated_at: new Date() };
      const row = await db
        .insertInto('mock_slot_bookings')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('slot_id')
            .doUpdateSet({
              patient_id: booking.patient_id,
              appointment_type_id: booking.appointment_type_id,
              status: 'booked',
              notes: booking.notes,
              updated_at: values.updated_at,
            })
            .where('mock_slot_bookings.status', '=', 'cancelled'),
        )
        .returning('slot_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a cancellation; for a booking made by the seed this inserts the overriding row. */
    async cancel(booking: StoredBooking): Promise<boolean> {
      const values = { ...booking, status: 'cancelled' as const, updated_at: new Date() };
      const row = await db
        .insertInto('mock_slot_bookings')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('slot_id')
            .doUpdateSet({
              status: 'cancelled',
              notes: booking.notes,
              updated_at: values.updated_at,
            })
            .where('mock_slot_bookings.status', '=', 'booked'),
        )
        .returning('slot_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MockEhrRepository = ReturnType<typeof createMockEhrRepository>;
