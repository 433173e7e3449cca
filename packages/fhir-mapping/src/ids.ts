import { FhirMappingError } from './result.js';

/**
 * Schedule and Slot ids the gateway hands out. The normalised layer has no schedules, and a slot is
 * only bookable with its department, provider and appointment type, so both ids carry those values
 * with them: deterministic (the same slot always has the same id), reversible without a lookup, and
 * opaque (lower-case base32 behind a prefix: clients are not tempted to build them). Every character
 * is in FHIR's id alphabet [A-Za-z0-9-.] and safe in a URL path.
 */

/** FHIR ids are 1 to 64 characters. */
export const FHIR_ID_MAX_LENGTH = 64;

const SCHEDULE_PREFIX = 'sch-';
const SLOT_PREFIX = 'slot-';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Between fields; never part of an EHR id. */
const SEPARATOR = '\u001f';

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) {
    out += ALPHABET[(buffer << (5 - bits)) & 31];
  }
  return out;
}

function fromBase32(text: string): Uint8Array | null {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) {
      return null;
    }
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  // Padding bits must be zero, so each id has exactly one spelling.
  return bits >= 5 || (buffer & ((1 << bits) - 1)) !== 0 ? null : Uint8Array.from(bytes);
}

function encode(prefix: string, kind: string, fields: string[]): string {
  const bad = fields.findIndex((field) => field.includes(SEPARATOR));
  if (bad >= 0) {
    throw new FhirMappingError([
      { path: `${kind}[${bad}]`, message: 'contains a control character' },
    ]);
  }
  const id = prefix + base32(new TextEncoder().encode(fields.join(SEPARATOR)));
  if (id.length > FHIR_ID_MAX_LENGTH) {
    throw new FhirMappingError([
      {
        path: kind,
        message: `the ids it carries (${fields.join(', ')}) make a ${id.length}-character FHIR id; FHIR allows ${FHIR_ID_MAX_LENGTH}`,
      },
    ]);
  }
  return id;
}

function decode(prefix: string, id: string, count: number): string[] | null {
  if (!id.startsWith(prefix) || id.length > FHIR_ID_MAX_LENGTH) {
    return null;
  }
  const bytes = fromBase32(id.slice(prefix.length));
  if (!bytes) {
    return null;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const fields = text.split(SEPARATOR);
  return fields.length === count ? fields : null;
}

export interface ScheduleKey {
  providerId: string;
  departmentId: string;
}

/** One schedule per provider and department. */
export function encodeScheduleId({ providerId, departmentId }: ScheduleKey): string {
  return encode(SCHEDULE_PREFIX, 'Schedule', [providerId, departmentId]);
}

/** The provider and department of a schedule id this module made; null for any other id. */
export function decodeScheduleId(id: string): ScheduleKey | null {
  const fields = decode(SCHEDULE_PREFIX, id, 2);
  if (!fields?.[0] || !fields[1]) {
    return null;
  }
  return { providerId: fields[0], departmentId: fields[1] };
}

export interface SlotKey extends ScheduleKey {
  /** The EHR's own id for the slot (athena's appointmentid). */
  slotId: string;
  appointmentTypeId: string | null;
}

export function encodeSlotId(key: SlotKey): string {
  return encode(SLOT_PREFIX, 'Slot', [
    key.slotId,
    key.departmentId,
    key.providerId,
    key.appointmentTypeId ?? '',
  ]);
}

/** What a slot id this module made carries; null for any other id. */
export function decodeSlotId(id: string): SlotKey | null {
  const fields = decode(SLOT_PREFIX, id, 4);
  if (!fields?.[0] || !fields[1] || !fields[2]) {
    return null;
  }
  return {
    slotId: fields[0],
    departmentId: fields[1],
    providerId: fields[2],
    appointmentTypeId: fields[3] || null,
  };
}
