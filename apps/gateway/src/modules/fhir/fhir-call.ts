import type { Resource } from '@medplum/fhirtypes';

import type { EhrSource } from '@ehr-gateway/contracts';
import {
  dateParamsToRange,
  paramValues,
  parseDateParam,
  type DateParam,
  type FhirMappingContext,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import type { EhrCallContext, EhrClient } from '../ehr/index.js';
import { FhirError } from './fhir-outcome.js';
import type { FhirSearch, SearchAnswer } from './fhir-search.js';

/** One FHIR request's EHR: which one, the practice, and the call context of the request. */
export interface FhirCall {
  source: EhrSource;
  practiceId: string;
  client: EhrClient;
  ctx: EhrCallContext;
  mapping: FhirMappingContext;
}

export type ReadHandler = (call: FhirCall, id: string) => Promise<Resource>;
export type SearchHandler = (call: FhirCall, search: FhirSearch) => Promise<SearchAnswer>;

export const unknownResource = (type: string, id: string) =>
  new FhirError(404, `${type}/${id} is not known at this EHR and practice`, [type]);

/** Whether `text` starts with `prefix`, ignoring case and accents as FHIR string search does. */
export function startsWithText(text: string | null | undefined, prefix: string): boolean {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return text !== null && text !== undefined && fold(text).startsWith(fold(prefix));
}

/** Whether any word (or the whole) of `text` starts with `prefix`. */
export const anyWordStartsWith = (text: string | null | undefined, prefix: string) =>
  startsWithText(text, prefix) ||
  (text ?? '').split(/[\s,]+/).some((word) => startsWithText(word, prefix));

/** Runs a read that the EHR answers 404 for an unknown id, as FHIR's 404 for that resource. */
export async function readOr404<T>(type: string, id: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw unknownResource(type, id);
    }
    throw error;
  }
}

/** One id when every occurrence names the same single one: the EHR can filter on it. */
export const singleId = (lists: string[][]) => {
  const ids = new Set(lists.flat());
  return lists.length > 0 && ids.size === 1 && lists.every((list) => list.length === 1)
    ? [...ids][0]
    : undefined;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const HOUR_MS = 3_600_000;
/**
 * The EHR's local dates that can hold a slot or appointment starting in [from, to): slot and appointment times are local to their
 * department, whose UTC offset lies between -12 and +14 hours. A week asked from midnight UTC is
 * nine local days (the EHR computes and sends each one), not a day either side's ten.
 */
export const localDatesOf = (from: Date, to: Date) => ({
  startDate: isoDay(new Date(from.getTime() - 12 * HOUR_MS)),
  endDate: isoDay(new Date(to.getTime() - 1 + 14 * HOUR_MS)),
});

export const DAY_MS = 86_400_000;

/**
 * The [from, to) of a search on the date parameter `name`: the bounds it asks for, with `fill`
 * supplying those it leaves open; a window over `maxDays` is refused, naming the parameter.
 */
export function searchWindow(
  params: readonly SearchParam[],
  name: string,
  {
    search,
    maxDays,
    fill,
  }: {
    /** How the refusal names the search: 'a Slot search'. */
    search: string;
    maxDays: number;
    fill: (range: { from: Date | undefined; to: Date | undefined }) => { from: Date; to: Date };
  },
): { dates: DateParam[]; from: Date; to: Date } {
  const dates = paramValues(params, name).map((raw) => parseDateParam(raw, name));
  const { from, to } = fill(dateParamsToRange(dates, name));
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
    throw new FhirError(400, `${name}: ${search} may span at most ${maxDays} days`, [name]);
  }
  return { dates, from, to };
}
