import type { Location, Organization } from '@medplum/fhirtypes';

import type { Department } from '@ehr-gateway/contracts';

import { IssueLog, type MappingResult } from './result.js';
import {
  CODE_SYSTEMS,
  TIMEZONE_EXTENSION,
  US_CORE_PROFILES,
  identifierSystem,
  type FhirMappingContext,
} from './systems.js';
import {
  concept,
  fromFhirAddress,
  identifier,
  reference,
  toFhirAddress,
  type NormalisedAddress,
} from './values.js';

/** A US Core Location: the department, with its timezone (IANA) in HL7's timezone extension. */
export function departmentToFhir(department: Department, context: FhirMappingContext): Location {
  const location: Location = {
    resourceType: 'Location',
    id: department.id,
    meta: { profile: [US_CORE_PROFILES.Location] },
    identifier: [identifier(identifierSystem(context, 'department'), department.id)],
    status: 'active',
    name: department.name,
    mode: 'instance',
    physicalType: concept(CODE_SYSTEMS.locationPhysicalType, 'bu', 'Building'),
    managingOrganization: reference('Organization', context.practiceId),
  };
  if (department.timezone) {
    location.extension = [{ url: TIMEZONE_EXTENSION, valueCode: department.timezone }];
  }
  if (department.phone) {
    location.telecom = [{ system: 'phone', value: department.phone, use: 'work' }];
  }
  const address = toFhirAddress(department.address, 'work');
  if (address) {
    location.address = address;
  }
  return location;
}

/** A normalised department from a Location; its timezone only when the server states it. */
export function departmentFromFhir(resource: Location): MappingResult<Department> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Location.id', 'the resource has no id');
  }
  const name = resource.name?.trim() || resource.alias?.[0]?.trim();
  if (!name) {
    log.error('Location.name', 'no name');
  } else if (!resource.name?.trim()) {
    log.warn('Location.name', 'no name: the first alias is used');
  }
  const timezone = resource.extension?.find((e) => e.url === TIMEZONE_EXTENSION)?.valueCode ?? null;
  const phone =
    resource.telecom?.find((t) => t.system === 'phone' && t.value?.trim())?.value?.trim() ?? null;
  if (resource.status === 'inactive') {
    log.warn('Location.status', 'the location is inactive');
  }
  return log.result({
    id: resource.id ?? '',
    name: name ?? '',
    address: fromFhirAddress(resource.address),
    phone,
    timezone,
  });
}

/** The practice as the normalised layer knows it (the EHR's practice id and its name). */
export interface PracticeInfo {
  name: string;
  phone?: string | null;
  address?: NormalisedAddress | null;
}

/** A US Core Organization for the practice (id = the practice id of the context). */
export function practiceToFhir(practice: PracticeInfo, context: FhirMappingContext): Organization {
  const organization: Organization = {
    resourceType: 'Organization',
    id: context.practiceId,
    meta: { profile: [US_CORE_PROFILES.Organization] },
    identifier: [identifier(identifierSystem(context, 'practice'), context.practiceId)],
    active: true,
    type: [concept(CODE_SYSTEMS.organizationType, 'prov', 'Healthcare Provider')],
    name: practice.name,
  };
  if (practice.phone) {
    organization.telecom = [{ system: 'phone', value: practice.phone, use: 'work' }];
  }
  const address = toFhirAddress(practice.address, 'work');
  if (address) {
    organization.address = [address];
  }
  return organization;
}

export function practiceFromFhir(
  resource: Organization,
): MappingResult<PracticeInfo & { id: string }> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Organization.id', 'the resource has no id');
  }
  if (!resource.name?.trim()) {
    log.error('Organization.name', 'no name');
  }
  return log.result({
    id: resource.id ?? '',
    name: resource.name?.trim() ?? '',
    phone: resource.telecom?.find((t) => t.system === 'phone' && t.value)?.value ?? null,
    address: resource.address?.[0] ? fromFhirAddress(resource.address[0]) : null,
  });
}
