import { FHIR_CONTENT_TYPES, HEADERS, fhirBasePath, type EhrSource } from '@ehr-gateway/contracts';
import { encodeSlotId } from '@ehr-gateway/fhir-mapping';
import {
  createPractice,
  SAMPLE_PATIENT as PRACTICE_SAMPLE_PATIENT,
  type Practice,
  type Slot,
} from '@ehr-gateway/synthetic-practice';

import { lastFhirBooking } from './fhir-bookings';
import { isoDate, nextSampleClinicDay, nextWeekday, SAMPLE_PATIENT } from './samples';
import { displayHeaderName, IDEMPOTENCY_KEY_HEADER } from './send-test-request';

/** The tester's FHIR R4 presets and the documentation's FHIR examples, at one EHR's base. */

/** Shaped as presets.ts's Preset (structurally), so presets.ts can list these without an import cycle. */
export interface FhirPreset {
  id: string;
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  params: Record<string, string>;
  body?: unknown;
  prepare?: () => {
    body?: unknown;
    headers?: Record<string, string>;
    path?: string;
    notice?: string;
  };
}

/** The synthetic practice both EHRs serve (same seed), built once when a preset first needs it. */
let practice: Practice | null = null;

/**
 * The slot the Book preset takes: the sample provider's last slot on the next day they work that
 * the practice's seed left open. Create Patient with Appointment books that day's earliest ones,
 * so sending both presets, each twice, never has them reach for the same slot.
 */
function sampleBookingSlot(today: Date): Slot {
  practice ??= createPractice();
  const day = nextSampleClinicDay(today);
  const slots = practice.scheduledSlots({
    startDate: day,
    endDate: day,
    providerIds: [PRACTICE_SAMPLE_PATIENT.providerId],
  });
  const open = slots.filter((slot) => practice!.seedAppointment(slot) === null);
  return open.at(-1) ?? slots.at(-1)!;
}

/** The Book preset's slot as the face names it (the Slot search preset lists others). */
export function sampleFhirSlotId(today: Date = new Date()): string {
  const slot = sampleBookingSlot(today);
  return encodeSlotId({
    slotId: slot.id,
    departmentId: String(slot.departmentId),
    providerId: String(slot.providerId),
    appointmentTypeId: String(slot.appointmentTypeId),
  });
}

/**
 * The Appointment the Book preset makes at athena and the Mock EHR: booking the slot makes its
 * appointment record the Appointment, under the same EHR id.
 */
export function sampleFhirAppointmentId(today: Date = new Date()): string {
  return sampleBookingSlot(today).id;
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

/** FHIR's conditional-create header, as people write it. */
const IF_NONE_EXIST_HEADER = displayHeaderName(HEADERS.ifNoneExist);

/**
 * If-None-Exist for the Book preset: the booking the patient already has in that slot. A FHIR EHR
 * names its appointments apart from their slots, so there the condition is the patient's booked
 * appointment with the slot's practitioner on the slot's day (the sample patient has no other).
 */
function bookedCondition(source: EhrSource, slotId: string, today: Date): string {
  const patient = `patient=Patient/${SAMPLE_PATIENT_ID}`;
  if (source !== 'fhir') {
    return `slot=Slot/${slotId}&${patient}&status=booked`;
  }
  const slot = sampleBookingSlot(today);
  const dayAfter = new Date(`${slot.date}T12:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  const days = `date=ge${slot.date}&date=lt${dayAfter.toISOString().slice(0, 10)}`;
  return `${patient}&practitioner=Practitioner/${slot.providerId}&${days}&status=booked`;
}

/** The Cancel preset: the appointment the last Book made here, else (not at FHIR) the slot's. */
function cancelPreset(source: EhrSource, base: string, today: Date): FhirPreset {
  // At athena and the Mock EHR booking the slot makes its appointment record the Appointment,
  // under the same EHR id; a FHIR EHR gives the booking a new id, known from Book's answer.
  const predicted = source === 'fhir' ? null : sampleFhirAppointmentId(today);
  const placeholder = '{id from Book}';
  return {
    id: 'fhir-cancel',
    name: 'Cancel that booking (PATCH status)',
    method: 'PATCH',
    path: `${base}/Appointment/${predicted ?? placeholder}`,
    params: {},
    body: FHIR_CANCEL_PATCH,
    prepare: () => {
      const booked = lastFhirBooking(base) ?? predicted;
      return booked
        ? { path: `${base}/Appointment/${booked}` }
        : {
            path: `${base}/Appointment/${placeholder}`,
            notice: 'Send the Book preset first: its answer names the Appointment to cancel.',
          };
    },
  };
}

export function fhirPresets(
  source: EhrSource,
  practiceId: string,
  today = new Date(),
): FhirPreset[] {
  const base = fhirBasePath(source, practiceId);
  const slotId = sampleFhirSlotId(today);
  // Sent again (or after another client booked it for this patient), the POST answers the
  // booking that exists (200) instead of a 409 for a slot now taken.
  const alreadyBooked = bookedCondition(source, slotId, today);
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
      body: fhirBookingBody(slotId, SAMPLE_PATIENT_ID),
      // A retry with the same key books once; If-None-Exist finds the booking already made.
      prepare: () => ({
        headers: {
          [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID(),
          [IF_NONE_EXIST_HEADER]: alreadyBooked,
        },
      }),
    },
    cancelPreset(source, base, today),
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
