import type { Location, Practitioner, PractitionerRole, Schedule } from '@medplum/fhirtypes';

import type { EhrCallContext } from '../ehr-client.js';
import { createReferenceCache, type ReferenceCache } from '../reference-cache.js';
import type { FhirSearch } from './fhir-search.js';

/**
 * The FHIR EHR's directory (practitioners, their roles, locations, schedules), read through the
 * practice's reference cache: a Slot search, the FHIR face's `_include` and a phone call's tools
 * ask for the same few lists many times a minute, and they change on an administrator's time.
 */
export function createFhirDirectory(
  search: FhirSearch,
  practiceId: string,
  reference: ReferenceCache = createReferenceCache(),
) {
  const list = <T extends Practitioner | PractitionerRole | Location | Schedule>(
    type: T['resourceType'],
    query: Array<[string, string]>,
    ctx: EhrCallContext,
  ) =>
    reference.reuse(practiceId, `${type}?${new URLSearchParams(query).toString()}`, () =>
      search.all<T>(type, query, ctx),
    );

  return {
    practitioners: (ctx: EhrCallContext) => list<Practitioner>('Practitioner', [], ctx),
    /** Roles add specialties; a server without PractitionerRole still has practitioners. */
    roles: (ctx: EhrCallContext) =>
      list<PractitionerRole>('PractitionerRole', [], ctx).catch(() => []),
    locations: (ctx: EhrCallContext) => list<Location>('Location', [], ctx),

    /** The schedules of a department (and provider), found through their actors. */
    async schedules(
      { departmentId, providerId }: { departmentId?: string; providerId?: string },
      ctx: EhrCallContext,
    ): Promise<Schedule[]> {
      const actor = providerId
        ? `Practitioner/${providerId}`
        : departmentId && `Location/${departmentId}`;
      const schedules = await list<Schedule>('Schedule', actor ? [['actor', actor]] : [], ctx);
      return schedules.filter(
        (s) => !departmentId || s.actor?.some((a) => a.reference === `Location/${departmentId}`),
      );
    },
  };
}

export type FhirDirectory = ReturnType<typeof createFhirDirectory>;
