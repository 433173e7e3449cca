/**
 * athenaOne's wire format drifts: ids and numbers come as strings or numbers, booleans as
 * "true"/"false" or real booleans, dates as mm/dd/yyyy. These helpers read any of them.
 */

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

/** mm/dd/yyyy → YYYY-MM-DD; null when it is not a real date. */
export function fromAthenaDate(value: unknown): string | null {
  const text = str(value);
  const match = text ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text) : null;
  if (!match) {
    return null;
  }
  const iso = `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** YYYY-MM-DD → mm/dd/yyyy. */
export function toAthenaDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

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
