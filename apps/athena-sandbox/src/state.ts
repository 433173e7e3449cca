import { createPractice, DEFAULT_SEED, type Practice } from '@ehr-gateway/synthetic-practice';

import { createBookingStore, type BookingStore } from './booking-store.js';
import { createChangeFeed, type ChangeFeed } from './change-feed.js';
import { createFaults, type Faults } from './faults.js';
import { createPatientStore, type PatientStore } from './patient-store.js';
import { createSchedule, type Schedule } from './schedule.js';
import { createStats, type Stats } from './stats.js';
import { createTokenStore, type TokenStore } from './tokens.js';

export interface SandboxOptions {
  /** The one practice served (athena's preview practice by default). */
  practiceId?: string;
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  /** New tokens allowed per clock minute (athena preview allows 5). */
  tokenLimitPerMinute?: number;
  /** Seed of the synthetic practice. */
  seed?: number;
  /** The clock; tests pin it. */
  now?: () => Date;
  /** Fastify's logger option (off unless given). */
  logger?: boolean | Record<string, unknown>;
}

export type ResolvedOptions = Required<Omit<SandboxOptions, 'logger' | 'now'>>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  practiceId: '195900',
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  tokenTtlSeconds: 3600,
  tokenLimitPerMinute: 5,
  seed: DEFAULT_SEED,
};

/** Everything the routes share: the practice, what clients changed, tokens, faults, counters. */
export interface SandboxState {
  options: ResolvedOptions;
  now: () => Date;
  practice: Practice;
  schedule: Schedule;
  patients: PatientStore;
  bookings: BookingStore;
  /** athena's changed-data subscriptions; every write to bookings and patients is reported. */
  changes: ChangeFeed;
  tokens: TokenStore;
  faults: Faults;
  stats: Stats;
  /** Back to the initial state: bookings, registered patients, counters and faults. */
  reset(): void;
}

export function createSandboxState(options: SandboxOptions = {}): SandboxState {
  const resolved: ResolvedOptions = {
    practiceId: options.practiceId ?? DEFAULT_OPTIONS.practiceId,
    clientId: options.clientId ?? DEFAULT_OPTIONS.clientId,
    clientSecret: options.clientSecret ?? DEFAULT_OPTIONS.clientSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_OPTIONS.tokenTtlSeconds,
    tokenLimitPerMinute: options.tokenLimitPerMinute ?? DEFAULT_OPTIONS.tokenLimitPerMinute,
    seed: options.seed ?? DEFAULT_OPTIONS.seed,
  };
  const now = options.now ?? (() => new Date());
  const practice = createPractice({ seed: resolved.seed });
  const patients = createPatientStore(practice);
  const schedule = createSchedule(practice);
  const bookings = createBookingStore(schedule);
  const tokens = createTokenStore({
    ttlSeconds: resolved.tokenTtlSeconds,
    limitPerMinute: resolved.tokenLimitPerMinute,
    now,
  });
  const changes = createChangeFeed();
  reportChanges(practice, bookings, patients, changes, now);
  const faults = createFaults();
  const stats = createStats(now);
  return {
    options: resolved,
    now,
    practice,
    schedule,
    patients,
    bookings,
    changes,
    tokens,
    faults,
    stats,
    reset() {
      patients.reset();
      bookings.reset();
      changes.reset();
      faults.clear();
      tokens.setLimitPerMinute(resolved.tokenLimitPerMinute);
      tokens.resetWindow();
      stats.reset();
    },
  };
}

/** Every booking and patient write, whoever made it (API client or front desk), into the feed. */
function reportChanges(
  practice: Practice,
  bookings: BookingStore,
  patients: PatientStore,
  changes: ChangeFeed,
  now: () => Date,
) {
  const department = (slotId: string) => String(practice.slot(slotId)?.departmentId ?? '');
  const { book, cancel, move } = bookings;
  const appointment = (id: string, eventName: string, rescheduledFrom?: string) =>
    changes.record('appointments', {
      id,
      departmentId: department(id),
      eventName,
      at: now(),
      ...(rescheduledFrom ? { rescheduledFrom } : {}),
    });
  bookings.book = (slot, booking, at) => {
    const booked = book(slot, booking, at);
    if (booked) {
      appointment(slot.id, 'ScheduleAppointment');
    }
    return booked;
  };
  bookings.cancel = (slot, reason, at) => {
    const cancelled = cancel(slot, reason, at);
    if (cancelled) {
      appointment(slot.id, 'CancelAppointment');
    }
    return cancelled;
  };
  bookings.move = (from, to, at) => {
    const moved = move(from, to, at);
    if (moved) {
      appointment(from.id, 'CancelAppointment');
      appointment(to.id, 'RescheduleAppointment', from.id);
    }
    return moved;
  };
  const { create, update } = patients;
  const patient = (id: string, departmentId: string | undefined, eventName: string) =>
    changes.record('patients', { id, departmentId: departmentId ?? '', eventName, at: now() });
  patients.create = (fields) => {
    const created = create(fields);
    patient(created.patientid!, created.departmentid, 'AddPatient');
    return created;
  };
  patients.update = (id, fields) => {
    const updated = update(id, fields);
    if (updated) {
      patient(id, updated.departmentid, 'UpdatePatient');
    }
    return updated;
  };
}
