import type {
  HumanName,
  Practitioner,
  PractitionerQualification,
  PractitionerRole,
} from '@medplum/fhirtypes';

import type { Provider } from '@ehr-gateway/contracts';

import { IssueLog, type MappingResult } from './result.js';
import {
  CODE_SYSTEMS,
  US_CORE_PROFILES,
  identifierSystem,
  type FhirMappingContext,
} from './systems.js';
import {
  concept,
  conceptText,
  identifier,
  parseReference,
  pickByUse,
  pickCoding,
  reference,
} from './values.js';

/** Provider types the EHRs use that are v2-0360 degree codes, with that table's names. */
const DEGREES: Record<string, string> = {
  MD: 'Doctor of Medicine',
  DO: 'Doctor of Osteopathy',
  NP: 'Nurse practitioner',
  PA: 'Physician Assistant',
  RN: 'Registered Nurse',
  DDS: 'Doctor of Dental Surgery',
  DPM: 'Doctor of Podiatric Medicine',
  OD: 'Doctor of Optometry',
  PHD: 'Doctor of Philosophy',
};

const NAME_USES = ['official', 'usual'];

/**
 * A US Core Practitioner: the EHR's provider id and the NPI as identifiers, the name with the
 * credential as suffix and the display name as text, the credential as a v2-0360 qualification.
 * The specialty belongs to the provider's role: see providerToFhirRole.
 */
export function providerToFhir(provider: Provider, context: FhirMappingContext): Practitioner {
  const name: HumanName = {
    use: 'official',
    text: provider.displayName,
    family: provider.lastName,
    given: [provider.firstName],
  };
  const degree = provider.providerType?.toUpperCase();
  if (degree) {
    name.suffix = [degree];
  }
  const resource: Practitioner = {
    resourceType: 'Practitioner',
    id: provider.id,
    meta: { profile: [US_CORE_PROFILES.Practitioner] },
    identifier: [
      identifier(
        identifierSystem(context, 'provider'),
        provider.id,
        concept(CODE_SYSTEMS.identifierType, 'PRN', 'Provider number'),
      ),
    ],
    active: true,
    name: [name],
  };
  if (provider.npi) {
    resource.identifier!.push(identifier(CODE_SYSTEMS.npi, provider.npi));
  }
  if (degree) {
    resource.qualification = [
      {
        code: DEGREES[degree]
          ? concept(CODE_SYSTEMS.degree, degree, DEGREES[degree])
          : { text: degree },
      },
    ];
  }
  return resource;
}

export interface ProviderRoleOptions {
  /** Every department the provider sees patients in; the home department when not given. */
  departmentIds?: readonly string[];
  /** A number to reach the provider's office (US Core asks for telecom or an endpoint). */
  phone?: string | null;
}

/** The provider's role at the practice: specialty, departments (Locations) and organization. */
export function providerToFhirRole(
  provider: Provider,
  context: FhirMappingContext,
  options: ProviderRoleOptions = {},
): PractitionerRole {
  const departments =
    options.departmentIds ?? (provider.homeDepartmentId ? [provider.homeDepartmentId] : []);
  const role: PractitionerRole = {
    resourceType: 'PractitionerRole',
    id: provider.id,
    meta: { profile: [US_CORE_PROFILES.PractitionerRole] },
    active: true,
    practitioner: reference('Practitioner', provider.id, provider.displayName),
    organization: reference('Organization', context.practiceId),
  };
  if (provider.specialty) {
    role.specialty = [{ text: provider.specialty }];
  }
  if (departments.length) {
    role.location = departments.map((id) => reference('Location', id));
  }
  if (options.phone) {
    role.telecom = [{ system: 'phone', value: options.phone, use: 'work' }];
  }
  return role;
}

function readProviderType(
  qualifications: PractitionerQualification[] | undefined,
  suffix: string[] | undefined,
): string | null {
  const coding = pickCoding(
    (qualifications ?? []).map((q) => q.code),
    CODE_SYSTEMS.degree,
  );
  const fromSuffix = suffix?.find((s) => DEGREES[s.replaceAll('.', '').toUpperCase()]);
  return (
    coding?.code ??
    fromSuffix?.replaceAll('.', '').toUpperCase() ??
    conceptText(qualifications?.[0]?.code) ??
    null
  );
}

function readRole(roles: readonly PractitionerRole[], practitionerId: string, log: IssueLog) {
  const own = roles.filter(
    (role) => parseReference(role.practitioner)?.id === practitionerId && role.active !== false,
  );
  const specialty = own.map((role) => conceptText(role.specialty?.[0])).find(Boolean) ?? null;
  const locations = own.flatMap((role) =>
    (role.location ?? []).map((ref) => parseReference(ref)?.id).filter(Boolean),
  );
  if (new Set(locations).size > 1) {
    log.warn('PractitionerRole.location', 'several locations: the first is the home department');
  }
  return { specialty, homeDepartmentId: locations[0] ?? null };
}

/**
 * A normalised provider from a Practitioner and, where the server has them, its PractitionerRoles
 * (specialty and home department live there, not on the Practitioner).
 */
export function providerFromFhir(
  resource: Practitioner,
  roles: readonly PractitionerRole[] = [],
): MappingResult<Provider> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Practitioner.id', 'the resource has no id');
  }
  const picked = pickByUse(resource.name, NAME_USES);
  if (!picked) {
    log.error('Practitioner.name', 'no current name');
  }
  const name = picked?.item;
  const firstName = name?.given?.[0]?.trim() ?? '';
  const lastName = name?.family?.trim() ?? '';
  if (name && !lastName) {
    log.error(`Practitioner.name[${picked.index}].family`, 'no family name');
  }
  const providerType = readProviderType(resource.qualification, name?.suffix);
  const npi =
    resource.identifier?.find((id) => id.system === CODE_SYSTEMS.npi && id.value)?.value ?? null;
  const fallbackDisplay = [firstName, lastName].filter(Boolean).join(' ');
  return log.result({
    id: resource.id ?? '',
    firstName,
    lastName,
    displayName:
      name?.text?.trim() ||
      (providerType ? `${fallbackDisplay}, ${providerType}` : fallbackDisplay),
    npi,
    providerType,
    ...readRole(roles, resource.id ?? '', log),
  });
}
