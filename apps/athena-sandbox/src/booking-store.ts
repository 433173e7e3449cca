import type { Slot } from '@ehr-gateway/synthetic-practice';

import type { Schedule } from './schedule.js';

export interface Booking {
  status: 'booked' | 'cancelled';
  patientId: string;
  appointmentTypeId: number;
  note: string | null;
  /** Who placed it: the seed's front desk, or a client of this sandbox. */
  source: 'seed' | 'sandbox';
  /** When it was booked; null for the seed's bookings (serializers derive a stable one). */
  scheduledAt: Date | null;
  cancelledAt?: Date;
  cancelReason?: string;
}

export type SlotState = { status: 'open' } | Booking;

/**
 * Who holds each slot: the seed's bookings, overlaid by what clients of this sandbox booked and
 * cancelled. Every method is synchronous, so a check and the write that follows it cannot
 * interleave with another request: two concurrent bookings of one slot book it once.
 */
export function createBookingStore(schedule: Schedule) {
  const overrides = new Map<string, Booking>();

  function stateOf(slot: Slot): SlotState {
    const override = overrides.get(slot.id);
    if (override) {
      return override;
    }
    const seeded = schedule.seedAppointment(slot);
    return seeded
      ? {
          status: 'booked',
          patientId: String(seeded.patientId),
          appointmentTypeId: seeded.appointmentTypeId,
          note: null,
          source: 'seed',
          scheduledAt: null,
        }
      : { status: 'open' };
  }

  return {
    stateOf,

    /** Books an open (or cancelled) slot; null when someone holds it already. */
    book(
      slot: Slot,
      booking: { patientId: string; appointmentTypeId: number; note: string | null },
      at: Date,
    ): Booking | null {
      if (stateOf(slot).status === 'booked') {
        return null;
      }
      const booked: Booking = { status: 'booked', source: 'sandbox', scheduledAt: at, ...booking };
      overrides.set(slot.id, booked);
      return booked;
    },

    /** Cancels a booked slot; the slot is open to book again. */
    cancel(slot: Slot, reason: string | null, at: Date): Booking | null {
      const state = stateOf(slot);
      if (state.status !== 'booked') {
        return null;
      }
      const cancelled: Booking = {
        ...state,
        status: 'cancelled',
        cancelledAt: at,
        ...(reason ? { cancelReason: reason } : {}),
      };
      overrides.set(slot.id, cancelled);
      return cancelled;
    },

    /**
     * The front desk moves a booked appointment to an open slot: the old one is cancelled
     * (reason "Rescheduled"), the new one booked for the same patient and type. Null when the
     * source is not booked or the target is taken.
     */
    move(from: Slot, to: Slot, at: Date): { cancelled: Booking; booked: Booking } | null {
      const state = stateOf(from);
      if (state.status !== 'booked' || stateOf(to).status === 'booked') {
        return null;
      }
      const cancelled: Booking = {
        ...state,
        status: 'cancelled',
        cancelledAt: at,
        cancelReason: 'Rescheduled',
      };
      const booked: Booking = {
        status: 'booked',
        patientId: state.patientId,
        appointmentTypeId: state.appointmentTypeId,
        note: state.note,
        source: 'sandbox',
        scheduledAt: at,
      };
      overrides.set(from.id, cancelled);
      overrides.set(to.id, booked);
      return { cancelled, booked };
    },

    /** How many slots clients of this sandbox booked or cancelled. */
    changes: () => overrides.size,

    reset: () => overrides.clear(),
  };
}

export type BookingStore = ReturnType<typeof createBookingStore>;
