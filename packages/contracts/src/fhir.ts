/**
 * The gateway's FHIR R4 face (`/fhir/r4/{source}/{practiceId}`): what it serves, declared once.
 * The gateway registers its routes from FHIR_RESOURCES and generates its CapabilityStatement from
 * the same table, so the statement cannot claim what the server does not do; the console documents
 * the face from it.
 */

/** The FHIR base path; each EHR and practice has its own base under it. */
export const FHIR_BASE_PREFIX = '/fhir/r4';

/** A FHIR base URL's path for one EHR and practice. */
export const fhirBasePath = (source: string, practiceId: string) =>
  `${FHIR_BASE_PREFIX}/${source}/${practiceId}`;

export const FHIR_VERSION = '4.0.1';

export const FHIR_CONTENT_TYPES = {
  /** What every FHIR answer is sent as. */
  fhirJson: 'application/fhir+json',
  /** Accepted in Accept and Content-Type as a synonym. */
  json: 'application/json',
  /** A PATCH body (RFC 6902). */
  jsonPatch: 'application/json-patch+json',
} as const;

/** `_format` values that mean JSON (anything else is answered 406: XML is not offered). */
export const FHIR_JSON_FORMATS = ['json', FHIR_CONTENT_TYPES.json, FHIR_CONTENT_TYPES.fhirJson];

/** Search results per page: `_count` defaults to this… */
export const FHIR_COUNT_DEFAULT = 20;
/** …and is capped at this. */
export const FHIR_COUNT_MAX = 100;

/** The parameter a `next` link carries its opaque cursor in. */
export const FHIR_CURSOR_PARAM = '_cursor';

export type FhirSearchParamType = 'token' | 'string' | 'date' | 'reference' | 'special';

export interface FhirSearchParamDeclaration {
  name: string;
  type: FhirSearchParamType;
  /** The canonical SearchParameter it implements. */
  definition: string;
  documentation: string;
}

export type FhirInteraction = 'read' | 'search-type' | 'create' | 'update' | 'patch';

export interface FhirResourceDeclaration {
  interactions: readonly FhirInteraction[];
  searchParams: readonly FhirSearchParamDeclaration[];
  /** `_include` values the search honours. */
  searchInclude?: readonly string[];
  /** What the resource stands for at the EHR, for the docs. */
  summary: string;
}

const base = (resource: string, code: string) =>
  `http://hl7.org/fhir/SearchParameter/${resource}-${code}`;

const param = (
  name: string,
  type: FhirSearchParamType,
  definition: string,
  documentation: string,
): FhirSearchParamDeclaration => ({ name, type, definition, documentation });

const idParam = param(
  '_id',
  'token',
  base('Resource', 'id'),
  'The resource id (comma for any of several)',
);

export const FHIR_RESOURCES = {
  Patient: {
    summary: "The EHR's patients (US Core Patient)",
    interactions: ['read', 'search-type'],
    searchParams: [
      idParam,
      param(
        'identifier',
        'token',
        base('Patient', 'identifier'),
        'The EHR patient id (`system|value` or `value`)',
      ),
      param('name', 'string', base('Patient', 'name'), 'Starts a given or family name'),
      param('family', 'string', base('individual', 'family'), 'Starts the family name'),
      param('given', 'string', base('individual', 'given'), 'Starts the given name'),
      param(
        'birthdate',
        'date',
        base('individual', 'birthdate'),
        'Date of birth (eq, ge, gt, le, lt); with a name, the usual identity search',
      ),
      param(
        'phone',
        'token',
        base('individual', 'phone'),
        'A phone number (digits compared); needs a name, family, given or birthdate with it',
      ),
    ],
  },
  Practitioner: {
    summary: "The practice's providers (US Core Practitioner)",
    interactions: ['read', 'search-type'],
    searchParams: [
      idParam,
      param(
        'name',
        'string',
        base('Practitioner', 'name'),
        'Starts a given, family or display name',
      ),
      param(
        'identifier',
        'token',
        base('Practitioner', 'identifier'),
        'The NPI or the EHR provider id',
      ),
    ],
  },
  Location: {
    summary: "The practice's departments (US Core Location)",
    interactions: ['read', 'search-type'],
    searchParams: [
      idParam,
      param('name', 'string', base('Location', 'name'), 'Starts the department name'),
      param('address', 'string', base('Location', 'address'), 'Starts any part of the address'),
      param('address-city', 'string', base('Location', 'address-city'), 'Starts the city'),
      param('address-state', 'string', base('Location', 'address-state'), 'Starts the state'),
      param(
        'address-postalcode',
        'string',
        base('Location', 'address-postalcode'),
        'Starts the postal code',
      ),
    ],
  },
  Organization: {
    summary: 'The practice itself (US Core Organization); its id is the practice id',
    interactions: ['read'],
    searchParams: [],
  },
  Schedule: {
    summary: 'One per provider and department (actor = Practitioner and Location)',
    interactions: ['read', 'search-type'],
    searchParams: [
      idParam,
      param('actor', 'reference', base('Schedule', 'actor'), 'Practitioner/{id} or Location/{id}'),
    ],
  },
  Slot: {
    summary: 'Open appointment slots (status free)',
    interactions: ['read', 'search-type'],
    searchInclude: ['Slot:schedule'],
    searchParams: [
      param('schedule', 'reference', base('Slot', 'schedule'), 'Schedule/{id}'),
      param('status', 'token', base('Slot', 'status'), 'free (open slots); busy answers none'),
      param(
        'start',
        'date',
        base('Slot', 'start'),
        'ge, gt, le, lt, repeatable; by default the next 7 days, at most 31 days. A date without a time is that day in UTC (ge2026-03-02 = from 2026-03-02T00:00:00Z); add a time and offset for local days',
      ),
      param(
        'appointment-type',
        'token',
        base('Slot', 'appointment-type'),
        'The EHR appointment type id',
      ),
      param(
        'service-type',
        'token',
        base('Slot', 'service-type'),
        'The EHR appointment type id (as appointment-type)',
      ),
    ],
  },
  Appointment: {
    summary: 'Booked appointments; book with POST (a Slot and a Patient), cancel with PATCH or PUT',
    interactions: ['read', 'search-type', 'create', 'update', 'patch'],
    searchParams: [
      param('patient', 'reference', base('Appointment', 'patient'), 'Patient/{id}'),
      param(
        'date',
        'date',
        base('clinical', 'date'),
        'ge, gt, le, lt; by default 30 days back to 60 ahead, at most 90 days. A date without a time is that day in UTC',
      ),
      param(
        'status',
        'token',
        base('Appointment', 'status'),
        'booked, cancelled, checked-in, fulfilled',
      ),
      param('practitioner', 'reference', base('Appointment', 'practitioner'), 'Practitioner/{id}'),
      param('location', 'reference', base('Appointment', 'location'), 'Location/{id}'),
      param(
        'slot',
        'reference',
        base('Appointment', 'slot'),
        'Slot/{id}: the appointment booked in that slot',
      ),
    ],
  },
} as const satisfies Record<string, FhirResourceDeclaration>;

export type FhirResourceType = keyof typeof FHIR_RESOURCES;
export const FHIR_RESOURCE_TYPES = Object.keys(FHIR_RESOURCES) as FhirResourceType[];

/**
 * Parameters every search accepts besides its own (`_count`, the paging cursor, `_format`,
 * `_include` where declared); anything else is unknown.
 */
export const FHIR_COMMON_SEARCH_PARAMS = ['_count', FHIR_CURSOR_PARAM, '_format', '_include'];
