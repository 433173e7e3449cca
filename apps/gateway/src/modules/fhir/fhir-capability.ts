import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';

import {
  FHIR_COUNT_DEFAULT,
  FHIR_COUNT_MAX,
  FHIR_RESOURCES,
  FHIR_RESOURCE_TYPES,
  FHIR_VERSION,
  HEADERS,
  LOG_SOURCE_LABELS,
  type EhrSource,
} from '@ehr-gateway/contracts';
import { US_CORE_PROFILES, US_CORE_SERVER_CAPABILITY } from '@ehr-gateway/fhir-mapping';

/**
 * The CapabilityStatement of one FHIR base, generated from FHIR_RESOURCES: the table the routes
 * are registered from (fhir-routes.ts refuses to start when a declared interaction has no
 * handler), so it states what the server does and nothing else.
 */
export function capabilityStatement(input: {
  source: EhrSource;
  practiceId: string;
  baseUrl: string;
  version: string;
  /** When this gateway started: the statement's date. */
  date: string;
}): CapabilityStatement {
  const resource = FHIR_RESOURCE_TYPES.map((type): CapabilityStatementRestResource => {
    const declaration = FHIR_RESOURCES[type];
    const profile = US_CORE_PROFILES[type as keyof typeof US_CORE_PROFILES];
    const interactions: readonly string[] = declaration.interactions;
    return {
      type,
      ...(profile ? { supportedProfile: [profile] } : {}),
      interaction: declaration.interactions.map((code) => ({ code })),
      ...(interactions.includes('update') ? { updateCreate: false } : {}),
      ...(interactions.includes('create') ? { conditionalCreate: true } : {}),
      ...('searchInclude' in declaration ? { searchInclude: [...declaration.searchInclude] } : {}),
      ...(declaration.searchParams.length
        ? { searchParam: declaration.searchParams.map((param) => ({ ...param })) }
        : {}),
      documentation: declaration.summary,
    };
  });
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: input.date,
    publisher: 'EHR API Gateway',
    kind: 'instance',
    instantiates: [US_CORE_SERVER_CAPABILITY],
    software: { name: 'EHR API Gateway', version: input.version },
    implementation: {
      description: `${LOG_SOURCE_LABELS[input.source]}, practice ${input.practiceId}, through the EHR API Gateway`,
      url: input.baseUrl,
    },
    fhirVersion: FHIR_VERSION,
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation: `Send an API key as ${HEADERS.apiKey} or Authorization: Bearer; reads need the scope ehr:read, booking and cancelling ehr:write. Searches answer ${FHIR_COUNT_DEFAULT} entries a page by default, _count at most ${FHIR_COUNT_MAX} (a larger value is read as ${FHIR_COUNT_MAX}); follow the Bundle's next link for the rest. Date parameters without a time are UTC days.`,
        resource,
      },
    ],
  };
}
