import { addDays, dayNumber, clockTime, weekday } from '@ehr-gateway/calendar';

import { AFTERNOON, APPOINTMENT_TYPES, MORNING, SESSION_TYPES } from './catalog.js';
import { buildPatients, buildProviders, buildReferringProviders } from './people.js';
import { createRandom, hashUnit } from './random.js';
import { decodeSlotId, encodeSlotId } from './slot-id.js';
import type { Appointment, Patient, Provider, Slot, SlotQuery } from './types.js';

export const DEFAULT_SEED = 195_900;
/** Open slots are offered this many days ahead, as athena's default scheduling window. */
export const BOOKING_WINDOW_DAYS = 90;
/** Share of scheduled slots the seed books for someone. */
const SEED_BOOKED_SHARE = 0.18;

export interface PracticeOptions {
  seed?: number;
}

/** The whole synthetic practice. Same seed, same practice; slots are computed, not stored. */
export function createPractice({ seed = DEFAULT_SEED }: PracticeOptions = {}) {
  const random = createRandom(seed);
  const { providers, departments } = buildProviders(random);
  const patients = buildPatients(random, departments, providers);
  const referringProviders = buildReferringProviders(random);
  const workdays = new Map<number, Set<number>>(
    providers.map((provider) => {
      const days = [1, 2, 3, 4, 5];
      days.splice(random.int(0, 4), 1);
      return [provider.id, new Set(days)];
    }),
  );

  const byId = <T extends { id: number }>(items: T[]) =>
    new Map(items.map((item) => [item.id, item]));
  const departmentsById = byId(departments);
  const providersById = byId(providers);
  const patientsById = byId(patients);
  const typesById = byId(APPOINTMENT_TYPES);
  const patientsByDepartment = new Map<number, Patient[]>(
    departments.map((d) => [d.id, patients.filter((p) => p.departmentId === d.id)]),
  );

  /** Where a provider works on a date, if at all. */
  function departmentOn(provider: Provider, date: string): number | null {
    const day = weekday(date);
    if (!workdays.get(provider.id)?.has(day)) {
      return null;
    }
    return provider.departmentIds[day % provider.departmentIds.length]!;
  }

  function slotsForProviderOn(provider: Provider, date: string): Slot[] {
    const departmentId = departmentOn(provider, date);
    const sessions = SESSION_TYPES[provider.specialty];
    if (departmentId === null || !sessions) {
      return [];
    }
    const slots: Slot[] = [];
    for (const [session, typeId] of [
      [MORNING, sessions[0]],
      [AFTERNOON, sessions[1]],
    ] as const) {
      const type = typesById.get(typeId)!;
      for (
        let start = session.start;
        start + type.duration <= session.end;
        start += type.duration
      ) {
        const startTime = clockTime(start);
        slots.push({
          id: encodeSlotId(provider.id, date, startTime),
          departmentId,
          providerId: provider.id,
          appointmentTypeId: type.id,
          date,
          startTime,
          duration: type.duration,
        });
      }
    }
    return slots;
  }

  function seedBooking(slot: Slot): Appointment | null {
    if (hashUnit(slot.id, seed) >= SEED_BOOKED_SHARE) {
      return null;
    }
    const candidates = patientsByDepartment.get(slot.departmentId) ?? patients;
    const patient =
      candidates[Math.floor(hashUnit(`${slot.id}:patient`, seed) * candidates.length)]!;
    return { ...slot, patientId: patient.id, status: 'booked', notes: null };
  }

  function scheduledSlots(query: SlotQuery): Slot[] {
    const from = dayNumber(query.startDate);
    const to = dayNumber(query.endDate);
    const providerFilter = query.providerIds?.length ? new Set(query.providerIds) : null;
    const departmentFilter = query.departmentIds?.length ? new Set(query.departmentIds) : null;
    const typeFilter = query.appointmentTypeIds?.length ? new Set(query.appointmentTypeIds) : null;
    const slots: Slot[] = [];
    for (let day = from; day <= to; day += 1) {
      const date = addDays(query.startDate, day - from);
      for (const provider of providers) {
        if (providerFilter && !providerFilter.has(provider.id)) {
          continue;
        }
        for (const slot of slotsForProviderOn(provider, date)) {
          if (departmentFilter && !departmentFilter.has(slot.departmentId)) {
            continue;
          }
          if (typeFilter && !typeFilter.has(slot.appointmentTypeId)) {
            continue;
          }
          slots.push(slot);
        }
      }
    }
    return slots;
  }

  return {
    seed,
    departments,
    providers,
    patients,
    referringProviders,
    appointmentTypes: APPOINTMENT_TYPES,
    department: (id: number) => departmentsById.get(id),
    provider: (id: number) => providersById.get(id),
    patient: (id: number) => patientsById.get(id),
    appointmentType: (id: number) => typesById.get(id),

    /** Appointment types offered in a department (and by a provider), patient-facing first. */
    appointmentTypesFor({
      departmentId,
      providerId,
    }: {
      departmentId?: number;
      providerId?: number;
    }) {
      const staff = providers.filter(
        (p) =>
          (departmentId === undefined || p.departmentIds.includes(departmentId)) &&
          (providerId === undefined || p.id === providerId),
      );
      const specialties = new Set(staff.map((p) => p.specialty));
      return APPOINTMENT_TYPES.filter(
        (type) => type.specialties === null || type.specialties.some((s) => specialties.has(s)),
      );
    },

    /** Every slot the schedules create in the range, whether the seed booked it or not. */
    scheduledSlots,

    /** The scheduled slot with this id, or null when no schedule creates it. */
    slot(id: string): Slot | null {
      const decoded = decodeSlotId(id);
      const provider = decoded ? providersById.get(decoded.providerId) : undefined;
      if (!decoded || !provider) {
        return null;
      }
      return slotsForProviderOn(provider, decoded.date).find((s) => s.id === id) ?? null;
    },

    /** The appointment the seed placed in a slot, if any. */
    seedAppointment(slotOrId: Slot | string): Appointment | null {
      const slot = typeof slotOrId === 'string' ? this.slot(slotOrId) : slotOrId;
      return slot ? seedBooking(slot) : null;
    },

    /** Appointments the seed booked in the range (before any consumer's own writes). */
    seedAppointments(query: SlotQuery): Appointment[] {
      return scheduledSlots(query).flatMap((slot) => seedBooking(slot) ?? []);
    },
  };
}

export type Practice = ReturnType<typeof createPractice>;
