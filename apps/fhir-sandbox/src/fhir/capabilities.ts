import { getSearchParameter } from '@medplum/core';
import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';

import { US_CORE_PROFILES } from '@ehr-gateway/fhir-mapping';

import type { Interaction } from '../smart/scopes.js';

/**
 * What this server does, declared once: the routes refuse what is not here (405, or an ignored
 * search parameter), and /metadata describes exactly this. Both profiles share the resources;
 * `oracle` takes PUT away from Appointment (Oracle Health updates by JSON Patch only). Patient and
 * Appointment take `_lastUpdated`, which the gateway polls for changes made outside it.
 */

export type FhirInteraction = 'read' | 'search-type' | 'create' | 'update' | 'patch';

export interface ResourceSupport {
  interactions: readonly FhirInteraction[];
  searchParams: readonly string[];
  /** `_include` values, as `Type:param`. */
  includes?: readonly string[];
  /** Chained parameters the server resolves itself (the engine ignores chains). */
  chains?: readonly string[];
  profile?: string;
}

export type SandboxProfile = 'generic' | 'oracle';

const READ_SEARCH: FhirInteraction[] = ['read', 'search-type'];

const GENERIC: Record<string, ResourceSupport> = {
  Organization: {
    interactions: READ_SEARCH,
    searchParams: ['_id', 'name', 'identifier'],
    profile: US_CORE_PROFILES.Organization,
  },
  Location: {
    interactions: READ_SEARCH,
    searchParams: [
      '_id',
      'name',
      'identifier',
      'address',
      'address-city',
      'address-state',
      'address-postalcode',
    ],
    profile: US_CORE_PROFILES.Location,
  },
  Practitioner: {
    interactions: READ_SEARCH,
    searchParams: ['_id', 'name', 'family', 'given', 'identifier'],
    profile: US_CORE_PROFILES.Practitioner,
  },
  PractitionerRole: {
    interactions: READ_SEARCH,
    searchParams: ['_id', 'practitioner', 'location', 'specialty'],
    includes: ['PractitionerRole:practitioner', 'PractitionerRole:location'],
    profile: US_CORE_PROFILES.PractitionerRole,
  },
  Patient: {
    interactions: ['read', 'search-type', 'create'],
    searchParams: [
      '_id',
      'identifier',
      'name',
      'family',
      'given',
      'birthdate',
      'gender',
      'phone',
      'email',
      'telecom',
      '_lastUpdated',
    ],
    profile: US_CORE_PROFILES.Patient,
  },
  Schedule: {
    interactions: READ_SEARCH,
    searchParams: ['_id', 'actor', 'active', 'service-type'],
    includes: ['Schedule:actor'],
  },
  Slot: {
    interactions: READ_SEARCH,
    searchParams: ['_id', 'schedule', 'status', 'start', 'service-type', 'appointment-type'],
    includes: ['Slot:schedule'],
    chains: ['schedule.actor'],
  },
  Appointment: {
    interactions: ['read', 'search-type', 'create', 'update', 'patch'],
    searchParams: [
      '_id',
      'patient',
      'practitioner',
      'location',
      'actor',
      'date',
      'status',
      'slot',
      'service-type',
      'appointment-type',
      '_lastUpdated',
    ],
    includes: [
      'Appointment:patient',
      'Appointment:practitioner',
      'Appointment:location',
      'Appointment:slot',
    ],
  },
};

const ORACLE: Record<string, ResourceSupport> = {
  ...GENERIC,
  Appointment: {
    ...GENERIC.Appointment!,
    interactions: ['read', 'search-type', 'create', 'patch'],
  },
};

export const supportFor = (profile: SandboxProfile) => (profile === 'oracle' ? ORACLE : GENERIC);

/** Parameters every search takes besides the resource's own. */
export const CONTROL_PARAMS = ['_count', '_sort', '_include', '_format', '_cursor'] as const;

/** Which SMART permission each interaction needs. */
export const SCOPE_INTERACTION: Record<FhirInteraction, Interaction> = {
  read: 'read',
  'search-type': 'search',
  create: 'create',
  update: 'update',
  patch: 'update',
};

const ID_PARAMETER = 'http://hl7.org/fhir/SearchParameter/Resource-id';

function restResource(type: string, support: ResourceSupport): CapabilityStatementRestResource {
  return {
    type: type as CapabilityStatementRestResource['type'],
    ...(support.profile ? { supportedProfile: [support.profile] } : {}),
    interaction: support.interactions.map((code) => ({ code })),
    versioning: 'versioned',
    readHistory: false,
    updateCreate: false,
    conditionalCreate: support.interactions.includes('create'),
    conditionalUpdate: false,
    conditionalDelete: 'not-supported',
    ...(support.includes ? { searchInclude: [...support.includes] } : {}),
    searchParam: support.searchParams.map((name) => {
      const definition = getSearchParameter(type, name);
      return {
        name,
        definition: definition?.url ?? ID_PARAMETER,
        type: definition?.type ?? 'token',
      };
    }),
  };
}

export interface MetadataContext {
  profile: SandboxProfile;
  baseUrl: string;
  tokenUrl: string;
  /** When the server started: the statement's date. */
  date: string;
}

/** The CapabilityStatement of /metadata, built from the same declarations the routes obey. */
export function capabilityStatement(context: MetadataContext): CapabilityStatement {
  const support = supportFor(context.profile);
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: context.date,
    publisher: 'EHR API Gateway',
    kind: 'instance',
    software: {
      name: 'EHR API Gateway FHIR sandbox (Medplum fhir-router 4.5.2)',
      version: '0.1.0',
    },
    implementation: {
      description: `FHIR R4 sandbox over the synthetic practice (${context.profile} profile)`,
      url: context.baseUrl,
    },
    fhirVersion: '4.0.1',
    format: ['json'],
    patchFormat: ['application/json-patch+json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [{ url: 'token', valueUri: context.tokenUrl }],
            },
          ],
        },
        resource: Object.entries(support).map(([type, entry]) => restResource(type, entry)),
      },
    ],
  };
}
