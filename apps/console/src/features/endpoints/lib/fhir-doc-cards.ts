import {
  FHIR_CONTENT_TYPES,
  FHIR_COUNT_DEFAULT,
  FHIR_COUNT_MAX,
  FHIR_RESOURCES,
  FHIR_RESOURCE_TYPES,
  HEADERS,
  type FhirResourceDeclaration,
  type FhirResourceType,
} from '@ehr-gateway/contracts';
import { encodeScheduleId } from '@ehr-gateway/fhir-mapping';
import { SAMPLE_PATIENT as PRACTICE_SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';

import type { DocContext, EndpointDoc } from './doc-types';
import {
  FHIR_CANCEL_PATCH,
  fhirBookingBody,
  sampleFhirAppointmentId,
  sampleFhirSlotId,
} from './fhir-presets';
import { IDEMPOTENCY_KEY_HEADER } from './send-test-request';
import { parameterRows, type Operation, type ParameterRow } from './openapi';
import { curlCommand, nextWeekday, queryString, SAMPLE_PATIENT } from './samples';

/**
 * The FHIR face's operations as endpoint cards: from the OpenAPI document (operationIds, path
 * parameters, declared answers) and, for searches, the parameters the gateway's route
 * declarations (FHIR_RESOURCES) accept, with examples that answer at the practice shown.
 */

const SAMPLE_PATIENT_ID = '1001';

/** An id of each type the sample practice answers for, so a read's example finds something. */
function sampleIds(practiceId: string, today: Date): Record<FhirResourceType, string> {
  const providerId = String(PRACTICE_SAMPLE_PATIENT.providerId);
  return {
    Patient: SAMPLE_PATIENT_ID,
    Practitioner: providerId,
    Location: String(PRACTICE_SAMPLE_PATIENT.departmentId),
    Organization: practiceId,
    Schedule: encodeScheduleId({
      providerId,
      departmentId: String(PRACTICE_SAMPLE_PATIENT.departmentId),
    }),
    Slot: sampleFhirSlotId(today),
    // The booking the Book example makes (athena and the Mock EHR keep the slot's id), so read,
    // cancel and update answer once it is sent.
    Appointment: sampleFhirAppointmentId(today),
  };
}

/** Search examples that find the sample patient, their provider and free slots. */
function sampleSearch(type: FhirResourceType, today: Date): Record<string, string> {
  switch (type) {
    case 'Patient':
      return { family: SAMPLE_PATIENT.lastname, birthdate: SAMPLE_PATIENT.dob };
    case 'Practitioner':
      return { name: 'Wilson' };
    case 'Location':
      return { 'address-state': 'IL' };
    case 'Schedule':
      return { actor: `Practitioner/${PRACTICE_SAMPLE_PATIENT.providerId}` };
    case 'Slot':
      return { status: 'free', start: `ge${nextWeekday(today)}`, _count: '10' };
    case 'Appointment':
      return { patient: `Patient/${SAMPLE_PATIENT_ID}`, status: 'booked' };
    case 'Organization':
      return {};
  }
}

const COUNT_ROW: ParameterRow = {
  name: '_count',
  type: 'number',
  required: false,
  description: `Entries per page: ${FHIR_COUNT_DEFAULT} by default, at most ${FHIR_COUNT_MAX} (more is read as ${FHIR_COUNT_MAX}); follow the Bundle's next link for the rest.`,
};

/** The search parameters a type's route declares, as parameter rows. */
function searchRows(type: FhirResourceType): ParameterRow[] {
  const declaration: FhirResourceDeclaration = FHIR_RESOURCES[type];
  const includes = declaration.searchInclude ?? [];
  return [
    ...declaration.searchParams.map((param) => ({
      name: param.name,
      type: param.type,
      required: false,
      description: param.documentation,
    })),
    COUNT_ROW,
    ...(includes.length
      ? [
          {
            name: '_include',
            type: 'string',
            required: false,
            description: `Adds the referenced resources to the page: ${includes.join(', ')}.`,
          },
        ]
      : []),
  ];
}

/** The resource type an operation serves, from its path. */
function typeOf(operation: Operation): FhirResourceType | null {
  const segment = operation.path.split('/')[5];
  return FHIR_RESOURCE_TYPES.find((type) => type === segment) ?? null;
}

function exampleBody(operation: Operation, id: string): unknown {
  if (operation.method === 'POST') {
    return fhirBookingBody(sampleFhirSlotId(), SAMPLE_PATIENT_ID);
  }
  if (operation.method === 'PATCH') {
    return FHIR_CANCEL_PATCH;
  }
  if (operation.method === 'PUT') {
    return {
      resourceType: 'Appointment',
      id,
      status: 'cancelled',
      cancelationReason: { text: 'Patient asked to cancel' },
    };
  }
  return undefined;
}

function exampleResponse(operation: Operation, type: FhirResourceType | null, url: string) {
  const created = operation.method === 'POST';
  const head = created ? `HTTP/1.1 201 Created\nLocation: ${url}/<new id>` : 'HTTP/1.1 200 OK';
  const search = operation.method === 'GET' && !operation.path.endsWith('{id}') && type;
  const body = !type
    ? { resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance' }
    : search
      ? {
          resourceType: 'Bundle',
          type: 'searchset',
          link: [
            { relation: 'self', url: `${url}?…` },
            { relation: 'next', url: `${url}?…&_cursor=…` },
          ],
          entry: [
            { fullUrl: `${url}/…`, resource: { resourceType: type }, search: { mode: 'match' } },
          ],
        }
      : { resourceType: type, id: '…' };
  return `${head}\nContent-Type: ${FHIR_CONTENT_TYPES.fhirJson}\n\n${JSON.stringify(body, null, 2)}`;
}

export function fhirEndpointDoc(
  operation: Operation,
  context: DocContext,
  auth: string,
  today: Date = new Date(),
): EndpointDoc {
  const source = context.defaultSource ?? 'athena';
  const practiceId =
    source === 'mock' ? context.practiceId : (context.athenaPracticeId ?? context.practiceId);
  const type = typeOf(operation);
  const id = type ? sampleIds(practiceId, today)[type] : '';
  const path = operation.path
    .replace('{source}', source)
    .replace('{practiceId}', practiceId)
    .replace('{id}', id);
  const isSearch = operation.method === 'GET' && type !== null && !operation.path.endsWith('{id}');
  const query = isSearch ? sampleSearch(type, today) : {};
  const baseUrl = `${context.origin}${path}`;
  const body = exampleBody(operation, id);
  const contentType =
    operation.method === 'PATCH' ? FHIR_CONTENT_TYPES.jsonPatch : FHIR_CONTENT_TYPES.fhirJson;
  const headers: Record<string, string> = {
    [HEADERS.apiKey]: 'YOUR_API_KEY',
    ...(body === undefined ? {} : { 'Content-Type': contentType }),
    ...(operation.method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: '<a new uuid>' } : {}),
  };
  const typeUrl = `${context.origin}${operation.path.split('/').slice(0, 6).join('/')}`
    .replace('{source}', source)
    .replace('{practiceId}', practiceId);
  return {
    key: `${operation.id}-fhir`,
    anchor: operation.id,
    auth,
    responses: operation.responses.map((answer) => ({
      status: answer.status,
      description: answer.description,
      shape: answer.status.startsWith('2') ? 'a FHIR resource' : 'an OperationOutcome',
    })),
    tryRequest: {
      method: operation.method,
      url: baseUrl,
      query: Object.entries(query),
      body: body === undefined ? undefined : JSON.stringify(body, null, 2),
    },
    method: operation.method,
    path: operation.path,
    source: source,
    title: operation.summary,
    description: operation.description,
    parametersHeading: isSearch ? 'Query Parameters' : 'Parameters',
    parameters: [...parameterRows(operation), ...(isSearch && type ? searchRows(type) : [])],
    exampleRequest: curlCommand({
      method: operation.method,
      url: `${baseUrl}${queryString(query)}`,
      headers,
      body,
    }),
    exampleResponse: exampleResponse(operation, type, typeUrl),
  };
}
