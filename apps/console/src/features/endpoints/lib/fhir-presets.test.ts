import { describe, expect, it } from 'vitest';

import { decodeSlotId } from '@ehr-gateway/fhir-mapping';
import { createPractice } from '@ehr-gateway/synthetic-practice';

import { fhirExamples, fhirPresets, sampleFhirSlotId } from './fhir-presets';

describe('FHIR presets', () => {
  const today = new Date('2026-03-02T12:00:00');

  it('offer metadata, Patient search, Slot search, book and cancel at the chosen EHR', () => {
    const presets = fhirPresets('athena', '195900', today);
    expect(
      presets.map((preset) => `${preset.method} ${preset.path.split('/').slice(5).join('/')}`),
    ).toEqual([
      'GET metadata',
      'GET Patient',
      'GET Slot',
      'POST Appointment',
      expect.stringMatching(/^PATCH Appointment\/\d{12}$/),
    ]);
    expect(presets.every((preset) => preset.path.startsWith('/fhir/r4/athena/195900/'))).toBe(true);
  });

  it('book a slot of the sample provider the seed left open, the last of the day, and cancel that booking', () => {
    const presets = fhirPresets('mock', '12345', today);
    const book = presets.find((preset) => preset.method === 'POST')!;
    const cancel = presets.find((preset) => preset.method === 'PATCH')!;
    const slotId = sampleFhirSlotId(today);
    const key = decodeSlotId(slotId)!;
    expect(key.providerId).toBe('107');
    const practice = createPractice();
    const slot = practice.slot(key.slotId)!;
    expect(slot).toMatchObject({ date: '2026-03-03', departmentId: Number(key.departmentId) });
    expect(practice.seedAppointment(slot)).toBeNull();
    const laterOnes = practice
      .scheduledSlots({ startDate: slot.date, endDate: slot.date, providerIds: [107] })
      .filter((other) => other.startTime > slot.startTime);
    expect(laterOnes.every((other) => practice.seedAppointment(other) !== null)).toBe(true);
    expect(JSON.stringify(book.body)).toContain(`Slot/${slotId}`);
    expect(cancel.path.endsWith(`/Appointment/${key.slotId}`)).toBe(true);
  });

  it('send the booking with a fresh Idempotency-Key, and If-None-Exist for a second send', () => {
    const book = fhirPresets('athena', '195900', today).find((preset) => preset.method === 'POST')!;
    const [first, second] = [book.prepare!().headers!, book.prepare!().headers!];
    expect(first['Idempotency-Key']).not.toBe(second['Idempotency-Key']);
    const condition = new URLSearchParams(first['If-None-Exist']);
    expect(Object.fromEntries(condition)).toEqual({
      slot: `Slot/${sampleFhirSlotId(today)}`,
      patient: 'Patient/1001',
      status: 'booked',
    });
  });

  it('document the same requests as curl', () => {
    const examples = fhirExamples('http://gw.example/fhir/r4/mock/12345', today);
    expect(examples.map((example) => example.curl).join('\n')).toContain(
      "curl 'http://gw.example/fhir/r4/mock/12345/metadata'",
    );
  });

  it('at the FHIR EHR: find the booking by patient, practitioner and day, and cancel the id Book answered', () => {
    sessionStorage.clear();
    const presets = fhirPresets('fhir', '12345', today);
    const book = presets.find((preset) => preset.method === 'POST')!;
    const cancel = presets.find((preset) => preset.method === 'PATCH')!;
    const condition = Object.fromEntries(
      new URLSearchParams(book.prepare!().headers!['If-None-Exist']).entries(),
    );
    expect(condition).toMatchObject({ patient: 'Patient/1001', status: 'booked' });
    const all = new URLSearchParams(book.prepare!().headers!['If-None-Exist']).getAll('date');
    expect(all).toEqual(['ge2026-03-03', 'lt2026-03-04']);
    expect(cancel.prepare!()).toMatchObject({ notice: expect.stringContaining('Book') });
    sessionStorage.setItem(
      'ehrgw.tester.fhir-bookings',
      JSON.stringify({ '/fhir/r4/fhir/12345': 'uuid-1' }),
    );
    expect(cancel.prepare!()).toEqual({ path: '/fhir/r4/fhir/12345/Appointment/uuid-1' });
  });
});
