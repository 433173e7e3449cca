import { describe, expect, it } from 'vitest';

import {
  FHIR_ID_MAX_LENGTH,
  decodeScheduleId,
  decodeSlotId,
  encodeScheduleId,
  encodeSlotId,
} from './ids.js';
import { FhirMappingError } from './result.js';

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

describe('schedule and slot ids', () => {
  const slot = {
    slotId: '101204561020',
    departmentId: '1',
    providerId: '101',
    appointmentTypeId: '5',
  };

  it('round-trip, are deterministic, FHIR ids and safe in a URL path', () => {
    const id = encodeSlotId(slot);
    expect(decodeSlotId(id)).toEqual(slot);
    expect(encodeSlotId({ ...slot })).toBe(id);
    expect(id).toMatch(FHIR_ID);
    expect(encodeURIComponent(id)).toBe(id);
    const schedule = encodeScheduleId({ providerId: '101', departmentId: '150' });
    expect(schedule).toMatch(FHIR_ID);
    expect(decodeScheduleId(schedule)).toEqual({ providerId: '101', departmentId: '150' });
  });

  it('are opaque: they do not show the ids they carry', () => {
    expect(encodeSlotId(slot)).not.toContain('101204561020');
    expect(encodeScheduleId({ providerId: '101', departmentId: '1' })).not.toMatch(/101/);
  });

  it('differ for every field and keep a missing appointment type', () => {
    const ids = new Set([
      encodeSlotId(slot),
      encodeSlotId({ ...slot, departmentId: '150' }),
      encodeSlotId({ ...slot, providerId: '102' }),
      encodeSlotId({ ...slot, appointmentTypeId: '6' }),
      encodeSlotId({ ...slot, appointmentTypeId: null }),
    ]);
    expect(ids.size).toBe(5);
    expect(decodeSlotId(encodeSlotId({ ...slot, appointmentTypeId: null }))).toEqual({
      ...slot,
      appointmentTypeId: null,
    });
  });

  it('carry opaque string ids (UUIDs, Epic-style tokens) as long as FHIR allows', () => {
    const key = {
      slotId: 'e.Kx-9',
      departmentId: 'loc-1',
      providerId: 'prac.7',
      appointmentTypeId: 'NEW',
    };
    expect(decodeSlotId(encodeSlotId(key))).toEqual(key);
    const long = { ...key, slotId: '3f2c1a9e-1b7d-4d0e-9c55-0f2d8b3a6e11' };
    expect(() => encodeSlotId(long)).toThrow(FhirMappingError);
    expect(() => encodeSlotId(long)).toThrow(`FHIR allows ${FHIR_ID_MAX_LENGTH}`);
    expect(() => encodeScheduleId({ providerId: 'a\u001fb', departmentId: '1' })).toThrow(
      'control character',
    );
  });

  it('decode nothing but their own kind', () => {
    const scheduleId = encodeScheduleId({ providerId: '101', departmentId: '1' });
    expect(decodeSlotId(scheduleId)).toBeNull();
    expect(decodeScheduleId(encodeSlotId(slot))).toBeNull();
    for (const foreign of ['123', 'slot-', 'slot-!!', 'sch-a', 'slot-0000', 'x'.repeat(80)]) {
      expect(decodeSlotId(foreign)).toBeNull();
      expect(decodeScheduleId(foreign)).toBeNull();
    }
  });

  it('have one spelling: padding bits that are not zero do not decode', () => {
    // Six bytes make ten base32 characters with two padding bits in the last one.
    const id = encodeScheduleId({ providerId: '101', departmentId: '15' });
    expect(id).toHaveLength('sch-'.length + 10);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
    const last = alphabet.indexOf(id.at(-1)!);
    expect(decodeScheduleId(`${id.slice(0, -1)}${alphabet[last | 1]}`)).toBeNull();
  });
});
