import type { Appointment as FhirAppointment, Patient as FhirPatient } from '@medplum/fhirtypes';

import { appointmentFromFhir, patientFromFhir } from '@ehr-gateway/fhir-mapping';

import type { ObservedChangeRecorder } from '../athena/athena-change-feed.js';
import { OWN_CHANGE_LOOKBACK_MS } from '../athena/athena-change-feed.js';
import type { EhrWriteChange } from '../change-reporting.js';
import type { ChangeWatermarkStore } from '../change-watermarks.js';
import type { FhirSearch } from './fhir-search.js';

/** The resources whose changes become webhook events. */
const POLLED = ['Appointment', 'Patient'] as const;
type PolledType = (typeof POLLED)[number];
/** Long enough for a slow server's paging; a crashed poller's lease runs out after this. */
const LEASE_MS = 5 * 60_000;

/** What a version of an appointment the search found became. */
export function appointmentChangeOf(resource: FhirAppointment): {
  type: Extract<EhrWriteChange, { kind: 'appointment' }>['type'];
  changes: string[];
} {
  if (resource.status === 'cancelled') {
    return { type: 'appointment.cancelled', changes: ['status'] };
  }
  // FHIR does not say which element a version changed, and version ids need not count from 1
  // (Medplum's are UUIDs): a booked appointment that changed is reported as booked.
  if (resource.status === 'booked') {
    return { type: 'appointment.booked', changes: ['status', 'patientId'] };
  }
  return { type: 'appointment.updated', changes: [] };
}

/** One version of one resource: what the overlap window must not report twice. */
const versionKey = (resource: FhirAppointment | FhirPatient) =>
  `${resource.resourceType}/${resource.id}/${resource.meta?.versionId ?? resource.meta?.lastUpdated}`;

const lastUpdatedOf = (resource: FhirAppointment | FhirPatient) =>
  Date.parse(resource.meta?.lastUpdated ?? '');

export interface FhirChangePollOptions {
  search: Pick<FhirSearch, 'all' | 'declaresSearchParam'>;
  practiceId: string;
  store: ChangeWatermarkStore;
  record: ObservedChangeRecorder;
  /** How far back each search reaches before the watermark (changes stored late, same ms). */
  overlapMs: number;
  log: { warn: (message: string) => void };
  now?: () => Date;
}

/**
 * A FHIR EHR's changes made elsewhere, as webhook events: `Appointment` and `Patient` searches
 * with `_lastUpdated=gt<watermark − overlap>` through every `next` link. The watermark (the newest
 * `meta.lastUpdated` seen) is kept per practice in the database; versions already reported inside
 * the overlap are remembered beside it, so a change stored in the same millisecond as the last one
 * seen is found and none is reported twice. The gateway's own writes, reported back, are dropped
 * by the athena feed's rule (`record`). The first poll only fixes the starting point.
 */
export function createFhirChangePoll(options: FhirChangePollOptions) {
  const { search, practiceId, store, record, overlapMs, log, now = () => new Date() } = options;
  let problem: string | null = null;

  /** The polled types the server can search by `_lastUpdated`; says once when one cannot be. */
  async function searchable(ctx: { requestId: string }): Promise<PolledType[]> {
    const types: PolledType[] = [];
    for (const type of POLLED) {
      if (await search.declaresSearchParam(type, '_lastUpdated', ctx)) {
        types.push(type);
      }
    }
    const missing = POLLED.filter((type) => !types.includes(type));
    const found = missing.length
      ? `The FHIR EHR's CapabilityStatement does not declare the _lastUpdated search on ${missing.join(' and ')}: changes made there outside the gateway do not become webhook events`
      : null;
    if (found && found !== problem) {
      log.warn(found);
    }
    problem = found;
    return types;
  }

  function changeOf(type: PolledType, resource: FhirAppointment | FhirPatient) {
    const base = { source: 'fhir' as const, practiceId };
    if (type === 'Appointment') {
      const detail = appointmentFromFhir(resource as FhirAppointment);
      return detail.ok
        ? ({
            ...base,
            kind: 'appointment',
            appointment: detail.value,
            ...appointmentChangeOf(resource as FhirAppointment),
          } satisfies EhrWriteChange)
        : null;
    }
    const patient = patientFromFhir(resource as FhirPatient);
    return patient.ok
      ? ({
          ...base,
          kind: 'patient',
          type: resource.meta?.versionId === '1' ? 'patient.registered' : 'patient.updated',
          patientId: patient.value.id,
          patient: patient.value,
          changes: [],
        } satisfies EhrWriteChange)
      : null;
  }

  /**
   * Records what changed after `watermark` less the overlap; answers the events written and where
   * the poll got to. With `report` false it only notes what it saw: the first poll fixes its
   * starting point that way, so the overlap of the next poll does not report what came before it.
   */
  async function collect(types: PolledType[], watermark: Date, seen: Set<string>, report = true) {
    const ctx = { requestId: `fhir-changes-${now().getTime()}` };
    const from = new Date(watermark.getTime() - overlapMs).toISOString();
    const since = new Date(now().getTime() - OWN_CHANGE_LOOKBACK_MS);
    const found: Array<{ key: string; at: number }> = [];
    let recorded = 0;
    for (const type of types) {
      for (const resource of await search.all<FhirAppointment | FhirPatient>(
        type,
        // Oldest first: a search cut short at the page limit leaves the rest for the next poll.
        [
          ['_lastUpdated', `gt${from}`],
          ['_sort', '_lastUpdated'],
        ],
        ctx,
      )) {
        const key = versionKey(resource);
        found.push({ key, at: lastUpdatedOf(resource) });
        const change = seen.has(key) || !report ? null : changeOf(type, resource);
        seen.add(key);
        if (change) {
          recorded += Number(await record(change, since));
        }
      }
    }
    const newest = Math.max(watermark.getTime(), ...found.map(({ at }) => at || 0));
    const inOverlap = found.filter(({ at }) => at > newest - overlapMs).map(({ key }) => key);
    return { recorded, watermark: new Date(newest), seen: [...new Set(inOverlap)] };
  }

  return {
    /** One round; answers how many events were written. */
    async poll(): Promise<number> {
      const types = await searchable({ requestId: `fhir-changes-${now().getTime()}` });
      if (!types.length) {
        return 0;
      }
      const claimed = await store.claim(practiceId, now(), LEASE_MS);
      if (!claimed) {
        return 0;
      }
      try {
        if (!claimed.watermark) {
          const start = await collect(types, now(), new Set(), false);
          await store.save(practiceId, start, now());
          return 0;
        }
        const next = await collect(types, claimed.watermark, new Set(claimed.seen));
        await store.save(practiceId, next, now());
        return next.recorded;
      } catch (error) {
        await store.release(practiceId);
        throw error;
      }
    },
    /** Why changes are not (all) polled; null when both searches are. */
    problem: () => problem,
  };
}
