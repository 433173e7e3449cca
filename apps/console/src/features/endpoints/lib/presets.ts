import {
  EHR_SOURCES,
  type CreatePatientWithAppointmentBody,
  type EhrSource,
  type SmartSchedulingBody,
  type TestEchoBody,
  type VoiceConfigQueryBody,
} from '@ehr-gateway/contracts';
import type { z } from 'zod';

import { sampleCallerRequest } from '@ehr-gateway/synthetic-practice';

import { fhirPresets } from './fhir-presets';
import { DEFAULT_TENANT_ID, isoDate, nextSampleClinicDay, SAMPLE_PATIENT } from './samples';
import { IDEMPOTENCY_KEY_HEADER } from './send-test-request';

export const CATEGORIES = [
  'Standard',
  'FHIR R4',
  'Voice Config',
  'Custom Aggregation',
  'Utility',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Preset {
  id: string;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path on the gateway, without origin or query string. */
  path: string;
  params: Record<string, string>;
  body?: unknown;
  /**
   * What changes each time the preset is chosen, so choosing it twice works twice: a unique name
   * where names must be unique, a fresh Idempotency-Key for a write that must not happen twice.
   */
  prepare?: () => PreparedPreset;
}

/** What a preset fills in when chosen; `notice` says what the user must do first. */
export interface PreparedPreset {
  body?: unknown;
  headers?: Record<string, string>;
  /** Replaces `path` (e.g. an id only an earlier answer knows). */
  path?: string;
  notice?: string;
}

/** A short random suffix: enough to keep names apart, short enough to read. */
const uniqueSuffix = () => crypto.randomUUID().slice(0, 6);

/**
 * The EHRs a preset can ask, for routes that take `source`: every EHR source (contracts), the
 * Mock EHR first since it answers without any set-up.
 */
export type PresetSource = EhrSource;
export const PRESET_SOURCES: readonly PresetSource[] = [
  'mock',
  ...EHR_SOURCES.filter((source) => source !== 'mock'),
];

/** Categories whose presets call routes that take `source`. */
export const SOURCE_CATEGORIES: readonly Category[] = ['Standard', 'FHIR R4', 'Custom Aggregation'];

export interface PresetContext {
  apiRoot: string;
  /** The gateway config's practice: the Mock EHR's. */
  practiceId: string;
  /** The EHR presets ask where the route takes `source` (default: the Mock EHR). */
  source?: PresetSource;
  /** athena's practice (ATHENA_PRACTICE_ID), when athena is configured. */
  athenaPracticeId?: string | null;
  /** The FHIR EHR's practice (FHIR_PRACTICE_ID), when it is configured. */
  fhirPracticeId?: string | null;
  today?: Date;
}

/** The practice a source's presets ask: its own where configured, else the gateway config's. */
export function practiceOf(context: PresetContext, source: PresetSource): string {
  const own = { mock: null, athena: context.athenaPracticeId, fhir: context.fhirPracticeId };
  return own[source] ?? context.practiceId;
}

const ENTITY_QUERY = {
  locations: 'Downtown',
  departments: 'Pediatrics',
  providers: 'Wilson',
};

/** The body of the healthcare-entity tool in Vapi's current tool-calls format. */
export function toolCallBody() {
  return {
    message: {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'call_1',
          type: 'function',
          function: {
            name: 'query_healthcare_entities',
            arguments: {
              tenant_id: DEFAULT_TENANT_ID,
              query: ENTITY_QUERY,
              match_type: 'partial',
              limit_per_entity: 5,
            },
          },
        },
      ],
    },
  };
}

/** The same query in the legacy function-call format. */
export function legacyFunctionCallBody() {
  return {
    message: {
      type: 'function-call',
      functionCall: {
        name: 'query_healthcare_entities',
        parameters: {
          tenant_id: DEFAULT_TENANT_ID,
          query: ENTITY_QUERY,
          match_type: 'partial',
          limit_per_entity: 10,
        },
      },
    },
  };
}

export function crossEntityQueryBody() {
  return {
    tenant_id: DEFAULT_TENANT_ID,
    query: ENTITY_QUERY,
    options: {
      include_relations: true,
      limit_per_entity: 10,
      case_sensitive: false,
      match_type: 'partial',
    },
  } satisfies z.input<typeof VoiceConfigQueryBody>;
}

export function smartSchedulingBody(practiceId: string, source: PresetSource = 'mock') {
  return {
    messages: [
      {
        role: 'user',
        // A visit the sample patient's department offers every week (pediatric mornings are well
        // child visits), so a fresh gateway answers with open slots and can proceed to book.
        content: sampleCallerRequest(),
      },
    ],
    practiceId,
    tenantId: DEFAULT_TENANT_ID,
    source,
    patientInfo: {
      firstName: SAMPLE_PATIENT.firstname,
      lastName: SAMPLE_PATIENT.lastname,
      dob: SAMPLE_PATIENT.dob,
    },
  } satisfies z.input<typeof SmartSchedulingBody>;
}

export function patientWithAppointmentBody(today: Date = new Date()) {
  return {
    patient: {
      firstname: SAMPLE_PATIENT.firstname,
      lastname: SAMPLE_PATIENT.lastname,
      dob: SAMPLE_PATIENT.dob,
      email: 'linda.wright43@example.com',
      sex: 'F',
      city: 'Chicago',
      state: 'IL',
      zip: '60675',
      departmentid: SAMPLE_PATIENT.departmentid,
    },
    appointment: {
      appointmentTypeId: SAMPLE_PATIENT.appointmenttypeid,
      departmentId: SAMPLE_PATIENT.departmentid,
      providerId: SAMPLE_PATIENT.providerid,
      date: nextSampleClinicDay(today),
    },
  } satisfies z.input<typeof CreatePatientWithAppointmentBody>;
}

export const TEST_ECHO_BODY = {
  message: 'Hello from the API tester',
  data: { source: 'console' },
} satisfies z.input<typeof TestEchoBody>;

/** Trims trailing slashes so `/api/` and `/api` give the same paths. */
function root(apiRoot: string) {
  const trimmed = apiRoot.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function patientsPath({ apiRoot, practiceId }: PresetContext) {
  return `${root(apiRoot)}/${encodeURIComponent(practiceId)}/patients`;
}

/** The EHR's own resources at the chosen practice. */
function standardPresets(base: string, source: PresetSource, today: Date): Preset[] {
  return [
    get('patients', 'Get Patients', `${base}/patients`, { source }),
    get('appointments', 'Get Appointments', `${base}/appointments`, {
      source,
      startDate: isoDate(today),
    }),
    get('providers', 'Get Providers', `${base}/providers`, { source }),
    get('departments', 'Get Departments', `${base}/departments`, { source }),
    get('referring-providers', 'Get Referring Providers', `${base}/referring-providers`, {
      source,
    }),
  ];
}

/** The voice agent's configuration, and the tool its assistant calls. */
function voiceConfigPresets(): Preset[] {
  const tenant = { tenantId: String(DEFAULT_TENANT_ID) };
  return [
    get('vc-tenants', 'Get Tenants', '/voice-config/tenants'),
    get('vc-departments', 'Get Departments', '/voice-config/departments', tenant),
    get('vc-appointment-types', 'Get Appointment Types', '/voice-config/appointment-types'),
    get('vc-providers', 'Get Providers', '/voice-config/providers'),
    get('vc-ehr-departments', 'Get EHR Departments', '/voice-config/ehr/departments'),
    get(
      'vc-ehr-appointment-types',
      'Get EHR Appointment Types',
      '/voice-config/ehr/appointment-types',
    ),
    get('vc-ehr-providers', 'Get EHR Providers', '/voice-config/ehr/providers'),
    get('vc-global-get', 'Get Global Config', '/voice-config/global-config/greeting'),
    post('vc-global-set', 'Set Global Config', '/voice-config/global-config', {
      key: 'greeting',
      value: 'Thank you for calling Demo Health Network.',
    }),
    {
      ...post('vc-tenant-create', 'Create Tenant', '/voice-config/tenants', {
        name: 'New Clinic Network',
      }),
      // Tenant names are unique: each choice of the preset gets its own.
      prepare: () => ({ body: { name: `New Clinic Network ${uniqueSuffix()}` } }),
    },
    post('vc-query', 'Cross-Entity Query', '/voice-config/query', crossEntityQueryBody()),
    post(
      'tool-legacy',
      'Voice Assistant Tool (legacy format)',
      '/llm/tools/query-healthcare-entities',
      legacyFunctionCallBody(),
    ),
    post(
      'tool-new',
      'Voice Assistant Tool (new format)',
      '/llm/tools/query-healthcare-entities',
      toolCallBody(),
    ),
  ];
}

/** Answers built from several EHR calls, for the sample patient. */
function aggregationPresets(source: PresetSource, practiceId: string, today: Date): Preset[] {
  const patient = {
    firstname: SAMPLE_PATIENT.firstname,
    lastname: SAMPLE_PATIENT.lastname,
    dob: SAMPLE_PATIENT.dob,
  };
  return [
    get(
      'agg-department-providers',
      'Department-Provider Mapping',
      '/aggregate/department-providers',
      {
        source,
      },
    ),
    get('agg-appointment-types', 'Appointment Types', '/aggregate/appointment-types', {
      source,
      departmentid: SAMPLE_PATIENT.departmentid,
    }),
    get('agg-open-slots', 'Patient Open Slots', '/aggregate/patient-open-slots', {
      source,
      appointmenttypeid: SAMPLE_PATIENT.appointmenttypeid,
      ...patient,
    }),
    get('agg-patient-provider', 'Patient Provider with Department', '/aggregate/patient-provider', {
      source,
      ...patient,
    }),
    {
      ...post(
        'agg-patient-appointment',
        'Create Patient with Appointment',
        '/aggregate/patient-with-appointment',
        patientWithAppointmentBody(today),
        { source },
      ),
      // Sending it again with the same key replays the first answer instead of booking twice.
      prepare: () => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } }),
    },
    post(
      'agg-smart-scheduling',
      'Smart Scheduling',
      '/aggregate/smart-scheduling',
      smartSchedulingBody(practiceId, source),
    ),
  ];
}

function utilityPresets(): Preset[] {
  return [
    get('util-dob', 'DOB Validation', '/utility/validate-dob', { dob: '1985-07-14' }),
    get('util-datetime', 'Datetime Helper', '/utility/datetime', {
      format: 'yyyy-MM-dd HH:mm',
    }),
    get('util-cors', 'CORS Check', '/utility/cors-check'),
    post('util-test', 'Test Endpoint', '/utility/test', TEST_ECHO_BODY),
  ];
}

/**
 * Presets per category. Routes that take `source` ask the chosen EHR (the Mock EHR by default, so
 * they answer without athena set up), at that EHR's practice.
 */
export function presetsFor(category: Category, context: PresetContext): Preset[] {
  const source = context.source ?? 'mock';
  const practiceId = practiceOf(context, source);
  const base = `${root(context.apiRoot)}/${encodeURIComponent(practiceId)}`;
  const today = context.today ?? new Date();
  switch (category) {
    case 'Standard':
      return standardPresets(base, source, today);
    case 'FHIR R4':
      // The FHIR face at the chosen EHR and practice: discover, find, book, cancel.
      return fhirPresets(source, practiceId, today);
    case 'Voice Config':
      return voiceConfigPresets();
    case 'Custom Aggregation':
      return aggregationPresets(source, practiceId, today);
    case 'Utility':
      return utilityPresets();
  }
}

function get(id: string, name: string, path: string, params: Record<string, string> = {}): Preset {
  return { id, name, method: 'GET', path, params };
}

function post(
  id: string,
  name: string,
  path: string,
  body: unknown,
  params: Record<string, string> = {},
): Preset {
  return { id, name, method: 'POST', path, params, body };
}
