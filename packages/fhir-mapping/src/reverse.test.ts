import type {
  Appointment,
  Location,
  Patient,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';

import { appointmentFromFhir } from './appointment.js';
import { departmentFromFhir } from './location.js';
import { patientFromFhir } from './patient.js';
import { providerFromFhir } from './practitioner.js';
import { FhirMappingError, unwrapMapping } from './result.js';
import { scheduleFromFhir } from './schedule.js';
import { slotFromFhir } from './slot.js';

/**
 * FHIR → normalised with what real servers send: Epic's and Oracle Health's published examples,
 * reduced to the elements the mapping reads, with their ids, systems and orderings.
 */

const EPIC_PATIENT: Patient = {
  resourceType: 'Patient',
  id: 'erXuFYUfucBZaryVksYEcMg3',
  identifier: [
    {
      use: 'usual',
      type: { text: 'EPI' },
      system: 'urn:oid:1.2.840.114350.1.13.0.1.7.5.737384.0',
      value: 'E4007',
    },
    { use: 'usual', system: 'http://hl7.org/fhir/sid/us-ssn', value: '000-00-0000' },
  ],
  name: [
    { use: 'old', family: 'Lin', given: ['Camila'], period: { end: '2019-05-01' } },
    { use: 'usual', text: 'Cami Lopez', family: 'Lopez', given: ['Cami'] },
    { use: 'official', text: 'Camila Maria Lopez', family: 'Lopez', given: ['Camila', 'Maria'] },
  ],
  telecom: [
    { system: 'phone', value: '469-555-5555', use: 'home' },
    { system: 'phone', value: '469-888-8888', use: 'work' },
    { system: 'phone', value: '469-111-1111', use: 'mobile', period: { end: '2020-01-01' } },
    { system: 'email', value: 'knixontestemail@epic.com', rank: 1 },
  ],
  gender: 'female',
  birthDate: '1987-09-12',
  address: [
    {
      use: 'old',
      line: ['1 Old Rd'],
      city: 'Tulsa',
      state: 'OK',
      postalCode: '74101',
      period: { end: '2018-01-01' },
    },
    {
      use: 'home',
      line: ['3268 West Johnson St.', 'Apt 117'],
      city: 'GARLAND',
      state: 'TX',
      postalCode: '75043',
      country: 'US',
    },
  ],
  generalPractitioner: [
    {
      reference: 'Practitioner/eM5CWtq15N0WJeuCet5bJlQ3',
      display: 'Physician Family Medicine, MD',
    },
  ],
};

describe('patientFromFhir', () => {
  it("reads Epic's shape: the official current name, a current phone, the home address", () => {
    const result = patientFromFhir(EPIC_PATIENT);
    expect(result.ok).toBe(true);
    expect(unwrapMapping(result)).toEqual({
      id: 'erXuFYUfucBZaryVksYEcMg3',
      firstName: 'Camila',
      lastName: 'Lopez',
      dob: '1987-09-12',
      gender: 'F',
      phone: '469-555-5555',
      email: 'knixontestemail@epic.com',
      address: {
        line1: '3268 West Johnson St., Apt 117',
        city: 'GARLAND',
        state: 'TX',
        zip: '75043',
      },
      departmentId: null,
      primaryProviderId: 'eM5CWtq15N0WJeuCet5bJlQ3',
    });
    expect(result.warnings).toEqual([
      {
        path: 'Patient.name[2].given',
        message: 'middle names are not kept (first given name only)',
      },
    ]);
  });

  it('prefers a mobile phone and reads a name given only as text', () => {
    const result = patientFromFhir({
      resourceType: 'Patient',
      id: '12724066',
      name: [{ text: 'Wilma Smart' }],
      telecom: [
        { system: 'phone', value: '8168682222', use: 'home' },
        { system: 'phone', value: '8165551234', use: 'mobile' },
      ],
      gender: 'other',
      birthDate: '1990-05',
      generalPractitioner: [{ reference: 'Organization/675844' }],
    });
    expect(unwrapMapping(result)).toMatchObject({
      firstName: 'Wilma',
      lastName: 'Smart',
      phone: '8165551234',
      dob: null,
      gender: null,
      primaryProviderId: null,
    });
    expect(result.warnings.map((w) => w.path)).toEqual([
      'Patient.name[0].text',
      'Patient.birthDate',
      'Patient.gender',
      'Patient.generalPractitioner',
    ]);
  });

  it('says what makes a patient unusable', () => {
    const result = patientFromFhir({
      resourceType: 'Patient',
      name: [{ use: 'official', family: 'Doe' }],
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { path: 'Patient.id', message: 'the resource has no id' },
      { path: 'Patient.name[0].given', message: 'no given name' },
    ]);
    expect(() => unwrapMapping(result)).toThrow(FhirMappingError);
    expect(() => unwrapMapping(result)).toThrow(
      'Patient.id: the resource has no id; Patient.name[0].given: no given name',
    );
    const nameless = patientFromFhir({
      resourceType: 'Patient',
      id: 'x',
      name: [{ use: 'old', family: 'A', given: ['B'] }],
    });
    expect(!nameless.ok && nameless.errors).toEqual([
      { path: 'Patient.name', message: 'no current name' },
    ]);
  });
});

describe('providerFromFhir and departmentFromFhir', () => {
  const practitioner: Practitioner = {
    resourceType: 'Practitioner',
    id: '4122622',
    identifier: [
      { system: 'https://fhir.cerner.com/ceuuid', value: 'CE87CD7C-B1AF' },
      { system: 'http://hl7.org/fhir/sid/us-npi', value: '1730187710' },
    ],
    name: [
      {
        use: 'official',
        text: 'Cerner Test, Physician - Primary Care Cerner',
        family: 'Cerner Test',
        given: ['Physician - Primary Care'],
        suffix: ['M.D.'],
      },
    ],
  };
  const roles: PractitionerRole[] = [
    {
      resourceType: 'PractitionerRole',
      id: 'r1',
      practitioner: { reference: 'Practitioner/999' },
      specialty: [{ text: 'Dermatology' }],
    },
    {
      resourceType: 'PractitionerRole',
      id: 'r2',
      practitioner: { reference: 'Practitioner/4122622' },
      specialty: [
        {
          coding: [
            {
              system: 'http://nucc.org/provider-taxonomy',
              code: '207Q00000X',
              display: 'Family Medicine',
            },
          ],
        },
      ],
      location: [{ reference: 'Location/32216049' }, { reference: 'Location/21304876' }],
    },
  ];

  it("reads Oracle's practitioner with its role's specialty and first location", () => {
    const result = providerFromFhir(practitioner, roles);
    expect(unwrapMapping(result)).toEqual({
      id: '4122622',
      firstName: 'Physician - Primary Care',
      lastName: 'Cerner Test',
      displayName: 'Cerner Test, Physician - Primary Care Cerner',
      specialty: 'Family Medicine',
      npi: '1730187710',
      providerType: 'MD',
      homeDepartmentId: '32216049',
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      'several locations: the first is the home department',
    ]);
  });

  it('builds a display name when the server sends none, and needs a family name', () => {
    const plain = unwrapMapping(
      providerFromFhir({
        resourceType: 'Practitioner',
        id: 'p',
        name: [{ family: 'Ng', given: ['Ada'] }],
      }),
    );
    expect(plain).toMatchObject({
      displayName: 'Ada Ng',
      providerType: null,
      specialty: null,
      homeDepartmentId: null,
    });
    const result = providerFromFhir({
      resourceType: 'Practitioner',
      id: 'p',
      name: [{ given: ['Ada'] }],
    });
    expect(!result.ok && result.errors).toEqual([
      { path: 'Practitioner.name[0].family', message: 'no family name' },
    ]);
  });

  it('reads a Location with or without timezone and name', () => {
    const location: Location = {
      resourceType: 'Location',
      id: '32216049',
      status: 'inactive',
      alias: ['BH Clinic'],
      telecom: [
        { system: 'fax', value: '1' },
        { system: 'phone', value: '816-201-2222' },
      ],
      address: {
        line: ['2800 Rockcreek Pkwy'],
        city: 'Kansas City',
        state: 'MO',
        postalCode: '64117',
      },
    };
    const result = departmentFromFhir(location);
    expect(unwrapMapping(result)).toEqual({
      id: '32216049',
      name: 'BH Clinic',
      phone: '816-201-2222',
      timezone: null,
      address: { line1: '2800 Rockcreek Pkwy', city: 'Kansas City', state: 'MO', zip: '64117' },
    });
    expect(result.warnings.map((w) => w.path)).toEqual(['Location.name', 'Location.status']);
    expect(departmentFromFhir({ resourceType: 'Location', id: 'x' }).ok).toBe(false);
  });
});

describe('scheduleFromFhir and slotFromFhir', () => {
  const schedule: Schedule = {
    resourceType: 'Schedule',
    id: '24477854-21304876-62852027-0',
    actor: [
      { reference: 'Location/21304876' },
      { reference: 'HealthcareService/9' },
      { reference: 'Practitioner/24477854' },
    ],
  };
  const slot: Slot = {
    resourceType: 'Slot',
    id: '24477854-21304876-62852027-0',
    serviceType: [
      {
        coding: [
          {
            system: 'https://fhir.cerner.com/ec2458f2-1e24-41c8-b71b-0e701af7583d/codeSet/14249',
            code: '4047611',
            display: 'Office Visit',
          },
        ],
        text: 'Office Visit',
      },
    ],
    schedule: { reference: 'Schedule/24477854-21304876-62852027-0' },
    status: 'free',
    start: '2026-03-03T14:00:00Z',
    end: '2026-03-03T14:30:00Z',
  };

  it("reads an Oracle Slot by its Schedule's actors, in any order, typed by serviceType", () => {
    const result = slotFromFhir(slot, { schedule });
    expect(unwrapMapping(result)).toEqual({
      id: '24477854-21304876-62852027-0',
      departmentId: '21304876',
      providerId: '24477854',
      appointmentTypeId: '4047611',
      appointmentType: 'Office Visit',
      startTime: '2026-03-03T14:00:00Z',
      endTime: '2026-03-03T14:30:00Z',
      duration: 30,
    });
    expect(result.warnings.map((w) => w.path)).toEqual(['Schedule.actor[1]']);
  });

  it('reads the type from appointmentType, preferring the given code system', () => {
    const typed = {
      ...slot,
      serviceType: undefined,
      appointmentType: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v2-0276', code: 'ROUTINE' },
          { system: 'urn:epic:visit-type', code: '1004', display: 'New patient' },
        ],
      },
    };
    const read = unwrapMapping(
      slotFromFhir(typed, { schedule, appointmentTypeSystem: 'urn:epic:visit-type' }),
    );
    expect(read).toMatchObject({ appointmentTypeId: '1004', appointmentType: 'New patient' });
    expect(unwrapMapping(slotFromFhir(typed, { schedule }))).toMatchObject({
      appointmentTypeId: 'ROUTINE',
    });
  });

  it('says what it cannot map: a busy slot, a schedule it cannot place, no times', () => {
    const busy = slotFromFhir({ ...slot, status: 'busy' }, { schedule });
    expect(!busy.ok && busy.errors).toEqual([
      { path: 'Slot.status', message: 'the slot is busy, not free' },
    ]);
    const lost = slotFromFhir(slot);
    expect(!lost.ok && lost.errors[0]?.message).toMatch('are unknown: pass its Schedule');
    const timeless = slotFromFhir({ ...slot, end: undefined } as unknown as Slot, { schedule });
    expect(!timeless.ok && timeless.errors).toEqual([
      { path: 'Slot.start', message: 'no valid start and end' },
    ]);
  });

  it('resolves PractitionerRole actors through the roles, else refuses the schedule', () => {
    const byRole: Schedule = {
      resourceType: 'Schedule',
      id: 's',
      actor: [{ reference: 'PractitionerRole/r2' }],
    };
    const roles: PractitionerRole[] = [
      {
        resourceType: 'PractitionerRole',
        id: 'r2',
        practitioner: { reference: 'Practitioner/7' },
        location: [{ reference: 'Location/3' }],
      },
    ];
    const read = scheduleFromFhir(byRole, { roles });
    expect(unwrapMapping(read)).toEqual({ id: 's', providerId: '7', departmentId: '3' });
    expect(read.warnings.map((w) => w.message)).toEqual([
      "no Location actor: the practitioner role's location is used",
    ]);
    const unresolved = scheduleFromFhir(byRole);
    expect(!unresolved.ok && unresolved.errors.map((e) => e.message)).toEqual([
      'no Practitioner actor',
      'no Location actor',
    ]);
  });
});

describe('appointmentFromFhir', () => {
  const appointment: Appointment = {
    resourceType: 'Appointment',
    id: 'eWLhfjXHp4RUczv2om.7jfw3',
    status: 'booked',
    serviceType: [
      {
        coding: [
          {
            system: 'urn:oid:1.2.840.114350.1.13.0.1.7.10.698084.30',
            code: '1004',
            display: 'Office Visit',
          },
        ],
      },
    ],
    start: '2026-03-03T15:00:00Z',
    end: '2026-03-03T15:20:00Z',
    comment: 'Patient asked for an interpreter.',
    participant: [
      {
        actor: {
          reference: 'Location/e4W4rmGe9QzuGm2Dy4NBqVc0KDe6yGhXqxUM3gbA7H',
          display: 'EMC Family Medicine',
        },
        status: 'accepted',
      },
      {
        actor: {
          reference: 'Practitioner/eM5CWtq15N0WJeuCet5bJlQ3',
          display: 'Physician Family Medicine, MD',
        },
        status: 'accepted',
      },
      {
        actor: { reference: 'Patient/erXuFYUfucBZaryVksYEcMg3', display: 'Lopez, Camila Maria' },
        status: 'accepted',
      },
    ],
  };

  it("reads Epic's appointment with participants in any order", () => {
    const result = appointmentFromFhir(appointment);
    expect(unwrapMapping(result)).toEqual({
      id: 'eWLhfjXHp4RUczv2om.7jfw3',
      patientId: 'erXuFYUfucBZaryVksYEcMg3',
      providerId: 'eM5CWtq15N0WJeuCet5bJlQ3',
      startTime: '2026-03-03T15:00:00Z',
      endTime: '2026-03-03T15:20:00Z',
      duration: 20,
      appointmentType: 'Office Visit',
      appointmentTypeId: '1004',
      status: 'Scheduled',
      department: { id: 'e4W4rmGe9QzuGm2Dy4NBqVc0KDe6yGhXqxUM3gbA7H', name: 'EMC Family Medicine' },
      notes: 'Patient asked for an interpreter.',
    });
    expect(result.warnings).toEqual([]);
  });

  it('maps every R4 status, warning where meaning is lost and refusing what is no booking', () => {
    const read = (status: Appointment['status']) => appointmentFromFhir({ ...appointment, status });
    const statuses = (
      ['booked', 'arrived', 'checked-in', 'fulfilled', 'cancelled', 'noshow', 'pending'] as const
    ).map((status) => {
      const result = read(status);
      return [status, result.ok && result.value.status, result.warnings.length];
    });
    expect(statuses).toEqual([
      ['booked', 'Scheduled', 0],
      ['arrived', 'Checked In', 0],
      ['checked-in', 'Checked In', 0],
      ['fulfilled', 'Checked Out', 0],
      ['cancelled', 'Cancelled', 0],
      ['noshow', 'Cancelled', 1],
      ['pending', 'Scheduled', 1],
    ]);
    for (const status of ['proposed', 'waitlist', 'entered-in-error'] as const) {
      const result = read(status);
      expect(!result.ok && result.errors[0]?.path).toBe('Appointment.status');
    }
  });

  it('resolves a PractitionerRole participant and warns about what is missing', () => {
    const result = appointmentFromFhir(
      {
        ...appointment,
        participant: [
          { actor: { reference: 'PractitionerRole/r9' }, status: 'accepted' },
          { actor: { reference: 'Patient/1' }, status: 'accepted' },
          { actor: { reference: 'Patient/2' }, status: 'accepted' },
        ],
      },
      {
        roles: [
          {
            resourceType: 'PractitionerRole',
            id: 'r9',
            practitioner: { reference: 'Practitioner/55' },
          },
        ],
      },
    );
    expect(unwrapMapping(result)).toMatchObject({
      providerId: '55',
      patientId: '1',
      department: { id: '', name: null },
    });
    expect(result.warnings.map((w) => w.message)).toEqual([
      'several Patient participants: the first is used',
      'no Location participant: the department is unknown',
    ]);
    const timeless = appointmentFromFhir({ ...appointment, start: undefined, end: undefined });
    expect(!timeless.ok && timeless.errors[0]?.path).toBe('Appointment.start');
  });
});
