import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import { toAthenaDate } from '../src/wire-format.js';
import { json, setup, type ListBody, type Row, type Sandbox } from './helpers.js';

const practice = createPractice();
const seedPatient = practice.patients[0]!;

let sb: Sandbox;
beforeEach(async () => {
  sb = await setup();
});
afterEach(() => sb.app.close());

const NEW_PATIENT = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  dob: '12/10/1985',
  departmentid: '1',
  email: 'ada@example.com',
  sex: 'F',
};

describe('GET /patients', () => {
  it('lists patients with athena fields, mm/dd/yyyy dates and string values', async () => {
    const body = json<ListBody<'patients'>>(await sb.get('/patients?limit=5'));
    expect(body.totalcount).toBe(practice.patients.length);
    expect(body.patients).toHaveLength(5);
    expect(body.next).toBe('/v1/195900/patients?limit=5&offset=5');
    const patient = body.patients[0]!;
    expect(patient.patientid).toMatch(/^\d+$/);
    expect(patient.dob).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(patient.registrationdate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(patient).toMatchObject({ status: 'active', countrycode3166: 'US' });
    expect(Object.keys(patient)).toEqual(
      expect.arrayContaining([
        'firstname',
        'lastname',
        'sex',
        'email',
        'mobilephone',
        'address1',
        'city',
        'state',
        'zip',
        'departmentid',
        'primarydepartmentid',
        'balances',
      ]),
    );
  });

  it('finds patients by name (any case, from the start) and by dob', async () => {
    const { firstName, lastName, dob } = seedPatient;
    const byName = json<ListBody<'patients'>>(
      await sb.get(
        `/patients?firstname=${firstName.toUpperCase()}&lastname=${lastName.slice(0, 3).toLowerCase()}`,
      ),
    );
    expect(byName.patients.map((p) => p.patientid)).toContain(String(seedPatient.id));
    expect(
      byName.patients.every(
        (p) =>
          (p.firstname as string).toLowerCase() === firstName.toLowerCase() &&
          (p.lastname as string).toLowerCase().startsWith(lastName.slice(0, 3).toLowerCase()),
      ),
    ).toBe(true);

    const byDob = json<ListBody<'patients'>>(
      await sb.get(`/patients?lastname=${lastName}&dob=${toAthenaDate(dob)}`),
    );
    expect(byDob.patients.map((p) => p.patientid)).toContain(String(seedPatient.id));
    expect(byDob.patients.every((p) => p.dob === toAthenaDate(dob))).toBe(true);
  });

  it('filters by department and pages with the search repeated in next/previous', async () => {
    const all = practice.patients.filter((p) => p.departmentId === 21);
    const body = json<ListBody<'patients'>>(
      await sb.get('/patients?departmentid=21&limit=10&offset=10'),
    );
    expect(body.totalcount).toBe(all.length);
    expect(body.patients.every((p) => p.departmentid === '21')).toBe(true);
    expect(body.next).toBe('/v1/195900/patients?departmentid=21&limit=10&offset=20');
    expect(body.previous).toBe('/v1/195900/patients?departmentid=21&limit=10&offset=0');
  });

  it('reads upper-cased parameter names as athena’s next links write them', async () => {
    const body = json<ListBody<'patients'>>(await sb.get('/patients?DEPARTMENTID=21&LIMIT=1'));
    expect(body.patients).toHaveLength(1);
    expect(body.patients[0]!.departmentid).toBe('21');
  });

  it('answers 400 for a malformed dob or department', async () => {
    const dob = await sb.get('/patients?dob=1985-12-10');
    expect(dob.statusCode).toBe(400);
    expect(dob.json()).toMatchObject({ invalidfields: ['dob'] });
    expect((await sb.get('/patients?dob=02/30/1990')).statusCode).toBe(400);
    expect((await sb.get('/patients?departmentid=abc')).statusCode).toBe(400);
  });

  it('returns an empty page, not an error, when nothing matches', async () => {
    const body = json<ListBody<'patients'>>(await sb.get('/patients?lastname=Zzyzx'));
    expect(body).toEqual({ totalcount: 0, patients: [] });
  });
});

describe('GET /patients/{patientid}', () => {
  it('answers a one-item array', async () => {
    const body = json<Row[]>(await sb.get(`/patients/${seedPatient.id}`));
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      patientid: String(seedPatient.id),
      firstname: seedPatient.firstName,
      lastname: seedPatient.lastName,
      dob: toAthenaDate(seedPatient.dob),
      sex: seedPatient.sex,
      departmentid: String(seedPatient.departmentId),
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc']) {
      const response = await sb.get(`/patients/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Patient not found.' });
    }
  });
});

describe('GET /patients/enhancedbestmatch', () => {
  it('answers a bare array of matches with string scores', async () => {
    const { firstName, lastName, dob } = seedPatient;
    const response = await sb.get(
      `/patients/enhancedbestmatch?firstname=${firstName.toLowerCase()}&lastname=${lastName}&dob=${toAthenaDate(dob)}`,
    );
    expect(response.statusCode).toBe(200);
    const body = json<Row[]>(response);
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]).toMatchObject({ patientid: String(seedPatient.id), score: '26' });
    expect(body.every((row) => typeof row.score === 'string')).toBe(true);
  });

  it('returns nothing for an unknown person', async () => {
    const body = json<Row[]>(
      await sb.get('/patients/enhancedbestmatch?firstname=No&lastname=Body&dob=01/01/1901'),
    );
    expect(body).toEqual([]);
  });

  it('answers 400 listing the missing fields, and Improper DOB for a bad date', async () => {
    const missing = await sb.get('/patients/enhancedbestmatch?firstname=Ada');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      invalidfields: [],
      missingfields: ['lastname', 'dob'],
      error: 'Additional fields are required.',
    });
    const bad = await sb.get('/patients/enhancedbestmatch?firstname=A&lastname=B&dob=1985-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Improper DOB.' });
  });
});

describe('POST /patients', () => {
  it('answers the recorded 400 listing missing required fields', async () => {
    const response = await sb.post('/patients', { email: 'x@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      invalidfields: [],
      missingfields: ['firstname', 'lastname', 'dob', 'departmentid'],
      error: 'Additional fields are required.',
    });
  });

  it('requires one contact field besides the name and birth date', async () => {
    const { email: _email, ...noContact } = NEW_PATIENT;
    const response = await sb.post('/patients', noContact);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      invalidfields: [],
      missingfields: [],
      error: 'Additional fields are required.',
      detailedmessage:
        'At least one of email, guarantoremail, ssn, homephone, mobilephone, workphone, zip is required.',
    });
  });

  it('answers "Improper DOB." for a malformed, impossible or future dob', async () => {
    for (const dob of ['1985-12-10', '13/01/1990', '02/30/1990', '01/01/2030']) {
      const response = await sb.post('/patients', { ...NEW_PATIENT, dob });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Improper DOB.' });
    }
  });

  it('answers 400 naming invalid fields', async () => {
    const response = await sb.post('/patients', {
      ...NEW_PATIENT,
      departmentid: '999',
      sex: 'X',
      mobilephone: '12345',
      zip: 'ABCDE',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.missingfields).toEqual([]);
    expect([...body.invalidfields].sort()).toEqual(['departmentid', 'mobilephone', 'sex', 'zip']);
  });

  it('registers a patient and answers [{patientid}]; the patient can be read and found', async () => {
    const response = await sb.post('/patients', { ...NEW_PATIENT, mobilephone: '(617) 234-5678' });
    expect(response.statusCode).toBe(200);
    const body = json<Row[]>(response);
    expect(body).toEqual([{ patientid: expect.stringMatching(/^\d+$/) }]);
    const id = body[0]!.patientid as string;
    const read = json<Row[]>(await sb.get(`/patients/${id}`))[0]!;
    expect(read).toMatchObject({
      patientid: id,
      firstname: 'Ada',
      lastname: 'Lovelace',
      dob: '12/10/1985',
      departmentid: '1',
      primarydepartmentid: '1',
      mobilephone: '6172345678',
      registrationdate: '03/02/2026',
      status: 'active',
    });
    const found = json<ListBody<'patients'>>(await sb.get('/patients?lastname=lovelace'));
    expect(found.patients.map((p) => p.patientid)).toEqual([id]);
  });

  it('returns the existing patient for the same name and dob in any case', async () => {
    const first = json<Row[]>(await sb.post('/patients', NEW_PATIENT))[0]!.patientid;
    const again = await sb.post('/patients', {
      ...NEW_PATIENT,
      firstname: 'ADA',
      lastname: 'lovelace',
      email: 'other@example.com',
    });
    expect(again.statusCode).toBe(200);
    expect(json<Row[]>(again)).toEqual([{ patientid: first }]);

    const { firstName, lastName, dob, departmentId } = seedPatient;
    const seeded = await sb.post('/patients', {
      firstname: firstName,
      lastname: lastName,
      dob: toAthenaDate(dob),
      departmentid: String(departmentId),
      zip: '02110',
    });
    expect(json<Row[]>(seeded)).toEqual([{ patientid: String(seedPatient.id) }]);
    const stats = (await sb.app.inject({ url: '/_sandbox/stats' })).json();
    expect(stats.patientsCreated).toBe(1);
  });

  it('creates a second record with bypasspatientmatching=true', async () => {
    const first = json<Row[]>(await sb.post('/patients', NEW_PATIENT))[0]!.patientid;
    const second = json<Row[]>(
      await sb.post('/patients', { ...NEW_PATIENT, bypasspatientmatching: 'true' }),
    )[0]!.patientid;
    expect(second).not.toBe(first);
  });

  it('stores only the last four digits of an ssn', async () => {
    const { email: _email, ...rest } = NEW_PATIENT;
    const id = json<Row[]>(await sb.post('/patients', { ...rest, ssn: '123-45-6789' }))[0]!
      .patientid;
    expect(json<Row[]>(await sb.get(`/patients/${id as string}`))[0]!.ssn).toBe('*****6789');
  });
});

describe('PUT /patients/{patientid}', () => {
  it('updates fields from the form or the query string', async () => {
    const response = await sb.put(`/patients/${seedPatient.id}`, { email: 'new@example.com' });
    expect(response.statusCode).toBe(200);
    expect(json<Row[]>(response)).toEqual([{ patientid: String(seedPatient.id) }]);
    const viaQuery = await sb.app.inject({
      method: 'PUT',
      url: `/v1/195900/patients/${seedPatient.id}?zip=02115`,
      headers: { authorization: `Bearer ${sb.bearer}` },
    });
    expect(viaQuery.statusCode).toBe(200);
    const read = json<Row[]>(await sb.get(`/patients/${seedPatient.id}`))[0]!;
    expect(read).toMatchObject({ email: 'new@example.com', zip: '02115' });
  });

  it('validates like POST and answers 404 for an unknown patient', async () => {
    const bad = await sb.put(`/patients/${seedPatient.id}`, { dob: '1/1/19' });
    expect(bad.json()).toEqual({ error: 'Improper DOB.' });
    expect((await sb.put('/patients/999999', { email: 'a@b.co' })).statusCode).toBe(404);
  });
});
