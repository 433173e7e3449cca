import { createPractice, DEFAULT_SEED, type Practice } from '@ehr-gateway/synthetic-practice';

import { createBookingStore, type BookingStore } from './booking-store.js';
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
  const faults = createFaults();
  const stats = createStats(now);
  return {
    options: resolved,
    now,
    practice,
    schedule,
    patients,
    bookings,
    tokens,
    faults,
    stats,
    reset() {
      patients.reset();
      bookings.reset();
      faults.clear();
      tokens.setLimitPerMinute(resolved.tokenLimitPerMinute);
      tokens.resetWindow();
      stats.reset();
    },
  };
}
