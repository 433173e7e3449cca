import type { IsoDate } from '@ehr-gateway/calendar';
import type { Practice } from '@ehr-gateway/synthetic-practice';

import { improperDob, invalidFields, missingFields } from './errors.js';
import type { Params } from './params.js';
import type { PatientRecord } from './serializers.js';
import { parseAthenaDate, toAthenaDate } from './wire-format.js';

/** Fields POST and PUT /patients accept and store; anything else is ignored, as athena does. */
const TEXT_FIELDS = [
  'firstname',
  'lastname',
  'middlename',
  'preferredname',
  'suffix',
  'sex',
  'email',
  'homephone',
  'mobilephone',
  'workphone',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'departmentid',
  'primaryproviderid',
  'contactpreference',
  'consenttocall',
  'consenttotext',
  'guarantorfirstname',
  'guarantorlastname',
  'guarantoremail',
  'guarantorphone',
  'maritalstatus',
  'language6392code',
] as const;

const REQUIRED = ['firstname', 'lastname', 'dob', 'departmentid'];
/** athena wants at least one way to tell patients apart besides name and birth date. */
export const CONTACT_FIELDS = [
  'email',
  'guarantoremail',
  'ssn',
  'homephone',
  'mobilephone',
  'workphone',
  'zip',
];

/** athena's field length limits (most patient fields are 20 characters). */
const MAX_LENGTH: Record<string, number> = {
  lastname: 30,
  address1: 100,
  address2: 100,
  city: 30,
  zip: 10,
  email: 50,
  guarantoremail: 50,
};

const PHONE_FIELDS = new Set(['homephone', 'mobilephone', 'workphone', 'guarantorphone']);

/** NANP phone: ten digits (a leading 1 is dropped), area code and exchange not starting 0/1. */
function normalizePhone(text: string): string | null {
  let digits = text.replace(/[\s().+-]/g, '');
  if (/^1\d{10}$/.test(digits)) {
    digits = digits.slice(1);
  }
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

function checkDob(text: string, today: IsoDate): IsoDate {
  const dob = parseAthenaDate(text);
  if (!dob || dob > today || dob < '1880-01-01') {
    throw improperDob();
  }
  return dob;
}

/** A new patient needs a name, birth date, department and one way to tell them apart. */
function requireCreateFields(params: Params) {
  const missing = REQUIRED.filter((name) => !params.has(name));
  const noContact = !CONTACT_FIELDS.some((name) => params.has(name));
  if (missing.length || noContact) {
    throw missingFields(
      missing,
      noContact ? `At least one of ${CONTACT_FIELDS.join(', ')} is required.` : undefined,
    );
  }
}

/** The text fields the form sets, within athena's lengths, phones as ten digits. */
function readTextFields(params: Params, record: PatientRecord): string[] {
  const invalid: string[] = [];
  for (const name of TEXT_FIELDS) {
    const value = params.get(name);
    if (value === undefined) {
      continue;
    }
    if (value.length > (MAX_LENGTH[name] ?? (name.startsWith('address') ? 100 : 20))) {
      invalid.push(name);
    } else if (PHONE_FIELDS.has(name)) {
      const phone = normalizePhone(value);
      if (phone) {
        record[name] = phone;
      } else {
        invalid.push(name);
      }
    } else {
      record[name] = value;
    }
  }
  return invalid;
}

/** The fields whose form athena checks (sex and state upper-cased first, as athena stores them). */
function checkFormats(record: PatientRecord, practice: Practice): string[] {
  const invalid: string[] = [];
  if (record.sex !== undefined) {
    record.sex = record.sex.toUpperCase();
    if (!['M', 'F'].includes(record.sex)) {
      invalid.push('sex');
    }
  }
  for (const name of ['email', 'guarantoremail']) {
    if (record[name] !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(record[name])) {
      invalid.push(name);
    }
  }
  if (record.zip !== undefined && !/^\d{5}(-?\d{4})?$/.test(record.zip)) {
    invalid.push('zip');
  }
  if (record.state !== undefined) {
    record.state = record.state.toUpperCase();
    if (!/^[A-Z]{2}$/.test(record.state)) {
      invalid.push('state');
    }
  }
  if (record.departmentid !== undefined && !practice.department(Number(record.departmentid))) {
    invalid.push('departmentid');
  }
  if (
    record.primaryproviderid !== undefined &&
    !practice.provider(Number(record.primaryproviderid))
  ) {
    invalid.push('primaryproviderid');
  }
  return invalid;
}

/** athena keeps only the SSN's last four digits visible. */
function readSsn(params: Params, record: PatientRecord): string[] {
  const ssn = params.get('ssn');
  if (ssn === undefined) {
    return [];
  }
  const digits = ssn.replace(/-/g, '');
  if (!/^\d{9}$/.test(digits)) {
    return ['ssn'];
  }
  record.ssn = `*****${digits.slice(-4)}`;
  return [];
}

/**
 * The stored fields a POST or PUT /patients form sets, validated as athena would: the recorded
 * missing-fields and "Improper DOB." 400s, and a 400 naming every other invalid field.
 */
export function readPatientFields(
  params: Params,
  practice: Practice,
  today: IsoDate,
  mode: 'create' | 'update',
): PatientRecord {
  if (mode === 'create') {
    requireCreateFields(params);
  }
  const record: PatientRecord = {};
  const dob = params.get('dob');
  if (dob !== undefined) {
    record.dob = toAthenaDate(checkDob(dob, today));
  }
  const invalid = [
    ...readTextFields(params, record),
    ...checkFormats(record, practice),
    ...readSsn(params, record),
  ];
  if (invalid.length) {
    const fields = [...new Set(invalid)];
    throw invalidFields(fields, `Invalid values for: ${fields.join(', ')}.`);
  }
  if (record.departmentid !== undefined) {
    record.departmentid = String(Number(record.departmentid));
  }
  return record;
}
