import { FHIR_CONTENT_TYPES, HEADERS, fhirBasePath } from '@ehr-gateway/contracts';
import { encodeSlotId } from '@ehr-gateway/fhir-mapping';

import { isoDate, nextWeekday, SAMPLE_PATIENT, sampleAppointmentId } from './samples';

/** The tester's FHIR R4 presets and the documentation's FHIR examples, at one EHR's base. */

/** Shaped as presets.ts's Preset (structurally), so presets.ts can list these without an import cycle. */
export interface FhirPreset {
  id: string;
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  params: Record<string, string>;
  body?: unknown;
  prepare?: () => { body?: unknown; headers?: Record<string, string> };
}

/**
 * The sample provider's first morning slot on the next day they work, as the face names it (the
 * type left out: the slot's own applies). The Slot search preset lists others.
 */
export function sampleFhirSlotId(today: Date = new Date()): string {
  return encodeSlotId({
    slotId: sampleAppointmentId(today),
    departmentId: SAMPLE_PATIENT.departmentid,
    providerId: SAMPLE_PATIENT.providerid,
    appointmentTypeId: null,
  });
}

/** What a client POSTs to book the slot for a patient. */
export function fhirBookingBody(slotId: string, patientId: string) {
  return {
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slotId}` }],
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  };
}

export const FHIR_CANCEL_PATCH = [
  { op: 'replace', path: '/status', value: 'cancelled' },
  { op: 'add', path: '/cancelationReason', value: { text: 'Cancelled from the API tester' } },
];

/** A patient of the synthetic practice both EHRs serve. */
const SAMPLE_PATIENT_ID = '1001';

export function fhirPresets(
  source: 'mock' | 'athena',
  practiceId: string,
  today = new Date(),
): FhirPreset[] {
  const base = fhirBasePath(source, practiceId);
  const appointmentId = sampleAppointmentId(today);
  return [
    {
      id: 'fhir-metadata',
      name: 'CapabilityStatement',
      method: 'GET',
      path: `${base}/metadata`,
      params: {},
    },
    {
      id: 'fhir-patient-search',
      name: 'Patient search (name and birth date)',
      method: 'GET',
      path: `${base}/Patient`,
      params: { family: SAMPLE_PATIENT.lastname, birthdate: SAMPLE_PATIENT.dob },
    },
    {
      id: 'fhir-slot-search',
      name: 'Free slots next week',
      method: 'GET',
      path: `${base}/Slot`,
      params: {
        status: 'free',
        start: `ge${nextWeekday(today)}`,
        _include: 'Slot:schedule',
        _count: '10',
      },
    },
    {
      id: 'fhir-book',
      name: 'Book (POST Appointment)',
      method: 'POST',
      path: `${base}/Appointment`,
      params: {},
      body: fhirBookingBody(sampleFhirSlotId(today), SAMPLE_PATIENT_ID),
      // A retry with the same key books once; each choice of the preset is a new booking.
      prepare: () => ({ headers: { [HEADERS.idempotencyKey]: crypto.randomUUID() } }),
    },
    {
      id: 'fhir-cancel',
      name: 'Cancel (PATCH status)',
      method: 'PATCH',
      path: `${base}/Appointment/${appointmentId}`,
      params: {},
      body: FHIR_CANCEL_PATCH,
    },
  ];
}

/** curl examples for the documentation, at one base URL. */
export function fhirExamples(baseUrl: string, today = new Date()) {
  const key = `-H '${HEADERS.apiKey}: YOUR_API_KEY'`;
  const json = `-H 'Content-Type: ${FHIR_CONTENT_TYPES.fhirJson}'`;
  const patch = `-H 'Content-Type: ${FHIR_CONTENT_TYPES.jsonPatch}'`;
  const slotDay = isoDate(today) < nextWeekday(today) ? nextWeekday(today) : isoDate(today);
  return [
    { title: 'What the server offers', curl: `curl '${baseUrl}/metadata' ${key}` },
    {
      title: 'A patient by name and birth date',
      curl: `curl '${baseUrl}/Patient?family=${SAMPLE_PATIENT.lastname}&birthdate=${SAMPLE_PATIENT.dob}' ${key}`,
    },
    {
      title: 'Free slots from a day on, with their schedules',
      curl: `curl '${baseUrl}/Slot?status=free&start=ge${slotDay}&_include=Slot:schedule' ${key}`,
    },
    {
      title: 'Book a slot (201, Location of the new Appointment)',
      curl: `curl -X POST '${baseUrl}/Appointment' ${key} ${json} \\\n  -H '${HEADERS.idempotencyKey}: <a new uuid>' \\\n  -d '${JSON.stringify(fhirBookingBody('<Slot id>', SAMPLE_PATIENT_ID))}'`,
    },
    {
      title: 'Cancel it',
      curl: `curl -X PATCH '${baseUrl}/Appointment/<id>' ${key} ${patch} \\\n  -d '${JSON.stringify(FHIR_CANCEL_PATCH.slice(0, 1))}'`,
    },
  ];
}
