/**
 * athenaOne's wire format drifts: ids and numbers come as strings or numbers, booleans as
 * "true"/"false" or real booleans, dates as mm/dd/yyyy. These helpers read any of them.
 */

import { fromUsDate, toUsDate } from '@ehr-gateway/calendar';

export type Wire = Record<string, unknown>;

export function str(value: unknown): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  const text = String(value).trim();
  return text === '' ? null : text;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  const text = str(value);
  if (text === null || !/^-?\d+(\.\d+)?$/.test(text)) {
    return null;
  }
  return Number(text);
}

export function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') {
    return value;
  }
  const text = str(value)?.toLowerCase();
  if (text === 'true' || text === 'y' || text === 'yes' || text === '1') {
    return true;
  }
  if (text === 'false' || text === 'n' || text === 'no' || text === '0') {
    return false;
  }
  return null;
}

/** athena's mm/dd/yyyy (possibly followed by a time) → YYYY-MM-DD; null when not a real date. */
export function fromAthenaDate(value: unknown): string | null {
  const text = str(value);
  return text === null ? null : fromUsDate(text);
}

/** YYYY-MM-DD → mm/dd/yyyy. */
export const toAthenaDate = toUsDate;

/** HH:MM (24h); tolerates H:MM and seconds. */
export function fromAthenaTime(value: unknown): string | null {
  const text = str(value);
  const match = text ? /^(\d{1,2}):(\d{2})/.exec(text) : null;
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
    return null;
  }
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

export function list(value: unknown): Wire[] {
  return Array.isArray(value)
    ? (value.filter((item) => item && typeof item === 'object') as Wire[])
    : [];
}
