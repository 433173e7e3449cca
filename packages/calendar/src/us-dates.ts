import { realDate, type IsoDate } from './dates.js';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A date written the US way, M/D/YYYY or MM/DD/YYYY (athena's wire format), as YYYY-MM-DD; null
 * when it is not a real calendar day. athena sometimes appends a time ("03/02/2026 09:30"), which
 * is ignored here.
 */
export function fromUsDate(text: string): IsoDate | null {
  const match = US_DATE.exec(text.trim().split(/\s+/, 1)[0] ?? '');
  return match ? realDate(Number(match[3]), Number(match[1]), Number(match[2])) : null;
}

/** YYYY-MM-DD as athena writes dates: MM/DD/YYYY. */
export function toUsDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

const TYPED_ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * The year, month and day a person wrote as YYYY-MM-DD or M/D/YYYY, whether or not such a day
 * exists (so a caller can say what is wrong with it); null when it is neither form.
 */
export function readTypedDate(text: string): { year: number; month: number; day: number } | null {
  const trimmed = text.trim();
  const iso = TYPED_ISO_DATE.exec(trimmed);
  if (iso) {
    return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  }
  const us = US_DATE.exec(trimmed);
  return us ? { year: Number(us[3]), month: Number(us[1]), day: Number(us[2]) } : null;
}

/** A date a person typed, either YYYY-MM-DD or M/D/YYYY; null when neither names a real day. */
export function parseTypedDate(text: string): IsoDate | null {
  const parts = readTypedDate(text);
  return parts ? realDate(parts.year, parts.month, parts.day) : null;
}
