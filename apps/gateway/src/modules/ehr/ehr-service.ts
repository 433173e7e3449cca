import type {
  AppointmentDetail,
  AppointmentList,
  AppointmentListQuery,
  DepartmentList,
  EhrSource,
  PatientDetail,
  PatientList,
  PatientListQuery,
  PatientWithAppointments,
  PatientWithAppointmentsQuery,
  ProviderList,
  ProviderListQuery,
  ReferringProviderList,
} from '@ehr-gateway/contracts';
import { MAX_RANGE_DAYS } from '@ehr-gateway/contracts';
import { dayNumber } from '@ehr-gateway/synthetic-practice';

import { HttpError, validationError } from '../../lib/http-errors.js';
import type { EhrCallContext, EhrClient } from './ehr-client.js';
import type { ResponseCache } from './response-cache.js';

export type CacheOutcome = 'HIT' | 'MISS' | null;
export interface Cached<T> {
  value: T;
  cache: CacheOutcome;
}

interface Deps {
  mock: EhrClient;
  /** Null when ATHENA_* settings are incomplete. */
  athena: EhrClient | null;
  cache: ResponseCache;
  cacheTtlMs: number;
  cachingEnabled: () => boolean;
  onCacheError?: (error: unknown) => void;
}

export const ATHENA_NOT_CONFIGURED = 'Athena EHR is not configured';

/** Checks an inclusive date range: end defaults to start, is not before it, and spans at most MAX_RANGE_DAYS. */
export function resolveRange(startDate: string, endDate: string | undefined) {
  const end = endDate ?? startDate;
  if (end < startDate) {
    throw validationError('endDate', 'endDate must not be before startDate');
  }
  if (dayNumber(end) - dayNumber(startDate) + 1 > MAX_RANGE_DAYS) {
    throw validationError('endDate', `a date range may span at most ${MAX_RANGE_DAYS} days`);
  }
  return { startDate, endDate: end };
}

const queryKey = (query: Record<string, unknown>) =>
  Object.keys(query)
    .sort()
    .filter((key) => query[key] !== undefined)
    .map((key) => `${key}=${encodeURIComponent(String(query[key]))}`)
    .join('&');

/**
 * The gateway's EHR routes: pick the EHR by source, answer from the cache when caching is on,
 * and invalidate a practice's cached answers when something writes to it.
 */
export function createEhrService({
  mock,
  athena,
  cache,
  cacheTtlMs,
  cachingEnabled,
  onCacheError,
}: Deps) {
  function client(source: EhrSource): EhrClient {
    if (source === 'mock') {
      return mock;
    }
    if (!athena) {
      throw new HttpError(503, ATHENA_NOT_CONFIGURED, 'ATHENA_NOT_CONFIGURED');
    }
    return athena;
  }

  const scopeOf = (source: EhrSource, practiceId: string) => `${source}:${practiceId}`;

  async function read<T>(
    source: EhrSource,
    practiceId: string,
    key: string,
    load: (ehr: EhrClient) => Promise<T>,
  ): Promise<Cached<T>> {
    const ehr = client(source);
    if (!cachingEnabled()) {
      return { value: await load(ehr), cache: null };
    }
    const scope = scopeOf(source, practiceId);
    try {
      const hit = await cache.get(scope, key);
      if (hit !== null) {
        return { value: JSON.parse(hit) as T, cache: 'HIT' };
      }
    } catch (error) {
      // A cache outage costs speed, never the answer.
      onCacheError?.(error);
    }
    const value = await load(ehr);
    try {
      await cache.set(scope, key, JSON.stringify(value), cacheTtlMs);
    } catch (error) {
      onCacheError?.(error);
    }
    return { value, cache: 'MISS' };
  }

  return {
    client,

    async invalidate(source: EhrSource, practiceId: string): Promise<void> {
      try {
        await cache.invalidate(scopeOf(source, practiceId));
      } catch (error) {
        onCacheError?.(error);
      }
    },

    listPatients(
      practiceId: string,
      query: PatientListQuery,
      ctx: EhrCallContext,
    ): Promise<Cached<PatientList>> {
      const { source, ...search } = query;
      return read(source, practiceId, `patients?${queryKey(search)}`, (ehr) =>
        ehr.listPatients(practiceId, search, ctx),
      );
    },

    getPatient(
      practiceId: string,
      patientId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<Cached<PatientDetail>> {
      return read(source, practiceId, `patients/${patientId}`, (ehr) =>
        ehr.getPatient(practiceId, patientId, ctx),
      );
    },

    listAppointments(
      practiceId: string,
      query: AppointmentListQuery,
      ctx: EhrCallContext,
    ): Promise<Cached<AppointmentList>> {
      const range = { ...query, ...resolveRange(query.startDate, query.endDate) };
      const { source, ...search } = range;
      return read(source, practiceId, `appointments?${queryKey(search)}`, (ehr) =>
        ehr.listAppointments(practiceId, search, ctx),
      );
    },

    getAppointment(
      practiceId: string,
      appointmentId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<Cached<AppointmentDetail>> {
      return read(source, practiceId, `appointments/${appointmentId}`, (ehr) =>
        ehr.getAppointment(practiceId, appointmentId, ctx),
      );
    },

    listProviders(
      practiceId: string,
      query: ProviderListQuery,
      ctx: EhrCallContext,
    ): Promise<Cached<ProviderList>> {
      const { source, ...page } = query;
      return read(source, practiceId, `providers?${queryKey(page)}`, (ehr) =>
        ehr.listProviders(practiceId, page, ctx),
      );
    },

    listDepartments(
      practiceId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<Cached<DepartmentList>> {
      return read(source, practiceId, 'departments', (ehr) => ehr.listDepartments(practiceId, ctx));
    },

    listReferringProviders(
      practiceId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<Cached<ReferringProviderList>> {
      return read(source, practiceId, 'referring-providers', (ehr) =>
        ehr.listReferringProviders(practiceId, ctx),
      );
    },

    patientWithAppointments(
      practiceId: string,
      query: PatientWithAppointmentsQuery,
      ctx: EhrCallContext,
    ): Promise<Cached<PatientWithAppointments>> {
      const { startDate, endDate } = resolveRange(query.startDate, query.endDate);
      const key = `patient-with-appointments?${queryKey({ patientId: query.patientId, startDate, endDate })}`;
      return read(query.source, practiceId, key, async (ehr) => {
        const [patient, appointments] = await Promise.all([
          ehr.getPatient(practiceId, query.patientId, ctx),
          ehr.listAppointments(practiceId, { startDate, endDate, patientId: query.patientId }, ctx),
        ]);
        return { patient, ...appointments };
      });
    },
  };
}

export type EhrService = ReturnType<typeof createEhrService>;
