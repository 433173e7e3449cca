import { describe, expect, it } from 'vitest';

import { decodeSlotId } from '@ehr-gateway/fhir-mapping';

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

  it('book the sample slot under the id the face gives it, with a fresh Idempotency-Key', () => {
    const book = fhirPresets('mock', '12345', today).find((preset) => preset.method === 'POST')!;
    const slotId = sampleFhirSlotId(today);
    expect(decodeSlotId(slotId)).toMatchObject({ providerId: '107', departmentId: '21' });
    expect(JSON.stringify(book.body)).toContain(`Slot/${slotId}`);
    expect(book.prepare!().headers!['idempotency-key']).not.toBe(
      book.prepare!().headers!['idempotency-key'],
    );
  });

  it('document the same requests as curl', () => {
    const examples = fhirExamples('http://gw.example/fhir/r4/mock/12345', today);
    expect(examples.map((example) => example.curl).join('\n')).toContain(
      "curl 'http://gw.example/fhir/r4/mock/12345/metadata'",
    );
  });
});
