import type { Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AppointmentStatus } from '@ehr-gateway/contracts';
import {
  createPractice,
  normalisedAppointment,
  normalisedAppointmentType,
  normalisedDepartment,
  normalisedOpenSlot,
  normalisedPatient,
  normalisedProvider,
  seededHolder,
} from '@ehr-gateway/synthetic-practice';

import { appointmentFromFhir, appointmentToFhir } from './appointment.js';
import { searchsetBundle } from './bundle.js';
import { decodeSlotId } from './ids.js';
import { departmentFromFhir, departmentToFhir, practiceToFhir } from './location.js';
import { patientFromFhir, patientToFhir } from './patient.js';
import { providerFromFhir, providerToFhir, providerToFhirRole } from './practitioner.js';
import { unwrapMapping } from './result.js';
import { scheduleFromFhir, scheduleToFhir } from './schedule.js';
import { slotFromFhir, slotToFhir } from './slot.js';
import { fhirValidationErrors, loadFhirDefinitions } from './validation.js';

/**
 * The whole synthetic practice (the data the Mock EHR, the athena sandbox and the FHIR sandbox
 * serve), mapped to FHIR, judged by @medplum/core's validator: no resource may have an error.
 */

const practice = createPractice();
const context = { source: 'mock', practiceId: '195900' };
const now = new Date('2026-03-02T15:00:00Z');
const slots = practice.scheduledSlots({ startDate: '2026-02-16', endDate: '2026-03-15' });

beforeAll(() => loadFhirDefinitions(), 120_000);

/** `Type/id: message at expression` for every error, so a failure says where. */
function errorsIn(resources: readonly Resource[]): string[] {
  return resources.flatMap((resource) =>
    fhirValidationErrors(resource).map(
      (issue) =>
        `${resource.resourceType}/${resource.id}: ${issue.details?.text ?? issue.diagnostics} at ${issue.expression?.join(', ')}`,
    ),
  );
}

const patients = practice.patients.map(normalisedPatient);
const providers = practice.providers.map(normalisedProvider);
const departments = practice.departments.map(normalisedDepartment);

const holderOf = (slot: (typeof slots)[number]) => seededHolder(slot, practice);

describe('the synthetic practice in FHIR R4', () => {
  it('every patient is a valid US Core Patient and reads back as it was', () => {
    const resources = patients.map((patient) => patientToFhir(patient, context));
    expect(errorsIn(resources)).toEqual([]);
    const back = resources.map((resource) => unwrapMapping(patientFromFhir(resource)));
    expect(back).toEqual(patients.map((patient) => ({ ...patient, departmentId: null })));
  });

  it('every provider is a valid Practitioner with a PractitionerRole, and reads back', () => {
    const resources = providers.flatMap((provider, index) => [
      providerToFhir(provider, context),
      providerToFhirRole(provider, context, {
        departmentIds: practice.providers[index]!.departmentIds.map(String),
        phone: departments.find((d) => d.id === provider.homeDepartmentId)?.phone,
      }),
    ]);
    expect(errorsIn(resources)).toEqual([]);
    const back = providers.map((provider) =>
      unwrapMapping(
        providerFromFhir(providerToFhir(provider, context), [
          providerToFhirRole(provider, context),
        ]),
      ),
    );
    expect(back).toEqual(providers);
  });

  it('every department is a valid Location, the practice a valid Organization', () => {
    const resources: Resource[] = departments.map((d) => departmentToFhir(d, context));
    resources.push(
      practiceToFhir(
        {
          name: 'Synthetic Health Partners',
          phone: departments[0]!.phone,
          address: departments[0]!.address,
        },
        context,
      ),
    );
    expect(errorsIn(resources)).toEqual([]);
    expect(
      departments.map((d) => unwrapMapping(departmentFromFhir(departmentToFhir(d, context)))),
    ).toEqual(departments);
  });

  it('every provider and department has a valid Schedule offering its appointment types', () => {
    const schedules = practice.providers.flatMap((provider) =>
      provider.departmentIds.map((departmentId) =>
        scheduleToFhir(
          {
            providerId: String(provider.id),
            departmentId: String(departmentId),
            provider: normalisedProvider(provider),
            department: normalisedDepartment(practice.department(departmentId)!),
            appointmentTypes: practice
              .appointmentTypesFor({ departmentId, providerId: provider.id })
              .map(normalisedAppointmentType),
          },
          context,
        ),
      ),
    );
    expect(schedules.length).toBe(practice.providers.length + 2);
    expect(errorsIn(schedules)).toEqual([]);
    const keys = schedules.map((s) => unwrapMapping(scheduleFromFhir(s)));
    expect(new Set(keys.map((k) => k.id)).size).toBe(schedules.length);
  });

  it('four weeks of slots are valid Slots, free or busy, and read back', () => {
    expect(slots.length).toBeGreaterThan(3000);
    const resources = slots.map((slot) =>
      slotToFhir(normalisedOpenSlot(slot, practice), context, {
        status: holderOf(slot).status === 'booked' ? 'busy' : 'free',
      }),
    );
    expect(errorsIn(resources)).toEqual([]);
    const free = resources.filter((r) => r.status === 'free');
    expect(free.length).toBeGreaterThan(slots.length / 2);
    for (const resource of free.slice(0, 500)) {
      const open = unwrapMapping(slotFromFhir(resource));
      const original = normalisedOpenSlot(
        practice.slot(decodeSlotId(resource.id!)!.slotId)!,
        practice,
      );
      expect(open).toEqual({ ...original, id: resource.id });
    }
  });

  it('their appointments are valid in every status, and read back', () => {
    const booked = slots.filter((slot) => holderOf(slot).status === 'booked');
    const statuses: AppointmentStatus[] = [
      'Scheduled',
      'Cancelled',
      'Checked In',
      'Checked Out',
      'Charge Entered',
    ];
    const details = booked.map((slot, index) => {
      const detail = normalisedAppointment(slot, holderOf(slot), practice, now);
      return index < statuses.length
        ? { ...detail, status: statuses[index]!, notes: 'Bring the referral letter.' }
        : detail;
    });
    expect(new Set(details.map((d) => d.status)).size).toBe(5);
    const resources = details.map((detail) =>
      appointmentToFhir(detail, context, { slotId: detail.id }),
    );
    expect(errorsIn(resources)).toEqual([]);
    const back = resources.map((resource) => unwrapMapping(appointmentFromFhir(resource)));
    const expected = details.map((d) => ({
      ...d,
      status: d.status === 'Charge Entered' ? 'Checked Out' : d.status,
    }));
    expect(back).toEqual(expected);
  });

  it('a searchset Bundle of them is valid', () => {
    const matches = slots
      .slice(0, 20)
      .map((slot) => slotToFhir(normalisedOpenSlot(slot, practice), context));
    const bundle = searchsetBundle({
      baseUrl: 'http://127.0.0.1:9091/fhir/r4',
      selfUrl: 'http://127.0.0.1:9091/fhir/r4/Slot?status=free',
      nextUrl: 'http://127.0.0.1:9091/fhir/r4/Slot?_cursor=abc',
      total: slots.length,
      matches,
      included: [scheduleToFhir({ providerId: '101', departmentId: '1' }, context)],
      outcome: {
        resourceType: 'OperationOutcome',
        issue: [
          { severity: 'warning', code: 'not-supported', diagnostics: 'Parameter foo ignored' },
        ],
      },
    });
    expect(errorsIn([bundle])).toEqual([]);
  });

  it('the validator is a real judge: it names what breaks R4 and US Core', () => {
    const patient = patientToFhir(patients[0]!, context);
    expect(errorsIn([{ ...patient, identifier: undefined }])).toEqual([
      expect.stringMatching(/^Patient\/1001: Missing required property at Patient.identifier/),
    ]);
    expect(errorsIn([{ ...patient, birthDate: '03/02/1990' }]).join()).toMatch('Patient.birthDate');
    const slot = slotToFhir(normalisedOpenSlot(slots[0]!, practice), context);
    expect(errorsIn([{ ...slot, start: undefined } as unknown as Resource]).join()).toMatch(
      'Slot.start',
    );
  });
});
