import { INT4_MAX, type PatientDetail } from '@ehr-gateway/contracts';
import { normalisedPatient, type Practice } from '@ehr-gateway/synthetic-practice';

import type { MockEhrRepository, StoredPatient } from './mock-ehr-repository.js';

const storedPatientDetail = (patient: StoredPatient): PatientDetail => ({
  id: String(patient.id),
  firstName: patient.first_name,
  lastName: patient.last_name,
  dob: patient.dob,
  gender: patient.sex,
  phone: patient.phone,
  email: patient.email,
  address: { line1: null, city: patient.city, state: patient.state, zip: patient.zip },
  departmentId: String(patient.department_id),
  primaryProviderId: null,
});

/** A patient as lists show them: identity, no contact details. */
export const basicPatient = ({ id, firstName, lastName, dob, gender }: PatientDetail) => ({
  id,
  firstName,
  lastName,
  dob,
  gender,
});

const byName = (a: PatientDetail, b: PatientDetail) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  Number(a.id) - Number(b.id);

/** The Mock EHR's patients: the synthetic practice's seeds and those callers registered. */
export function createMockPatients(practice: Practice, repository: MockEhrRepository) {
  return {
    async byId(id: string): Promise<PatientDetail | undefined> {
      const seed = practice.patient(Number(id));
      if (seed) {
        return normalisedPatient(seed);
      }
      const stored = Number(id) <= INT4_MAX ? await repository.getPatient(Number(id)) : undefined;
      return stored ? storedPatientDetail(stored) : undefined;
    },

    /** Seeds and stored patients whose names start with the filter's, sorted by name. */
    async search(filter: { firstName?: string; lastName?: string; dob?: string }) {
      const first = filter.firstName?.toLowerCase();
      const last = filter.lastName?.toLowerCase();
      const seeds = practice.patients
        .filter(
          (p) =>
            (!first || p.firstName.toLowerCase().startsWith(first)) &&
            (!last || p.lastName.toLowerCase().startsWith(last)) &&
            (!filter.dob || p.dob === filter.dob),
        )
        .map(normalisedPatient);
      const stored = (await repository.searchPatients(filter)).map(storedPatientDetail);
      return [...seeds, ...stored].sort(byName);
    },
  };
}
