import {
  PHI_FIELD_NAMES,
  PHI_FIELD_SUFFIXES,
  PHI_KEEP_FIELDS,
  PHI_LIST_FIELDS,
  PHI_MASK,
  PHI_PERSON_OBJECTS,
  PHI_QUERY_PARAMS,
} from '@ehr-gateway/contracts';

/**
 * Masks patient data (PHI) in what the gateway records: by field name over JSON, in any case
 * style, and by pattern over every other text (dates, phone numbers, emails, SSNs). The ids needed
 * to follow a request stay. Used for request-log bodies and queries, and for anything else that
 * would otherwise store what a caller or an EHR said about a patient.
 */

const normalize = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

const phiNames = new Set<string>(PHI_FIELD_NAMES);
const keepNames = new Set<string>(PHI_KEEP_FIELDS);
const personObjects = new Set<string>(PHI_PERSON_OBJECTS);
const listFields = new Set<string>(PHI_LIST_FIELDS);
const queryParams = new Set<string>(PHI_QUERY_PARAMS);

interface FieldKind {
  phi: boolean;
  id: boolean;
  person: boolean;
}

/**
 * Field names repeat across every request (the same EHR shapes, the same headers), so each name
 * is classified once; the cache is bounded so arbitrary client keys cannot grow it without end.
 */
const fieldKinds = new Map<string, FieldKind>();
const FIELD_KIND_CACHE_SIZE = 5_000;

function fieldKindOf(key: string): FieldKind {
  const cached = fieldKinds.get(key);
  if (cached) {
    return cached;
  }
  const name = normalize(key);
  const kept = keepNames.has(name);
  const kind: FieldKind = {
    phi:
      !kept && (phiNames.has(name) || PHI_FIELD_SUFFIXES.some((suffix) => name.endsWith(suffix))),
    id: kept || name.endsWith('id') || name.endsWith('ids'),
    person: personObjects.has(name),
  };
  if (fieldKinds.size >= FIELD_KIND_CACHE_SIZE) {
    fieldKinds.clear();
  }
  fieldKinds.set(key, kind);
  return kind;
}

/** Whether a field's value is patient data by its name alone. */
export const isPhiField = (key: string): boolean => fieldKindOf(key).phi;

const TEXT_PATTERNS: RegExp[] = [
  // Emails.
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  // US Social Security numbers.
  /\b\d{3}-\d{2}-\d{4}\b/g,
  // Phone numbers: (617) 555-0142, 617-555-0142, 617.555.0142, +1 617 555 0142, 6175550142.
  /(?<!\w)(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g,
  // Dates: 1980-02-02, 02/02/1980, 2/2/80, February 2, 1980, 2 Feb 1980.
  /\b\d{4}-\d{1,2}-\d{1,2}\b/g,
  /\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g,
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b/gi,
  /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+\d{4}\b/gi,
];

/** Every pattern above needs a digit or an @; text with neither has nothing to mask. */
const MAY_HOLD_PATTERN = /[\d@]/;

/** Free text with dates, phone numbers, emails and SSNs masked. */
export function maskText(text: string): string {
  if (!MAY_HOLD_PATTERN.test(text)) {
    return text;
  }
  let masked = text;
  for (const pattern of TEXT_PATTERNS) {
    masked = masked.replace(pattern, PHI_MASK);
  }
  return masked;
}

/** Every leaf of a value replaced by the mask, keeping its shape (an address object, a list). */
function maskAll(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(maskAll);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskAll(item)]));
  }
  return value === null || value === undefined || value === '' ? value : PHI_MASK;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parseJsonText(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A JSON value with patient data masked: values of PHI fields entirely, other strings by pattern,
 * ids untouched. Numbers and booleans outside PHI fields are kept.
 */
export function maskJson(value: unknown, key?: string): unknown {
  const kind = key === undefined ? undefined : fieldKindOf(key);
  if (kind?.phi || (Array.isArray(value) && key !== undefined && listFields.has(normalize(key)))) {
    return maskAll(value);
  }
  if (kind?.person && typeof value === 'string') {
    // Arguments sent as JSON text are masked like the object they hold.
    const embedded = parseJsonText(value);
    if (embedded !== undefined) {
      return JSON.stringify(maskJson(embedded, key));
    }
  }
  if (kind?.person && isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        name,
        fieldKindOf(name).id ? item : maskAll(item),
      ]),
    );
  }
  if (typeof value === 'string') {
    if (kind?.id) {
      return value;
    }
    if (URL_WITH_QUERY.test(value)) {
      return maskUrl(value);
    }
    // JSON inside a string (Vapi sends tool arguments that way) is masked as JSON.
    const embedded = parseJsonText(value);
    return embedded === undefined ? maskText(value) : JSON.stringify(maskJson(embedded));
  }
  if (Array.isArray(value)) {
    return value.map((item) => maskJson(item, key));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [
        name,
        maskJson(item, name),
      ]),
    );
  }
  return value;
}

/** A query parameter whose value is PHI by its name (a FHIR modifier, `name:exact`, aside). */
const isPhiQueryParam = (name: string) => {
  const bare = name.split(':', 1)[0]!;
  return queryParams.has(normalize(bare)) || isPhiField(bare);
};

/** A request's query with patient data masked: by parameter name, then as any JSON value. */
export function maskQuery(query: unknown): unknown {
  if (!isPlainObject(query)) {
    return maskJson(query);
  }
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      isPhiQueryParam(name) ? maskAll(value) : maskJson(value, name),
    ]),
  );
}

/** A URL with a query (a FHIR Bundle's self and next links): the query's values masked. */
const URL_WITH_QUERY = /^(?:https?:\/\/[^\s?#]+|\/[^\s?#]*)\?[^\s#]*$/;

function maskUrl(url: string): string {
  const at = url.indexOf('?');
  const params = new URLSearchParams(url.slice(at + 1));
  const masked = new URLSearchParams();
  for (const [name, value] of params) {
    masked.append(name, isPhiQueryParam(name) ? PHI_MASK : maskText(value));
  }
  return `${url.slice(0, at)}?${masked.toString()}`;
}
