import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import { createPractice } from '@ehr-gateway/synthetic-practice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { patientToFhir } from '@ehr-gateway/fhir-mapping';

import { isPhiField, maskJson, maskQuery, maskText } from './phi-masking.js';

const practice = createPractice();
const patient = practice.patient(1001)!;
/** Everything that identifies this synthetic patient, as text that must not survive masking. */
const identifying = [
  patient.firstName,
  patient.lastName,
  patient.dob,
  patient.email,
  patient.mobilePhone,
  patient.address1,
].filter((value): value is string => typeof value === 'string' && value.length > 3);

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return identifying.filter((needle) => text.includes(needle));
};

describe('PHI field names', () => {
  it.each([
    'firstName',
    'firstname',
    'first_name',
    'FIRST-NAME',
    'guarantorFirstName',
    'homephone',
    'address1',
    'zip',
    'date_of_birth',
    'notes',
    'content',
  ])('%s is patient data', (key) => expect(isPhiField(key)).toBe(true));

  it.each([
    'patientId',
    'patient_id',
    'appointmentId',
    'providerid',
    'departmentId',
    'status',
    'name',
    'specialty',
  ])('%s is not', (key) => expect(isPhiField(key)).toBe(false));
});

describe('masking free text', () => {
  it('masks dates, phone numbers, emails and SSNs, and leaves the rest', () => {
    expect(
      maskText(
        'Born 02/02/1980 (1980-02-02, Feb 2, 1980); call (617) 555-0142 or 617.555.0199, mail a.b@example.org, SSN 123-45-6789, about the 3 pm visit',
      ),
    ).toBe('Born *** (***, ***); call *** or ***, mail ***, SSN ***, about the 3 pm visit');
    expect(maskText('from +16175550187 and +1 617 555 0142, ticket 20261124-7')).toBe(
      'from *** and ***, ticket 20261124-7',
    );
  });

  it('masks every field of an object that describes one person, ids kept', () => {
    expect(
      maskJson({ call: { customer: { id: 'c-1', name: 'Ann Lee', number: '+16175550187' } } }),
    ).toEqual({ call: { customer: { id: 'c-1', name: '***', number: '***' } } });
  });
});

describe('masking what the gateway sees, in the shapes it sees it', () => {
  let sandbox: ReturnType<typeof buildSandbox>;
  let token: string;
  beforeAll(async () => {
    sandbox = buildSandbox({ tokenLimitPerMinute: 1000 });
    const issued = await sandbox.inject({
      method: 'POST',
      url: '/oauth2/v1/token',
      headers: {
        authorization: `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    token = issued.json().access_token as string;
  });
  afterAll(() => sandbox.close());

  const athena = async (path: string) =>
    (
      await sandbox.inject({
        url: `/v1/195900${path}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as unknown;

  it('an athena patient answer', async () => {
    const answer = await athena('/patients/1001');
    expect(leaks(answer).length).toBeGreaterThan(0);
    const masked = maskJson(answer) as Array<Record<string, unknown>>;
    expect(leaks(masked)).toEqual([]);
    expect(masked[0]).toMatchObject({ patientid: '1001' });
  });

  it('an athena appointment list', async () => {
    const date = practice
      .scheduledSlots({ startDate: '2026-12-01', endDate: '2026-12-31' })
      .find((slot) => practice.seedAppointment(slot))!.date;
    const [month, day, year] = [date.slice(5, 7), date.slice(8), date.slice(0, 4)];
    const answer = await athena(
      `/appointments/booked?departmentid=1&startdate=${month}/${day}/${year}&enddate=${month}/${day}/${year}`,
    );
    const masked = maskJson(answer) as { appointments: Array<Record<string, unknown>> };
    expect(JSON.stringify(masked)).not.toContain(`${month}/${day}/${year}`);
    expect(masked.appointments[0]).toMatchObject({ appointmentid: expect.any(String) });
  });

  it('a Mock EHR (normalized) patient answer', () => {
    const answer = {
      id: String(patient.id),
      firstName: patient.firstName,
      lastName: patient.lastName,
      dob: patient.dob,
      gender: patient.sex,
      phone: patient.mobilePhone,
      email: patient.email,
      address: {
        line1: patient.address1,
        city: patient.city,
        state: patient.state,
        zip: patient.zip,
      },
      departmentId: String(patient.departmentId),
      primaryProviderId: null,
    };
    const masked = maskJson(answer) as Record<string, unknown>;
    expect(leaks(masked)).toEqual([]);
    expect(masked).toMatchObject({
      id: String(patient.id),
      departmentId: String(patient.departmentId),
    });
  });

  it('a Vapi tool call, with arguments as a JSON string and as an object', () => {
    const args = {
      firstName: patient.firstName,
      lastName: patient.lastName,
      dob: patient.dob,
      phone: patient.mobilePhone,
    };
    const payload = {
      message: {
        type: 'tool-calls',
        call: { id: 'call-1', customer: { number: patient.mobilePhone } },
        toolCallList: [
          {
            id: 'tc-1',
            type: 'function',
            function: { name: 'verify_patient', arguments: JSON.stringify(args) },
          },
          { id: 'tc-2', type: 'function', function: { name: 'verify_patient', arguments: args } },
        ],
        artifact: {
          messages: [{ role: 'user', message: `This is ${patient.firstName} ${patient.lastName}` }],
        },
      },
    };
    const masked = maskJson(payload) as typeof payload;
    expect(leaks(masked)).toEqual([]);
    expect(masked.message.toolCallList[0]!.id).toBe('tc-1');
    expect(masked.message.toolCallList[1]!.function.name).toBe('verify_patient');
  });

  it('an aggregation booking body and a smart-scheduling conversation', () => {
    const booking = {
      patient: {
        firstname: patient.firstName,
        lastname: patient.lastName,
        dob: patient.dob,
        email: patient.email,
        sex: 'F',
        city: patient.city,
        state: 'IL',
        zip: patient.zip,
        departmentid: '21',
      },
      appointment: {
        appointmentTypeId: '7',
        departmentId: '21',
        date: '2026-12-01',
        notes: 'cough for a week',
      },
    };
    const conversation = {
      messages: [
        {
          role: 'user',
          content: `Hi, this is ${patient.firstName} ${patient.lastName}, born ${patient.dob}`,
        },
      ],
      patientInfo: { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob },
      practiceId: '12345',
    };
    const masked = maskJson({ booking, scheduling: conversation });
    expect(leaks(masked)).toEqual([]);
    expect(JSON.stringify(masked)).not.toContain('cough');
    expect(masked).toMatchObject({
      booking: {
        patient: { departmentid: '21', state: 'IL' },
        appointment: { appointmentTypeId: '7' },
      },
      scheduling: { practiceId: '12345' },
    });
  });
});

describe("FHIR's shapes", () => {
  const fhirPatient = patientToFhir(
    {
      id: '1001',
      firstName: patient.firstName,
      lastName: patient.lastName,
      dob: patient.dob,
      gender: 'F',
      phone: patient.mobilePhone,
      email: patient.email,
      address: { line1: patient.address1, city: 'Springfield', state: 'MA', zip: '01101' },
      departmentId: null,
      primaryProviderId: null,
    },
    { source: 'mock', practiceId: '12345' },
  );

  it('masks name[].family and given, birthDate, telecom, address and identifier values', () => {
    const masked = maskJson({ resourceType: 'Bundle', entry: [{ resource: fhirPatient }] });
    expect(leaks(masked)).toEqual([]);
    expect(JSON.stringify(masked)).not.toContain('01101');
    const resource = (masked as { entry: [{ resource: typeof fhirPatient }] }).entry[0].resource;
    expect(resource.id).toBe('1001');
    expect(resource.resourceType).toBe('Patient');
  });

  it('keeps a name that is text (a Location), masks one that is a HumanName list', () => {
    expect(maskJson({ name: 'Downtown Clinic' })).toEqual({ name: 'Downtown Clinic' });
    expect(maskJson({ name: [{ text: 'Jane Roe' }] })).toEqual({ name: [{ text: '***' }] });
  });

  it('masks search parameters and the queries of Bundle links', () => {
    const query = {
      name: patient.lastName,
      'given:exact': patient.firstName,
      birthdate: `ge${patient.dob}`,
      _count: '20',
    };
    expect(leaks(maskQuery(query))).toEqual([]);
    expect(maskQuery(query)).toMatchObject({ _count: '20' });
    const link = `http://gw.example/fhir/r4/mock/12345/Patient?family=${patient.lastName}&birthdate=${patient.dob}&_count=5`;
    const masked = maskJson({ link: [{ relation: 'self', url: link }] });
    expect(leaks(masked)).toEqual([]);
    expect(JSON.stringify(masked)).toContain('/fhir/r4/mock/12345/Patient?family=***');
  });
});
