import {
  API_TAGS,
  FHIR_BASE_PREFIX,
  HEADERS,
  SECURITY_SCHEMES,
  type SecurityScheme,
} from '@ehr-gateway/contracts';

import type { DocContext, EndpointDoc } from './doc-types';
import { fhirEndpointDoc } from './fhir-doc-cards';
import {
  listOperations,
  matchesSearch,
  parameterRows,
  schemaOutline,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi';
import {
  crossEntityQueryBody,
  patientWithAppointmentBody,
  smartSchedulingBody,
  type PresetSource,
  TEST_ECHO_BODY,
  toolCallBody,
} from './presets';
import {
  curlCommand,
  examplePath,
  exampleQuery,
  queryString,
  sampleFromSchema,
  sampleResponse,
} from './samples';

export const DOC_TABS = [
  { value: 'common', label: 'Common Endpoints' },
  { value: 'smart-scheduling', label: 'Smart Scheduling' },
  { value: 'athena', label: 'Athena EHR' },
  { value: 'mock', label: 'Mock EHR' },
  { value: 'voice-config', label: 'Voice Config' },
  { value: 'fhir', label: 'FHIR R4' },
  { value: 'authentication', label: 'Authentication' },
] as const;

export type DocTab = (typeof DOC_TABS)[number]['value'];

export type { DocContext, EndpointDoc, ResponseDoc, TryRequest } from './doc-types';

const SCHEME_LABELS: Record<SecurityScheme, string> = {
  [SECURITY_SCHEMES.apiKey]: `API key (${HEADERS.apiKey})`,
  [SECURITY_SCHEMES.vapiSecret]: `Vapi secret (${HEADERS.vapiSecret})`,
  [SECURITY_SCHEMES.adminSession]: 'Console session',
  [SECURITY_SCHEMES.metricsToken]: 'Bearer METRICS_TOKEN',
};

/** `API key (x-api-key) or Vapi secret (x-vapi-secret)`; `None` for the open probes. */
export function describeSecurity(operation: Operation): string {
  if (operation.security.length === 0) {
    return 'None';
  }
  return operation.security
    .map((schemes) =>
      schemes.map((scheme) => SCHEME_LABELS[scheme as SecurityScheme] ?? scheme).join(' and '),
    )
    .join(' or ');
}

/** Curated request bodies for the main POST routes (others are generated from their schema). */
function curatedBody(operation: Operation, practiceId: string, source: PresetSource): unknown {
  if (operation.path.endsWith('/aggregate/smart-scheduling')) {
    return smartSchedulingBody(practiceId, source);
  }
  if (operation.path.endsWith('/aggregate/patient-with-appointment')) {
    return patientWithAppointmentBody();
  }
  if (operation.path.endsWith('/voice-config/query')) {
    return crossEntityQueryBody();
  }
  if (operation.path.endsWith('/llm/tools/query-healthcare-entities')) {
    return toolCallBody();
  }
  if (operation.path.endsWith('/utility/test')) {
    return TEST_ECHO_BODY;
  }
  return undefined;
}

/**
 * An update changes what it names and nothing else: its example sets one field (the name where
 * there is one), not every field the schema allows (an EHR source, a practice…).
 */
function oneFieldOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  const properties = Object.entries(schema?.properties ?? {});
  const [field, fieldSchema] = properties.find(([name]) => name === 'name') ?? properties[0] ?? [];
  return field === undefined || fieldSchema === undefined
    ? schema
    : { ...schema, properties: { [field]: fieldSchema } };
}

function sourceBadge(operation: Operation, ehrSource: string): string {
  const tags = operation.tags;
  if (tags.includes(API_TAGS.ehr)) {
    return ehrSource;
  }
  if (tags.includes(API_TAGS.aggregation)) {
    return 'aggregation';
  }
  if (tags.includes(API_TAGS.voiceConfig)) {
    return 'voice-config';
  }
  if (tags.includes(API_TAGS.voiceAgentTools)) {
    return 'llm-tool';
  }
  if (tags.includes(API_TAGS.utility)) {
    return 'utility';
  }
  return tags[0]?.toLowerCase() ?? 'gateway';
}

export function toEndpointDoc(
  operation: Operation,
  context: DocContext,
  ehrSource?: 'athena' | 'mock',
): EndpointDoc {
  const source = ehrSource ?? (context.defaultSource === 'mock' ? 'mock' : undefined);
  const practiceId =
    source === 'mock' ? context.practiceId : (context.athenaPracticeId ?? context.practiceId);
  const query = exampleQuery(operation, source);
  const baseUrl = `${context.origin}${examplePath(operation, practiceId)}`;
  const url = `${baseUrl}${queryString(query)}`;
  const hasBody = operation.bodySchema !== undefined;
  const body = hasBody
    ? (curatedBody(operation, practiceId, source ?? 'athena') ??
      sampleFromSchema(
        operation.method === 'PATCH' ? oneFieldOf(operation.bodySchema) : operation.bodySchema,
      ))
    : undefined;
  const usesVapiSecret = operation.tags.includes(API_TAGS.voiceAgentTools);
  const headers: Record<string, string> = {
    [HEADERS.apiKey]: 'YOUR_API_KEY',
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
  };
  const request = curlCommand({ method: operation.method, url, headers, body });
  return {
    key: `${operation.id}-${ehrSource ?? 'default'}`,
    anchor: operation.id,
    auth: describeSecurity(operation),
    responses: operation.responses.map((answer) => ({
      status: answer.status,
      description: answer.description,
      shape: answer.schema ? schemaOutline(answer.schema) : '',
    })),
    tryRequest: {
      method: operation.method,
      url: baseUrl,
      query: Object.entries(query ?? {}),
      body: body === undefined ? undefined : JSON.stringify(body, null, 2),
    },
    method: operation.method,
    path: operation.path,
    source: sourceBadge(operation, ehrSource ?? 'athena'),
    title: operation.summary,
    description: [
      operation.description,
      query?.source === 'mock' ? "Mock EHR calls need source set to 'mock'." : '',
      usesVapiSecret ? `Vapi may send X-Vapi-Secret instead of ${HEADERS.apiKey}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    parametersHeading: operation.method === 'GET' ? 'Query Parameters' : 'Parameters',
    parameters: parameterRows(operation),
    exampleRequest: request,
    exampleResponse: sampleResponse(operation),
  };
}

export type DocsByTab = Record<Exclude<DocTab, 'authentication'>, EndpointDoc[]>;

/** The cards of each tab, built from the OpenAPI document and filtered by the header search. */
export function docsByTab(
  document: OpenApiDocument | undefined,
  context: DocContext,
  search?: string,
): DocsByTab {
  const operations = listOperations(document).filter((operation) =>
    matchesSearch(operation, search),
  );
  const tagged = (...tags: string[]) =>
    operations.filter((operation) => operation.tags.some((tag) => tags.includes(tag)));
  const ehr = tagged(API_TAGS.ehr);
  return {
    common: [
      ...ehr.map((operation) => toEndpointDoc(operation, context)),
      ...tagged(API_TAGS.utility).map((operation) => toEndpointDoc(operation, context)),
    ],
    'smart-scheduling': tagged(API_TAGS.aggregation).map((operation) =>
      toEndpointDoc(operation, context),
    ),
    athena: ehr.map((operation) => toEndpointDoc(operation, context, 'athena')),
    mock: ehr.map((operation) => toEndpointDoc(operation, context, 'mock')),
    'voice-config': tagged(API_TAGS.voiceConfig, API_TAGS.voiceAgentTools).map((operation) =>
      toEndpointDoc(operation, context),
    ),
    // The FHIR face's routes, with the search parameters their declarations accept.
    fhir: tagged(API_TAGS.fhir)
      .filter((operation) => operation.path.startsWith(`${FHIR_BASE_PREFIX}/`))
      .map((operation) => fhirEndpointDoc(operation, context, describeSecurity(operation))),
  };
}
