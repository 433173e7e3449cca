import { describe, expect, it } from 'vitest';

import type { AppointmentDetail, OpenSlot, PatientDetail, Provider } from '@ehr-gateway/contracts';

import { appointmentToFhir } from './appointment.js';
import { bookingFromFhir, statusChangeFromPatch } from './booking.js';
import { bundleIncludes, bundleMatches, nextPageUrl, searchsetBundle } from './bundle.js';
import { decodeScheduleId, decodeSlotId } from './ids.js';
import { departmentToFhir } from './location.js';
import { genderToFhir, patientToFhir } from './patient.js';
import { providerToFhir } from './practitioner.js';
import { FhirMappingError } from './result.js';
import { slotToFhir } from './slot.js';
import { identifierSystem } from './systems.js';

const context = { source: 'athena', practiceId: '195900' };

const patient: PatientDetail = {
  id: '1001',
  firstName: 'Ann',
  lastName: 'Lee',
  dob: '1990-05-01',
  gender: 'F',
  phone: '6175550134',
  email: null,
  address: { line1: null, city: 'Boston', state: 'MA', zip: null },
  departmentId: '1',
  primaryProviderId: null,
};

const slot: OpenSlot = {
  id: '101204561020',
  departmentId: '1',
  providerId: '101',
  appointmentTypeId: '5',
  appointmentType: 'Annual Physical',
  startTime: '2026-03-03T08:00:00-05:00',
  endTime: '2026-03-03T08:40:00-05:00',
  duration: 40,
};

describe('normalised → FHIR', () => {
  it('names the source and practice in identifier systems', () => {
    expect(identifierSystem(context, 'patient')).toBe('urn:ehr-gateway:athena:195900:patient');
    expect(identifierSystem({ source: 'fhir', practiceId: 'a:b c' }, 'practice')).toBe(
      'urn:ehr-gateway:fhir:a%3Ab%20c:practice',
    );
  });

  it('writes a US Core Patient with only what the EHR knows', () => {
    expect(patientToFhir(patient, context)).toEqual({
      resourceType: 'Patient',
      id: '1001',
      meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient'] },
      identifier: [
        {
          type: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
                code: 'MR',
                display: 'Medical record number',
              },
            ],
            text: 'Medical record number',
          },
          system: 'urn:ehr-gateway:athena:195900:patient',
          value: '1001',
        },
      ],
      active: true,
      name: [{ use: 'official', family: 'Lee', given: ['Ann'] }],
      gender: 'female',
      birthDate: '1990-05-01',
      telecom: [{ system: 'phone', value: '6175550134', use: 'mobile' }],
      address: [{ use: 'home', city: 'Boston', state: 'MA' }],
      managingOrganization: { reference: 'Organization/195900' },
    });
    const basic = patientToFhir(
      { id: '7', firstName: 'A', lastName: 'B', dob: null, gender: null },
      context,
    );
    expect(basic).not.toHaveProperty('birthDate');
    expect(basic).not.toHaveProperty('telecom');
    expect(basic.gender).toBe('unknown');
  });

  it('reads EHR sex codes as administrative gender', () => {
    expect(['M', 'f', 'Male', 'O', 'U', 'X', '', null, 'n/a'].map((g) => genderToFhir(g))).toEqual([
      'male',
      'female',
      'male',
      'other',
      'unknown',
      'other',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('writes the credential as a v2-0360 qualification and name suffix', () => {
    const provider: Provider = {
      id: '101',
      firstName: 'Rita',
      lastName: 'Moss',
      displayName: 'Rita Moss, NP',
      specialty: 'Pediatrics',
      npi: '1234567893',
      providerType: 'NP',
      homeDepartmentId: '21',
    };
    const practitioner = providerToFhir(provider, context);
    expect(practitioner.name).toEqual([
      { use: 'official', text: 'Rita Moss, NP', family: 'Moss', given: ['Rita'], suffix: ['NP'] },
    ]);
    expect(practitioner.identifier?.[1]).toEqual({
      system: 'http://hl7.org/fhir/sid/us-npi',
      value: '1234567893',
    });
    expect(practitioner.qualification?.[0]?.code.coding?.[0]).toEqual({
      system: 'http://terminology.hl7.org/CodeSystem/v2-0360|2.7',
      code: 'NP',
      display: 'Nurse practitioner',
    });
    const unknownDegree = providerToFhir({ ...provider, providerType: 'LCSW', npi: null }, context);
    expect(unknownDegree.qualification).toEqual([{ code: { text: 'LCSW' } }]);
    expect(unknownDegree.identifier).toHaveLength(1);
  });

  it('writes the department timezone in the HL7 timezone extension', () => {
    const location = departmentToFhir(
      {
        id: '1',
        name: 'Downtown',
        address: { line1: '1 Main St', city: null, state: null, zip: null },
        phone: null,
        timezone: 'America/New_York',
      },
      context,
    );
    expect(location.extension).toEqual([
      { url: 'http://hl7.org/fhir/StructureDefinition/timezone', valueCode: 'America/New_York' },
    ]);
    expect(location.address).toEqual({ use: 'work', line: ['1 Main St'] });
    expect(location).not.toHaveProperty('telecom');
  });

  it('writes a Slot in its provider-and-department Schedule, typed twice', () => {
    const resource = slotToFhir(slot, context);
    expect(decodeSlotId(resource.id!)).toEqual({
      slotId: '101204561020',
      departmentId: '1',
      providerId: '101',
      appointmentTypeId: '5',
    });
    expect(decodeScheduleId(resource.schedule.reference!.split('/')[1]!)).toEqual({
      providerId: '101',
      departmentId: '1',
    });
    const type = {
      coding: [
        {
          system: 'urn:ehr-gateway:athena:195900:appointment-type',
          code: '5',
          display: 'Annual Physical',
        },
      ],
      text: 'Annual Physical',
    };
    expect(resource).toMatchObject({
      status: 'free',
      start: slot.startTime,
      end: slot.endTime,
      serviceType: [type],
      appointmentType: type,
    });
    expect(slotToFhir(slot, context, { status: 'busy', id: slot.id })).toMatchObject({
      id: slot.id,
      status: 'busy',
    });
    expect(slotToFhir({ ...slot, appointmentTypeId: null }, context)).not.toHaveProperty(
      'serviceType',
    );
  });

  const detail: AppointmentDetail = {
    id: '101204561020',
    patientId: '1001',
    providerId: '101',
    startTime: slot.startTime,
    endTime: slot.endTime,
    appointmentType: 'Annual Physical',
    status: 'Scheduled',
    appointmentTypeId: '5',
    duration: 40,
    department: { id: '1', name: 'Downtown' },
    notes: null,
  };

  it('writes an Appointment with its participants and the slot it holds', () => {
    const resource = appointmentToFhir(detail, context, { slotId: detail.id });
    expect(resource.status).toBe('booked');
    expect(resource.participant.map((p) => [p.actor?.reference, p.status])).toEqual([
      ['Patient/1001', 'accepted'],
      ['Practitioner/101', 'accepted'],
      ['Location/1', 'accepted'],
    ]);
    expect(resource.slot).toEqual([{ reference: `Slot/${slotToFhir(slot, context).id}` }]);
    expect(resource.minutesDuration).toBe(40);
    expect(appointmentToFhir(detail, context, { slotId: 'x', slotFhirId: '42' }).slot).toEqual([
      { reference: 'Slot/42' },
    ]);
    const { department: _d, appointmentTypeId: _t, duration: _m, notes: _n, ...basic } = detail;
    const plain = appointmentToFhir({ ...basic, status: 'Checked In' }, context, {
      slotId: detail.id,
    });
    expect(plain).toMatchObject({
      status: 'checked-in',
      appointmentType: { text: 'Annual Physical' },
      minutesDuration: 40,
    });
    expect(plain).not.toHaveProperty('slot');
    expect(() => appointmentToFhir({ ...detail, status: 'Open' }, context)).toThrow(
      FhirMappingError,
    );
  });
});

describe('reading what clients write', () => {
  const booking = {
    resourceType: 'Appointment' as const,
    status: 'booked' as const,
    slot: [{ reference: 'Slot/slot-abc' }],
    participant: [
      { actor: { reference: 'Practitioner/101' }, status: 'accepted' as const },
      { actor: { reference: 'Patient/1001' }, status: 'accepted' as const },
    ],
    comment: 'First visit',
  };

  it('reads a booking: one slot, one patient', () => {
    expect(bookingFromFhir(booking)).toEqual({
      ok: true,
      warnings: [],
      value: {
        slotId: 'slot-abc',
        patientId: '1001',
        status: 'booked',
        patientParticipantStatus: 'accepted',
        appointmentTypeId: null,
        notes: 'First visit',
        otherParticipants: ['Practitioner/101'],
      },
    });
  });

  it('refuses a booking it cannot make, naming each element', () => {
    const result = bookingFromFhir({ ...booking, status: 'fulfilled', slot: [], participant: [] });
    expect(!result.ok && result.errors.map((e) => e.path)).toEqual([
      'Appointment.status',
      'Appointment.slot',
      'Appointment.participant',
    ]);
    const two = bookingFromFhir({
      ...booking,
      slot: [{ reference: 'Slot/a' }, { reference: 'Slot/b' }],
    });
    expect(!two.ok && two.errors[0]?.message).toBe('must reference exactly one Slot');
  });

  it('reads a JSON Patch that cancels, with its reason', () => {
    const change = statusChangeFromPatch([
      { op: 'test', path: '/status', value: 'booked' },
      { op: 'replace', path: '/status', value: 'cancelled' },
      { op: 'add', path: '/cancelationReason', value: { text: 'Patient is travelling' } },
    ]);
    expect(change).toEqual({
      ok: true,
      warnings: [],
      value: {
        status: 'cancelled',
        cancelationReason: { text: 'Patient is travelling' },
        reason: 'Patient is travelling',
      },
    });
    const other = statusChangeFromPatch([{ op: 'replace', path: '/start', value: 'x' }]);
    expect(!other.ok && other.errors.map((e) => e.path)).toEqual(['body[0]', 'body']);
    expect(statusChangeFromPatch({}).ok).toBe(false);
  });

  it('reads searchset Bundles as a client follows them', () => {
    const bundle = searchsetBundle({
      baseUrl: 'http://x/fhir/r4',
      selfUrl: 'http://x/fhir/r4/Slot?status=free',
      nextUrl: 'http://x/fhir/r4/Slot?_cursor=2',
      matches: [slotToFhir(slot, context)],
      included: [{ resourceType: 'Schedule', id: 's', actor: [{ reference: 'Location/1' }] }],
    });
    expect(bundle.entry?.[0]?.fullUrl).toBe(
      `http://x/fhir/r4/Slot/${slotToFhir(slot, context).id}`,
    );
    expect(bundleMatches(bundle, 'Slot')).toHaveLength(1);
    expect(bundleMatches(bundle, 'Schedule')).toHaveLength(0);
    expect(bundleIncludes(bundle, 'Schedule')).toHaveLength(1);
    expect(nextPageUrl(bundle)).toBe('http://x/fhir/r4/Slot?_cursor=2');
    expect(nextPageUrl({ ...bundle, link: [] })).toBeUndefined();
  });
});
