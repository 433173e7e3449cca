import type { Practice } from '@ehr-gateway/synthetic-practice';

import { seedPatientRecord, type PatientRecord } from './serializers.js';

/** Patients registered on the sandbox get ids from here up, apart from the seed's. */
const FIRST_CREATED_ID = 20_001;

export interface PatientSearch {
  firstname?: string;
  lastname?: string;
  dob?: string;
  departmentid?: string;
  email?: string;
  zip?: string;
  phone?: string;
  status?: string;
}

export interface MatchQuery {
  firstname: string;
  lastname: string;
  dob: string;
  email?: string;
  phone?: string;
  zip?: string;
}

const lower = (value: string | undefined) => (value ?? '').toLowerCase();
const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');

const byName = (a: PatientRecord, b: PatientRecord) =>
  lower(a.lastname).localeCompare(lower(b.lastname)) ||
  lower(a.firstname).localeCompare(lower(b.firstname)) ||
  Number(a.patientid) - Number(b.patientid);

/** The practice's patients plus those registered or updated through the sandbox. */
export function createPatientStore(practice: Practice) {
  const seed = () =>
    new Map(practice.patients.map((patient) => [String(patient.id), seedPatientRecord(patient)]));
  let patients = seed();
  let nextId = FIRST_CREATED_ID;

  const all = () => [...patients.values()];

  return {
    get: (id: string): PatientRecord | undefined => patients.get(id),

    /** Names match case-insensitively from their start; other fields exactly. */
    search(filter: PatientSearch): PatientRecord[] {
      const first = lower(filter.firstname);
      const last = lower(filter.lastname);
      const phone = digits(filter.phone);
      return all()
        .filter(
          (p) =>
            lower(p.firstname).startsWith(first) &&
            lower(p.lastname).startsWith(last) &&
            (!filter.dob || p.dob === filter.dob) &&
            (!filter.departmentid || p.departmentid === filter.departmentid) &&
            (!filter.email || lower(p.email) === lower(filter.email)) &&
            (!filter.zip || (p.zip ?? '').startsWith(filter.zip)) &&
            (!filter.status || lower(p.status) === lower(filter.status)) &&
            (!phone ||
              [p.homephone, p.mobilephone, p.workphone].some((number) => digits(number) === phone)),
        )
        .sort(byName);
    },

    /** Same first name, last name (any case) and birth date: athena's duplicate rule. */
    findDuplicate(firstname: string, lastname: string, dob: string): PatientRecord | undefined {
      return all()
        .filter(
          (p) =>
            lower(p.firstname) === lower(firstname) &&
            lower(p.lastname) === lower(lastname) &&
            p.dob === dob,
        )
        .sort((a, b) => Number(a.patientid) - Number(b.patientid))[0];
    },

    /**
     * enhancedbestmatch's scoring, simplified: birth date 10, last name 8, first name 8 (6 when
     * only its start matches), email, phone and zip 2 each. Best first.
     */
    bestMatches(query: MatchQuery, minScore: number): Array<[PatientRecord, number]> {
      const scored = all().map((p): [PatientRecord, number] => {
        let score = 0;
        score += p.dob === query.dob ? 10 : 0;
        score += lower(p.lastname) === lower(query.lastname) ? 8 : 0;
        if (lower(p.firstname) === lower(query.firstname)) {
          score += 8;
        } else if (
          lower(query.firstname).length >= 2 &&
          (lower(p.firstname).startsWith(lower(query.firstname)) ||
            lower(query.firstname).startsWith(lower(p.firstname)))
        ) {
          score += 6;
        }
        score += query.email && lower(p.email) === lower(query.email) ? 2 : 0;
        score += query.zip && p.zip === query.zip ? 2 : 0;
        const phone = digits(query.phone);
        score +=
          phone && [p.homephone, p.mobilephone, p.workphone].some((n) => digits(n) === phone)
            ? 2
            : 0;
        return [p, score];
      });
      return scored
        .filter(([, score]) => score >= minScore)
        .sort(([a, x], [b, y]) => y - x || Number(a.patientid) - Number(b.patientid));
    },

    create(fields: PatientRecord): PatientRecord {
      const patientid = String(nextId);
      nextId += 1;
      const record: PatientRecord = {
        ...fields,
        patientid,
        primarydepartmentid: fields.departmentid ?? '',
        countrycode: 'USA',
        countrycode3166: 'US',
        status: 'active',
      };
      patients.set(patientid, record);
      return record;
    },

    update(id: string, fields: PatientRecord): PatientRecord | undefined {
      const current = patients.get(id);
      if (!current) {
        return undefined;
      }
      const updated: PatientRecord = {
        ...current,
        ...fields,
        ...(fields.departmentid ? { primarydepartmentid: fields.departmentid } : {}),
        patientid: id,
      };
      patients.set(id, updated);
      return updated;
    },

    /** Patients registered through the sandbox. */
    created: () => nextId - FIRST_CREATED_ID,

    reset() {
      patients = seed();
      nextId = FIRST_CREATED_ID;
    },
  };
}

export type PatientStore = ReturnType<typeof createPatientStore>;
