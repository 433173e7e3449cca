import type { ContactPoint, HumanName, Patient as FhirPatient } from '@medplum/fhirtypes';

import type { Patient, PatientDetail } from '@ehr-gateway/contracts';

import { IssueLog, type MappingResult } from './result.js';
import {
  CODE_SYSTEMS,
  US_CORE_PROFILES,
  identifierSystem,
  type FhirMappingContext,
} from './systems.js';
import {
  concept,
  fromFhirAddress,
  identifier,
  parseReference,
  pickByUse,
  reference,
  toFhirAddress,
} from './values.js';

type Gender = NonNullable<FhirPatient['gender']>;

/** EHR sex codes (athena's M/F, and spelled-out forms) to FHIR's administrative gender. */
const GENDER_BY_EHR_CODE: Record<string, Gender> = {
  m: 'male',
  male: 'male',
  f: 'female',
  female: 'female',
  o: 'other',
  other: 'other',
  x: 'other',
  u: 'unknown',
  unknown: 'unknown',
};

/** FHIR's administrative gender to the normalised sex code (athena's). */
const EHR_CODE_BY_GENDER: Record<Gender, string | null> = {
  male: 'M',
  female: 'F',
  other: null,
  unknown: null,
};

/** US Core requires a gender: what the EHR does not say is `unknown`. */
export function genderToFhir(gender: string | null): Gender {
  return (gender && GENDER_BY_EHR_CODE[gender.trim().toLowerCase()]) || 'unknown';
}

const NAME_USES = ['official', 'usual', 'nickname', 'anonymous', 'temp', 'maiden'];
const PHONE_USES = ['mobile', 'home', 'work', 'temp'];
const EMAIL_USES = ['home', 'work', 'temp', 'mobile'];
const ADDRESS_USES = ['home', 'temp', 'work', 'billing'];

const isDetail = (patient: Patient | PatientDetail): patient is PatientDetail =>
  'address' in patient;

function telecomOf(patient: PatientDetail): ContactPoint[] {
  const telecom: ContactPoint[] = [];
  if (patient.phone) {
    telecom.push({ system: 'phone', value: patient.phone, use: 'mobile' });
  }
  if (patient.email) {
    telecom.push({ system: 'email', value: patient.email });
  }
  return telecom;
}

/**
 * A US Core Patient. The identifier is the EHR's patient id in a system naming the source and
 * practice; the department a patient is registered at has no US Core element and is not sent.
 */
export function patientToFhir(
  patient: Patient | PatientDetail,
  context: FhirMappingContext,
): FhirPatient {
  const name: HumanName = { use: 'official', family: patient.lastName, given: [patient.firstName] };
  const resource: FhirPatient = {
    resourceType: 'Patient',
    id: patient.id,
    meta: { profile: [US_CORE_PROFILES.Patient] },
    identifier: [
      identifier(
        identifierSystem(context, 'patient'),
        patient.id,
        concept(CODE_SYSTEMS.identifierType, 'MR', 'Medical record number'),
      ),
    ],
    active: true,
    name: [name],
    gender: genderToFhir(patient.gender),
  };
  if (patient.dob) {
    resource.birthDate = patient.dob;
  }
  if (!isDetail(patient)) {
    return resource;
  }
  const telecom = telecomOf(patient);
  if (telecom.length) {
    resource.telecom = telecom;
  }
  const address = toFhirAddress(patient.address, 'home');
  if (address) {
    resource.address = [address];
  }
  if (patient.primaryProviderId) {
    resource.generalPractitioner = [reference('Practitioner', patient.primaryProviderId)];
  }
  resource.managingOrganization = reference('Organization', context.practiceId);
  return resource;
}

function readName(resource: FhirPatient, log: IssueLog) {
  const picked = pickByUse(resource.name, NAME_USES);
  if (!picked) {
    log.error('Patient.name', 'no current name');
    return { firstName: '', lastName: '' };
  }
  const path = `Patient.name[${picked.index}]`;
  const { item } = picked;
  let firstName = item.given?.[0]?.trim() ?? '';
  let lastName = item.family?.trim() ?? '';
  if ((!firstName || !lastName) && item.text) {
    const words = item.text.trim().split(/\s+/);
    lastName ||= words.length > 1 ? words.at(-1)! : '';
    firstName ||= words.length > 1 ? words.slice(0, -1).join(' ') : words[0]!;
    log.warn(`${path}.text`, 'name parts read from the text (last word as family name)');
  }
  if (!lastName) {
    log.error(`${path}.family`, 'no family name');
  }
  if (!firstName) {
    log.error(`${path}.given`, 'no given name');
  }
  if ((item.given?.length ?? 0) > 1) {
    log.warn(`${path}.given`, 'middle names are not kept (first given name only)');
  }
  return { firstName, lastName };
}

function readBirthDate(resource: FhirPatient, log: IssueLog): string | null {
  const date = resource.birthDate;
  if (!date) {
    return null;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    log.warn('Patient.birthDate', `partial date ${date} is not a full date of birth: left out`);
    return null;
  }
  return date;
}

function readGender(resource: FhirPatient, log: IssueLog): string | null {
  const gender = resource.gender;
  if (gender === 'other') {
    log.warn('Patient.gender', 'gender "other" has no normalised sex code: left out');
  }
  return gender ? EHR_CODE_BY_GENDER[gender] : null;
}

function readContact(resource: FhirPatient, system: 'phone' | 'email', ranking: string[]) {
  const withValue = resource.telecom?.filter((t) => t.system === system && t.value?.trim());
  return pickByUse(withValue, ranking)?.item.value?.trim() ?? null;
}

function readPrimaryProvider(resource: FhirPatient, log: IssueLog): string | null {
  const references = (resource.generalPractitioner ?? []).map((ref) => parseReference(ref));
  const practitioner = references.find((ref) => ref?.resourceType === 'Practitioner');
  if (!practitioner && references.length) {
    log.warn(
      'Patient.generalPractitioner',
      'no Practitioner reference (an Organization or PractitionerRole is not a provider id)',
    );
  }
  return practitioner?.id ?? null;
}

/**
 * A normalised patient from any R4 Patient (Epic's, Oracle's, the gateway's own): the current name
 * with the best use, a mobile phone before a home one, the home address, the first Practitioner
 * among the general practitioners. The id is the resource's id, as the server issued it.
 */
export function patientFromFhir(resource: FhirPatient): MappingResult<PatientDetail> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Patient.id', 'the resource has no id');
  }
  const { firstName, lastName } = readName(resource, log);
  const address = pickByUse(resource.address, ADDRESS_USES)?.item;
  return log.result({
    id: resource.id ?? '',
    firstName,
    lastName,
    dob: readBirthDate(resource, log),
    gender: readGender(resource, log),
    phone: readContact(resource, 'phone', PHONE_USES),
    email: readContact(resource, 'email', EMAIL_USES),
    address: fromFhirAddress(address),
    departmentId: null,
    primaryProviderId: readPrimaryProvider(resource, log),
  });
}
