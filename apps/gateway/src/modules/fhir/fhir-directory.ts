import type { Resource } from '@medplum/fhirtypes';

import type { Department, Patient, PatientDetail, Provider } from '@ehr-gateway/contracts';
import {
  CODE_SYSTEMS,
  departmentToFhir,
  identifierSystem,
  matchesDateParam,
  paramValues,
  parseDateParam,
  parseTokenParam,
  patientToFhir,
  practiceToFhir,
  providerToFhir,
  splitOrValues,
  unescapeSearchValue,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import { listAllProviders } from '../ehr/index.js';
import {
  anyWordStartsWith,
  readOr404,
  startsWithText,
  unknownResource,
  type FhirCall,
  type ReadHandler,
  type SearchHandler,
} from './fhir-call.js';
import { FhirError } from './fhir-outcome.js';

/** Patients, providers, departments and the practice, from the normalised EHR layer. */

/** The most patients one search reads from the EHR before it asks the client to narrow it. */
const PATIENT_SCAN_LIMIT = 1_000;
const PATIENT_PAGE = 500;
/** Phone numbers need each candidate's detail: at most this many reads per search. */
const PHONE_CANDIDATES_MAX = 50;

/** Every value of a parameter, its OR-lists split, escapes removed. */
const orValues = (params: readonly SearchParam[], name: string) =>
  paramValues(params, name).map((value) => splitOrValues(value).map(unescapeSearchValue));

/** ANDs the parameter's occurrences, ORs each one's values. */
const matchesAll = (
  params: readonly SearchParam[],
  name: string,
  test: (value: string) => boolean,
) => orValues(params, name).every((alternatives) => alternatives.some(test));

/** The ids a token parameter names in one identifier system (any system when none is given). */
function tokenIds(params: readonly SearchParam[], name: string, system: string): string[][] {
  return orValues(params, name).map((alternatives) =>
    alternatives.flatMap((raw) => {
      const token = parseTokenParam(raw, name);
      return (token.system === undefined || token.system === system) && token.code !== undefined
        ? [token.code]
        : [];
    }),
  );
}

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

async function scanPatients(call: FhirCall, params: readonly SearchParam[]): Promise<Patient[]> {
  const family = paramValues(params, 'family');
  const given = paramValues(params, 'given');
  // The EHR filters by prefix on one first and one last name; the rest is filtered here.
  const filter = {
    lastName: family.length === 1 && !family[0]!.includes(',') ? family[0] : undefined,
    firstName: given.length === 1 && !given[0]!.includes(',') ? given[0] : undefined,
  };
  const patients: Patient[] = [];
  for (let offset = 0; offset < PATIENT_SCAN_LIMIT; offset += PATIENT_PAGE) {
    const page = await call.client.listPatients(
      call.practiceId,
      { ...filter, limit: PATIENT_PAGE, offset },
      call.ctx,
    );
    patients.push(...page.patients);
    if (page.patients.length < PATIENT_PAGE || patients.length >= page.totalCount) {
      return patients;
    }
  }
  throw new FhirError(
    400,
    'the search matches too many patients: add name, family, given or birthdate',
    ['Patient'],
  );
}

function patientMatches(patient: Patient | PatientDetail, params: readonly SearchParam[]) {
  const birthdates = paramValues(params, 'birthdate').map((raw) =>
    parseDateParam(raw, 'birthdate'),
  );
  return (
    matchesAll(
      params,
      'name',
      (v) => anyWordStartsWith(patient.firstName, v) || anyWordStartsWith(patient.lastName, v),
    ) &&
    matchesAll(params, 'family', (v) => startsWithText(patient.lastName, v)) &&
    matchesAll(params, 'given', (v) => startsWithText(patient.firstName, v)) &&
    birthdates.every(
      (d) => patient.dob !== null && matchesDateParam(d, new Date(`${patient.dob}T00:00:00Z`)),
    )
  );
}

export const searchPatients: SearchHandler = async (call, search) => {
  const params = search.params;
  const named = [
    ...orValues(params, '_id'),
    ...tokenIds(params, 'identifier', identifierSystem(call.mapping, 'patient')),
  ];
  let candidates: Array<Patient | PatientDetail>;
  if (named.length) {
    // Every occurrence must name the patient: the intersection of the id lists.
    const ids = named.reduce((common, list) => common.filter((id) => list.includes(id)));
    const found = await Promise.all(
      [...new Set(ids)].map((id) =>
        call.client
          .getPatient(call.practiceId, id, call.ctx)
          .catch((error: { statusCode?: number }) => {
            if (error.statusCode === 404 || error.statusCode === 400) {
              return null;
            }
            throw error;
          }),
      ),
    );
    candidates = found.filter((patient) => patient !== null);
  } else {
    candidates = await scanPatients(call, params);
  }
  candidates = candidates.filter((patient) => patientMatches(patient, params));
  const phones = orValues(params, 'phone');
  if (phones.length) {
    if (candidates.length > PHONE_CANDIDATES_MAX) {
      throw new FhirError(400, 'phone: combine it with name, family, given or birthdate', [
        'phone',
      ]);
    }
    const details = await Promise.all(
      candidates.map((patient) => call.client.getPatient(call.practiceId, patient.id, call.ctx)),
    );
    candidates = details.filter((detail) =>
      phones.every((alternatives) =>
        alternatives.some((v) => digits(v) !== '' && digits(detail.phone).endsWith(digits(v))),
      ),
    );
  }
  return { matches: candidates.map((patient) => patientToFhir(patient, call.mapping)) };
};

export const readPatient: ReadHandler = async (call, id) =>
  patientToFhir(
    await readOr404('Patient', id, () => call.client.getPatient(call.practiceId, id, call.ctx)),
    call.mapping,
  );

function providerMatches(provider: Provider, params: readonly SearchParam[], call: FhirCall) {
  const providerSystem = identifierSystem(call.mapping, 'provider');
  return (
    matchesAll(params, '_id', (v) => v === provider.id) &&
    matchesAll(params, 'name', (v) =>
      [provider.firstName, provider.lastName, provider.displayName].some((text) =>
        anyWordStartsWith(text, v),
      ),
    ) &&
    matchesAll(params, 'identifier', (raw) => {
      const token = parseTokenParam(raw, 'identifier');
      const npi =
        (!token.system || token.system === CODE_SYSTEMS.npi) && token.code === provider.npi;
      const own = (!token.system || token.system === providerSystem) && token.code === provider.id;
      return npi || own;
    })
  );
}

const byId = <T extends { id: string }>(a: T, b: T) =>
  a.id.localeCompare(b.id, 'en', { numeric: true });

export const searchPractitioners: SearchHandler = async (call, search) => {
  const providers = await listAllProviders(call.client, call.practiceId, call.ctx);
  return {
    matches: providers
      .filter((provider) => providerMatches(provider, search.params, call))
      .sort(byId)
      .map((provider) => providerToFhir(provider, call.mapping)),
  };
};

export const readPractitioner: ReadHandler = async (call, id) => {
  const providers = await listAllProviders(call.client, call.practiceId, call.ctx);
  const provider = providers.find((candidate) => candidate.id === id);
  if (!provider) {
    throw unknownResource('Practitioner', id);
  }
  return providerToFhir(provider, call.mapping);
};

function departmentMatches(department: Department, params: readonly SearchParam[]) {
  const { line1, city, state, zip } = department.address;
  return (
    matchesAll(params, '_id', (v) => v === department.id) &&
    matchesAll(params, 'name', (v) => anyWordStartsWith(department.name, v)) &&
    matchesAll(params, 'address', (v) =>
      [line1, city, state, zip].some((part) => anyWordStartsWith(part, v)),
    ) &&
    matchesAll(params, 'address-city', (v) => startsWithText(city, v)) &&
    matchesAll(params, 'address-state', (v) => startsWithText(state, v)) &&
    matchesAll(params, 'address-postalcode', (v) => startsWithText(zip, v))
  );
}

export async function listDepartments(call: FhirCall): Promise<Department[]> {
  const { departments } = await call.client.listDepartments(call.practiceId, call.ctx);
  return [...departments].sort(byId);
}

export const searchLocations: SearchHandler = async (call, search) => ({
  matches: (await listDepartments(call))
    .filter((department) => departmentMatches(department, search.params))
    .map((department) => departmentToFhir(department, call.mapping)),
});

export const readLocation: ReadHandler = async (call, id) => {
  const department = (await listDepartments(call)).find((candidate) => candidate.id === id);
  if (!department) {
    throw unknownResource('Location', id);
  }
  return departmentToFhir(department, call.mapping);
};

/** The normalised layer has no practice record: the Organization names the EHR and practice. */
export const practiceOrganization = (call: FhirCall): Resource =>
  practiceToFhir(
    {
      name: `Practice ${call.practiceId} (${call.source === 'mock' ? 'Mock EHR' : 'athenahealth'})`,
    },
    call.mapping,
  );

export const readOrganization: ReadHandler = async (call, id) => {
  if (id !== call.practiceId) {
    throw unknownResource('Organization', id);
  }
  return practiceOrganization(call);
};
