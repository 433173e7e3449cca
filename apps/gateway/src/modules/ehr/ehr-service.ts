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
import { dayNumber } from '@ehr-gateway/calendar';

import { HttpError, validationError } from '../../lib/http-errors.js';
import { withCallMemo } from './call-memo.js';
import { withResponseCache, type ResponseCacheOptions } from './cached-client.js';
import { withChangeEvents, type ChangeOutbox, type DurableWrite } from './change-reporting.js';
import type { EhrCallContext, EhrClient } from './ehr-client.js';

interface Deps extends ResponseCacheOptions {
  mock: EhrClient;
  /** Null when ATHENA_* settings are incomplete. */
  athena: EhrClient | null;
  /** Null when FHIR_* settings are incomplete. */
  fhir: EhrClient | null;
  /** The practice each EHR serves when a caller names none. */
  practiceIdFor: (source: EhrSource) => string;
  /**
   * Where every write an EHR took is reported (the webhooks outbox) and how durably for each EHR;
   * absent, writes are not reported.
   */
  reporting?: { outbox: ChangeOutbox; durableFor: (client: EhrClient) => DurableWrite };
}

/** The spec's words first, then what to do about it. */
export const ATHENA_NOT_CONFIGURED =
  'Athena EHR is not configured: set ATHENA_BASE_URL, ATHENA_CLIENT_ID, ATHENA_CLIENT_SECRET and ATHENA_PRACTICE_ID (docs/operations.md), or call with source=mock for the Mock EHR';

export const FHIR_NOT_CONFIGURED =
  'FHIR EHR is not configured: set FHIR_BASE_URL, FHIR_CLIENT_ID, FHIR_PRIVATE_KEY or FHIR_CLIENT_SECRET, and FHIR_PRACTICE_ID (docs/fhir.md), or call with source=mock for the Mock EHR';

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

/**
 * The one way into the EHRs: `forSource` picks the EHR, wrapped by the response cache. The other
 * methods answer the gateway's EHR routes.
 */
export function createEhrService({
  mock,
  athena,
  fhir,
  practiceIdFor,
  reporting,
  ...cacheOptions
}: Deps) {
  const wrap = (client: EhrClient) => {
    // Inside the cache, so a practice the key may not use is refused before any intent is written.
    const reported = reporting
      ? withChangeEvents(client, reporting.durableFor(client), reporting.outbox)
      : client;
    // Outermost: a voice call's repeated read costs neither the cache nor the EHR.
    return withCallMemo(withResponseCache(reported, cacheOptions));
  };
  const mockClient = wrap(mock);
  const athenaClient = athena ? wrap(athena) : null;
  const fhirClient = fhir ? wrap(fhir) : null;

  function forSource(source: EhrSource): EhrClient {
    switch (source) {
      case 'mock':
        return mockClient;
      case 'athena':
        if (!athenaClient) {
          throw new HttpError(503, ATHENA_NOT_CONFIGURED, 'ATHENA_NOT_CONFIGURED');
        }
        return athenaClient;
      case 'fhir':
        if (!fhirClient) {
          throw new HttpError(503, FHIR_NOT_CONFIGURED, 'FHIR_NOT_CONFIGURED');
        }
        return fhirClient;
    }
  }

  return {
    forSource,
    practiceIdFor,

    listPatients(
      practiceId: string,
      { source, ...search }: PatientListQuery,
      ctx: EhrCallContext,
    ): Promise<PatientList> {
      return forSource(source).listPatients(practiceId, search, ctx);
    },

    getPatient(
      practiceId: string,
      patientId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<PatientDetail> {
      return forSource(source).getPatient(practiceId, patientId, ctx);
    },

    listAppointments(
      practiceId: string,
      { source, ...query }: AppointmentListQuery,
      ctx: EhrCallContext,
    ): Promise<AppointmentList> {
      const range = { ...query, ...resolveRange(query.startDate, query.endDate) };
      return forSource(source).listAppointments(practiceId, range, ctx);
    },

    getAppointment(
      practiceId: string,
      appointmentId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<AppointmentDetail> {
      return forSource(source).getAppointment(practiceId, appointmentId, ctx);
    },

    listProviders(
      practiceId: string,
      { source, ...page }: ProviderListQuery,
      ctx: EhrCallContext,
    ): Promise<ProviderList> {
      return forSource(source).listProviders(practiceId, page, ctx);
    },

    listDepartments(
      practiceId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<DepartmentList> {
      return forSource(source).listDepartments(practiceId, ctx);
    },

    listReferringProviders(
      practiceId: string,
      source: EhrSource,
      ctx: EhrCallContext,
    ): Promise<ReferringProviderList> {
      return forSource(source).listReferringProviders(practiceId, ctx);
    },

    async patientWithAppointments(
      practiceId: string,
      query: PatientWithAppointmentsQuery,
      ctx: EhrCallContext,
    ): Promise<PatientWithAppointments> {
      const { startDate, endDate } = resolveRange(query.startDate, query.endDate);
      const ehr = forSource(query.source);
      const [patient, appointments] = await Promise.all([
        ehr.getPatient(practiceId, query.patientId, ctx),
        ehr.listAppointments(practiceId, { startDate, endDate, patientId: query.patientId }, ctx),
      ]);
      return { patient, ...appointments };
    },
  };
}

export type EhrService = ReturnType<typeof createEhrService>;
