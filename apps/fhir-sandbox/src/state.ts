import { FhirRouter } from '@medplum/fhir-router';

import type { FhirMappingContext } from '@ehr-gateway/fhir-mapping';
import {
  BOOKING_WINDOW_DAYS,
  createPractice,
  DEFAULT_SEED,
  type Practice,
} from '@ehr-gateway/synthetic-practice';

import { createFaults, type Faults } from './faults.js';
import { supportFor, type ResourceSupport, type SandboxProfile } from './fhir/capabilities.js';
import { IndexedMemoryRepository } from './fhir/repository.js';
import { seedRepository, seedWindow, type SeedSummary } from './fhir/seed.js';
import { createAssertionVerifier, type AssertionVerifier } from './smart/assertion.js';
import {
  createClientRegistry,
  type ClientRegistration,
  type ClientRegistry,
} from './smart/clients.js';
import { createTokenStore, type TokenStore } from './smart/tokens.js';
import { createStats, type Stats } from './stats.js';

export interface FhirSandboxOptions {
  /** `generic` follows base R4; `oracle` adds Oracle Health's scheduling rules. */
  profile?: SandboxProfile;
  /** The practice (Organization id) served. */
  practiceId?: string;
  practiceName?: string;
  /** Registered backend-services clients; by default one with a secret and `system/*.cruds`. */
  clients?: ClientRegistration[];
  tokenTtlSeconds?: number;
  /** Seed of the synthetic practice (the Mock EHR's and the athena sandbox's by default). */
  seed?: number;
  /** Days of slots published before and after today. */
  slotDaysPast?: number;
  slotDaysAhead?: number;
  /** `_count` when a search gives none, and the most one page holds. */
  pageSize?: number;
  maxPageSize?: number;
  /** The origin clients reach the server at (links, the token URL the assertion's aud names). */
  publicUrl?: string;
  now?: () => Date;
  logger?: boolean | Record<string, unknown>;
}

export type ResolvedOptions = Required<Omit<FhirSandboxOptions, 'now' | 'logger' | 'publicUrl'>> & {
  publicUrl: string | null;
};

export const DEFAULT_CLIENT: ClientRegistration = {
  clientId: 'fhir-sandbox-client',
  clientSecret: 'fhir-sandbox-secret',
  scopes: ['system/*.cruds'],
};

export const DEFAULT_OPTIONS: ResolvedOptions = {
  profile: 'generic',
  practiceId: '195900',
  practiceName: 'Synthetic Health Partners',
  clients: [DEFAULT_CLIENT],
  tokenTtlSeconds: 600,
  seed: DEFAULT_SEED,
  slotDaysPast: 14,
  slotDaysAhead: BOOKING_WINDOW_DAYS,
  pageSize: 20,
  maxPageSize: 100,
  publicUrl: null,
};

/** The FHIR base path and the token endpoint path, under the server's origin. */
export const FHIR_BASE_PATH = '/fhir/r4';
export const TOKEN_PATH = '/oauth2/token';

export interface SandboxState {
  options: ResolvedOptions;
  now: () => Date;
  support: Record<string, ResourceSupport>;
  practice: Practice;
  /** The system the sandbox's identifiers and appointment-type codes are in. */
  context: FhirMappingContext;
  repository: IndexedMemoryRepository;
  router: FhirRouter;
  clients: ClientRegistry;
  tokens: TokenStore;
  verifyAssertion: AssertionVerifier;
  faults: Faults;
  stats: Stats;
  startedAt: string;
  seeded: () => SeedSummary | null;
  /** Runs writes to slots and appointments one at a time (a check and its write never interleave). */
  serially<T>(work: () => Promise<T>): Promise<T>;
  /** The origin a request reached (publicUrl when set). */
  origin(request: { protocol: string; host: string }): string;
  /** Back to the seed: resources re-seeded from today, counters and faults cleared. */
  reset(): Promise<void>;
}

export function createSandboxState(options: FhirSandboxOptions = {}): SandboxState {
  const resolved: ResolvedOptions = {
    ...DEFAULT_OPTIONS,
    ...stripUndefined(options),
    publicUrl: options.publicUrl ?? null,
  };
  const now = options.now ?? (() => new Date());
  const practice = createPractice({ seed: resolved.seed });
  const repository = new IndexedMemoryRepository();
  const clients = createClientRegistry(resolved.clients);
  const tokens = createTokenStore({ ttlSeconds: resolved.tokenTtlSeconds, now });
  const faults = createFaults();
  const stats = createStats(now);
  const context = { source: 'fhir-sandbox', practiceId: resolved.practiceId };
  let summary: SeedSummary | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const state: SandboxState = {
    options: resolved,
    now,
    support: supportFor(resolved.profile),
    practice,
    context,
    repository,
    router: new FhirRouter(),
    clients,
    tokens,
    verifyAssertion: createAssertionVerifier({ clients, now }),
    faults,
    stats,
    startedAt: now().toISOString(),
    seeded: () => summary,
    serially<T>(work: () => Promise<T>) {
      const run = queue.then(work, work);
      queue = run.catch(() => undefined);
      return run;
    },
    origin: ({ protocol, host }) => resolved.publicUrl ?? `${protocol}://${host}`,
    async reset() {
      repository.clear();
      const window = seedWindow(now(), resolved.slotDaysPast, resolved.slotDaysAhead);
      summary = await seedRepository(repository, {
        practice,
        context,
        practiceName: resolved.practiceName,
        window,
        now: now(),
      });
      faults.clear();
      tokens.setTtlSeconds(resolved.tokenTtlSeconds);
      stats.reset();
    },
  };
  return state;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
