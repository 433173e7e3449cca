import type {
  EhrSource,
  Provider,
  AppointmentDetail,
  AppointmentList,
  AppointmentType,
  DepartmentList,
  OpenSlot,
  PatientDetail,
  PatientList,
  ProviderList,
  ReferringProviderList,
} from '@ehr-gateway/contracts';

export type CacheOutcome = 'HIT' | 'MISS';

/**
 * The EHR answers one voice call has had, reused by its later tool calls (issue 24: a voice agent
 * waits in silence while a tool runs); see call-memo.ts.
 */
export interface CallMemo {
  /** The answer under `key` while it is fresh, else `load`'s (a failed load is not kept). */
  reuse<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets the answers of these kinds (after a write). */
  forget(kinds: ReadonlySet<string>): void;
}

/** What one gateway request passes to an EHR call: its id, and where to report what happened. */
export interface EhrCallContext {
  requestId: string;
  addUpstreamMs?: (ms: number) => void;
  /** Told whether each cached read was answered from the response cache. */
  onCacheOutcome?: (outcome: CacheOutcome) => void;
  /** The practices the caller's API key may use; absent or null for any. */
  allowedPracticeIds?: readonly string[] | null;
  /** A voice call's memo: reads its earlier tool calls made are reused (see call-memo.ts). */
  callMemo?: CallMemo;
}

export interface PatientSearch {
  firstName?: string;
  lastName?: string;
  dob?: string;
  limit: number;
  offset: number;
}

export interface NewPatient {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dob: string;
  sex?: 'M' | 'F';
  email?: string;
  phone?: string;
  city?: string;
  state?: string;
  zip?: string;
  departmentId: string;
}

export interface AppointmentRange {
  startDate: string;
  endDate: string;
  providerId?: string;
  departmentId?: string;
  patientId?: string;
}

export interface SlotSearch {
  departmentId: string;
  appointmentTypeId?: string;
  providerId?: string;
  startDate: string;
  endDate: string;
  limit?: number;
}

/** An open-slot search over several departments, and the providers whose slots are wanted. */
export interface SlotSearchIn {
  departmentIds: readonly string[];
  /** Only these providers' slots; every provider's when absent. */
  providerIds?: readonly string[];
  appointmentTypeId?: string;
  startDate: string;
  endDate: string;
}

/**
 * One EHR system as the gateway sees it: normalized shapes in, normalized shapes out. The Mock
 * EHR, the Athena connector and the FHIR connector implement it; routes and aggregation never know which.
 */
export interface EhrClient {
  readonly source: EhrSource;
  listPatients(
    practiceId: string,
    search: PatientSearch,
    ctx: EhrCallContext,
  ): Promise<PatientList>;
  getPatient(practiceId: string, patientId: string, ctx: EhrCallContext): Promise<PatientDetail>;
  /** Patients matching name and date of birth exactly (case-insensitive names). */
  findPatients(
    practiceId: string,
    identity: { firstName: string; lastName: string; dob: string },
    ctx: EhrCallContext,
  ): Promise<PatientDetail[]>;
  /** Creates a patient, or returns the existing one with the same name and date of birth. */
  createPatient(
    practiceId: string,
    patient: NewPatient,
    ctx: EhrCallContext,
  ): Promise<{ patientId: string; created: boolean }>;
  listAppointments(
    practiceId: string,
    range: AppointmentRange,
    ctx: EhrCallContext,
  ): Promise<AppointmentList>;
  getAppointment(
    practiceId: string,
    appointmentId: string,
    ctx: EhrCallContext,
  ): Promise<AppointmentDetail>;
  listProviders(
    practiceId: string,
    page: { limit: number; offset: number },
    ctx: EhrCallContext,
  ): Promise<ProviderList>;
  listDepartments(practiceId: string, ctx: EhrCallContext): Promise<DepartmentList>;
  listReferringProviders(practiceId: string, ctx: EhrCallContext): Promise<ReferringProviderList>;
  listAppointmentTypes(
    practiceId: string,
    filter: { departmentId?: string },
    ctx: EhrCallContext,
  ): Promise<AppointmentType[]>;
  listOpenSlots(practiceId: string, search: SlotSearch, ctx: EhrCallContext): Promise<OpenSlot[]>;
  /**
   * The open slots of several departments (and providers) in one EHR call, department by
   * department in the order asked; only an EHR that takes lists (athena) offers it (see openSlotsIn).
   */
  listOpenSlotsIn?(
    practiceId: string,
    search: SlotSearchIn,
    ctx: EhrCallContext,
  ): Promise<OpenSlot[]>;
  bookAppointment(
    practiceId: string,
    booking: {
      slotId: string;
      patientId: string;
      appointmentTypeId?: string;
      notes?: string;
      /** The appointment this booking replaces (a reschedule): reported as appointment.rescheduled. */
      rescheduledFrom?: string;
    },
    ctx: EhrCallContext,
  ): Promise<AppointmentDetail>;
  cancelAppointment(
    practiceId: string,
    cancellation: { appointmentId: string; patientId: string; reason?: string },
    ctx: EhrCallContext,
  ): Promise<AppointmentDetail>;
}

/**
 * The call context of a gateway request: its id, upstream time added to its Server-Timing, and the
 * cache outcome (a request is a HIT only if every cached read it made was one).
 */
export function callContextOf(request: {
  id: string;
  upstreamMs?: number;
  cacheOutcome?: CacheOutcome;
  apiKey?: { practiceIds: readonly string[] | null };
}): EhrCallContext {
  return {
    requestId: request.id,
    allowedPracticeIds: request.apiKey?.practiceIds ?? null,
    addUpstreamMs: (ms) => {
      request.upstreamMs = (request.upstreamMs ?? 0) + ms;
    },
    onCacheOutcome: (outcome) => {
      request.cacheOutcome = request.cacheOutcome === 'MISS' ? 'MISS' : outcome;
    },
  };
}

const PROVIDER_PAGE = 500;

/** Every provider of a practice, page by page (the EHR routes themselves answer one page). */
export async function listAllProviders(
  client: EhrClient,
  practiceId: string,
  ctx: EhrCallContext,
): Promise<Provider[]> {
  const providers: Provider[] = [];
  for (let offset = 0; ; offset += PROVIDER_PAGE) {
    const page = await client.listProviders(practiceId, { limit: PROVIDER_PAGE, offset }, ctx);
    providers.push(...page.providers);
    if (page.providers.length < PROVIDER_PAGE || providers.length >= page.totalCount) {
      return providers;
    }
  }
}

/**
 * The open slots of several departments, department by department in the order given: one EHR
 * call where the EHR takes lists, else one call per department, at once (naming the provider
 * when there is one).
 */
export async function openSlotsIn(
  client: EhrClient,
  practiceId: string,
  search: SlotSearchIn,
  ctx: EhrCallContext,
): Promise<OpenSlot[]> {
  const { departmentIds, providerIds, ...rest } = search;
  if (departmentIds.length === 0 || providerIds?.length === 0) {
    return [];
  }
  if (client.listOpenSlotsIn) {
    return client.listOpenSlotsIn(practiceId, search, ctx);
  }
  const providerId = providerIds?.length === 1 ? providerIds[0] : undefined;
  const perDepartment = await Promise.all(
    departmentIds.map((departmentId) =>
      client.listOpenSlots(practiceId, { ...rest, departmentId, providerId }, ctx),
    ),
  );
  return perDepartment.flat();
}
