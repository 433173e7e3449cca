import { forbidden } from '../../lib/http-errors.js';
import type { EhrCallContext, EhrClient } from './ehr-client.js';
import type { ResponseCache } from './response-cache.js';

export interface ResponseCacheOptions {
  cache: ResponseCache;
  ttlMs: number;
  /** Read on every call: the administrator switches caching on and off at run time. */
  enabled: () => boolean;
  onCacheError?: (error: unknown) => void;
}

/** A stable key for a call's arguments: fields in sorted order, undefined ones left out. */
export const queryKey = (query: object): string =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/**
 * An EHR client whose reads are answered from the response cache while caching is on, whose
 * writes make every cached answer of their source and practice unreachable, and which refuses a
 * practice the caller's key is not bound to. Patient matching and
 * open slots are never cached: they decide identities and bookings, where a stale answer costs
 * more than a call.
 */
export function withResponseCache(client: EhrClient, options: ResponseCacheOptions): EhrClient {
  const { cache, ttlMs, enabled, onCacheError } = options;
  const scopeOf = (practiceId: string) => `${client.source}:${practiceId}`;

  /** A key bound to practices reaches no other: refused here, before the cache or the EHR. */
  const assertPracticeAllowed = (practiceId: string, ctx: EhrCallContext) => {
    const allowed = ctx.allowedPracticeIds;
    if (allowed && !allowed.includes(practiceId)) {
      throw forbidden(`This API key may not use practice ${practiceId}`, 'PRACTICE_NOT_ALLOWED');
    }
  };

  async function read<T>(
    practiceId: string,
    key: string,
    ctx: EhrCallContext,
    load: () => Promise<T>,
  ): Promise<T> {
    assertPracticeAllowed(practiceId, ctx);
    if (!enabled()) {
      return load();
    }
    const scope = scopeOf(practiceId);
    try {
      const hit = await cache.get(scope, key);
      if (hit !== null) {
        ctx.onCacheOutcome?.('HIT');
        return JSON.parse(hit) as T;
      }
    } catch (error) {
      // A cache outage costs speed, never the answer.
      onCacheError?.(error);
    }
    const value = await load();
    ctx.onCacheOutcome?.('MISS');
    try {
      await cache.set(scope, key, JSON.stringify(value), ttlMs);
    } catch (error) {
      onCacheError?.(error);
    }
    return value;
  }

  /** Invalidates after failures too: a write that timed out may still have happened upstream. */
  async function write<T>(
    practiceId: string,
    ctx: EhrCallContext,
    run: () => Promise<T>,
  ): Promise<T> {
    assertPracticeAllowed(practiceId, ctx);
    try {
      return await run();
    } finally {
      await cache.invalidate(scopeOf(practiceId)).catch((error: unknown) => onCacheError?.(error));
    }
  }

  return {
    source: client.source,
    listPatients: (practiceId, search, ctx) =>
      read(practiceId, `patients?${queryKey(search)}`, ctx, () =>
        client.listPatients(practiceId, search, ctx),
      ),
    getPatient: (practiceId, patientId, ctx) =>
      read(practiceId, `patients/${patientId}`, ctx, () =>
        client.getPatient(practiceId, patientId, ctx),
      ),
    findPatients: (practiceId, identity, ctx) => {
      assertPracticeAllowed(practiceId, ctx);
      return client.findPatients(practiceId, identity, ctx);
    },
    createPatient: (practiceId, patient, ctx) =>
      write(practiceId, ctx, () => client.createPatient(practiceId, patient, ctx)),
    listAppointments: (practiceId, range, ctx) =>
      read(practiceId, `appointments?${queryKey(range)}`, ctx, () =>
        client.listAppointments(practiceId, range, ctx),
      ),
    getAppointment: (practiceId, appointmentId, ctx) =>
      read(practiceId, `appointments/${appointmentId}`, ctx, () =>
        client.getAppointment(practiceId, appointmentId, ctx),
      ),
    listProviders: (practiceId, page, ctx) =>
      read(practiceId, `providers?${queryKey(page)}`, ctx, () =>
        client.listProviders(practiceId, page, ctx),
      ),
    listDepartments: (practiceId, ctx) =>
      read(practiceId, 'departments', ctx, () => client.listDepartments(practiceId, ctx)),
    listReferringProviders: (practiceId, ctx) =>
      read(practiceId, 'referring-providers', ctx, () =>
        client.listReferringProviders(practiceId, ctx),
      ),
    listAppointmentTypes: (practiceId, filter, ctx) =>
      read(practiceId, `appointment-types?${queryKey(filter)}`, ctx, () =>
        client.listAppointmentTypes(practiceId, filter, ctx),
      ),
    listOpenSlots: (practiceId, search, ctx) => {
      assertPracticeAllowed(practiceId, ctx);
      return client.listOpenSlots(practiceId, search, ctx);
    },
    ...(client.listOpenSlotsIn && {
      listOpenSlotsIn: (practiceId, search, ctx) => {
        assertPracticeAllowed(practiceId, ctx);
        return client.listOpenSlotsIn!(practiceId, search, ctx);
      },
    }),
    bookAppointment: (practiceId, booking, ctx) =>
      write(practiceId, ctx, () => client.bookAppointment(practiceId, booking, ctx)),
    cancelAppointment: (practiceId, cancellation, ctx) =>
      write(practiceId, ctx, () => client.cancelAppointment(practiceId, cancellation, ctx)),
  };
}
