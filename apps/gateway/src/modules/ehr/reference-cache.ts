import { LRUCache } from 'lru-cache';

import type { EhrClient } from './ehr-client.js';

/**
 * How long a practice's reference data (departments, providers, visit types) is reused across
 * calls: long enough that a phone call's tools and the calls after it skip athena, short enough
 * that a provider or visit type added in the EHR is offered within minutes.
 */
export const REFERENCE_TTL_MS = 5 * 60_000;
/** Answers kept at once (a practice has a handful: departments, provider pages, types per department). */
export const REFERENCE_MAX_ENTRIES = 500;

/**
 * Reference data of a practice (athena's or a FHIR EHR's directory), shared by every call of this
 * process: no PHI, bounded in number and age, keyed by practice. Concurrent askers share one
 * upstream call; a failed call is not kept, so the next asker tries again.
 */
export function createReferenceCache({
  ttlMs = REFERENCE_TTL_MS,
  max = REFERENCE_MAX_ENTRIES,
  now = Date.now,
}: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const entries = new LRUCache<string, { value: Promise<unknown> }>({
    max,
    ttl: ttlMs,
    // Every read asks the clock, so an injected clock is obeyed exactly.
    perf: { now },
    ttlResolution: 0,
  });

  return {
    reuse<T>(practiceId: string, key: string, load: () => Promise<T>): Promise<T> {
      const id = `${practiceId}|${key}`;
      const hit = entries.get(id);
      if (hit) {
        return hit.value as Promise<T>;
      }
      const entry = { value: load() };
      entries.set(id, entry);
      entry.value.catch(() => {
        if (entries.get(id) === entry) {
          entries.delete(id);
        }
      });
      return entry.value;
    },
  };
}

export type ReferenceCache = ReturnType<typeof createReferenceCache>;

/**
 * An athena client whose providers and visit types are read through the practice's reference
 * cache (its departments already are, inside the connector). Every other call passes through.
 */
export function withReferenceCache(client: EhrClient, reference: ReferenceCache): EhrClient {
  return {
    ...client,
    listProviders: (practiceId, page, ctx) =>
      reference.reuse(practiceId, `providers?${page.limit}&${page.offset}`, () =>
        client.listProviders(practiceId, page, ctx),
      ),
    listAppointmentTypes: (practiceId, filter, ctx) =>
      reference.reuse(practiceId, `appointment-types?${filter.departmentId ?? ''}`, () =>
        client.listAppointmentTypes(practiceId, filter, ctx),
      ),
  };
}
