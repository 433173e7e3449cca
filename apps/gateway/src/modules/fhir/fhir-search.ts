import { createHash } from 'node:crypto';

import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';

import {
  FHIR_COMMON_SEARCH_PARAMS,
  FHIR_COUNT_DEFAULT,
  FHIR_COUNT_MAX,
  FHIR_CURSOR_PARAM,
  FHIR_RESOURCES,
  type FhirResourceDeclaration,
  type FhirResourceType,
} from '@ehr-gateway/contracts';
import {
  paramValues,
  parseCountParam,
  parseSearchParams,
  searchsetBundle,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';

import { FhirError, operationOutcome } from './fhir-outcome.js';

/** A search as the service sees it: the resource's own parameters, and the page asked for. */
export interface FhirSearch {
  params: SearchParam[];
  count: number;
  offset: number;
  include: string[];
  /** Parameters ignored in lenient handling, reported in the Bundle. */
  ignored: string[];
}

const OWN_PARAMS = Object.fromEntries(
  Object.entries(FHIR_RESOURCES).map(([type, declaration]) => [
    type,
    new Set<string>(declaration.searchParams.map((p) => p.name)),
  ]),
) as Record<FhirResourceType, Set<string>>;

/** The search without paging: what a cursor is bound to, so it cannot page another search. */
function fingerprint(type: string, params: readonly SearchParam[]): string {
  const canonical = params
    .filter((p) => p.name !== FHIR_CURSOR_PARAM && p.name !== '_count' && p.name !== '_format')
    .map((p) => `${p.name}:${p.modifier ?? ''}=${p.value}`)
    .sort()
    .join('&');
  return createHash('sha256').update(`${type}?${canonical}`).digest('base64url').slice(0, 12);
}

/** The opaque cursor of a `next` link: where the page starts, bound to its search. */
export const encodeCursor = (offset: number, bound: string) =>
  Buffer.from(JSON.stringify({ o: offset, f: bound })).toString('base64url');

function decodeCursor(cursor: string, bound: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const { o, f } = value as { o?: unknown; f?: unknown };
    if (typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 && f === bound) {
      return o;
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new FhirError(
    400,
    `${FHIR_CURSOR_PARAM}: not a cursor of this search; follow the next link as given`,
    [FHIR_CURSOR_PARAM],
  );
}

/**
 * Reads a search's query. Unknown parameters (and `_include` values not offered) are ignored and
 * listed, or refused with 400 when the client asked for strict handling. Modifiers are refused:
 * none is supported, and ignoring one would widen the search.
 */
export function parseFhirSearch(
  type: FhirResourceType,
  query: Record<string, string | string[] | undefined>,
  strict: boolean,
): FhirSearch {
  const all = parseSearchParams(query);
  const own = OWN_PARAMS[type];
  const declaration: FhirResourceDeclaration = FHIR_RESOURCES[type];
  const includes = declaration.searchInclude ?? [];
  const ignored = new Set<string>();
  for (const p of all) {
    const known = own.has(p.name) || FHIR_COMMON_SEARCH_PARAMS.includes(p.name);
    const unknownInclude = p.name === '_include' && !includes.includes(p.value);
    if (!known || unknownInclude) {
      ignored.add(unknownInclude ? `_include=${p.value}` : p.name);
    } else if (p.modifier !== null) {
      throw new FhirError(400, `${p.name}:${p.modifier}: the modifier is not supported`, [p.name]);
    }
  }
  if (strict && ignored.size) {
    const names = [...ignored];
    throw new FhirError(
      400,
      `unknown search parameters: ${names.join(', ')}`,
      names,
      'not-supported',
    );
  }
  const cursor = paramValues(all, FHIR_CURSOR_PARAM)[0];
  return {
    params: all.filter((p) => own.has(p.name)),
    count: parseCountParam(paramValues(all, '_count')[0], {
      fallback: FHIR_COUNT_DEFAULT,
      max: FHIR_COUNT_MAX,
    }),
    offset: cursor === undefined ? 0 : decodeCursor(cursor, fingerprint(type, all)),
    include: paramValues(all, '_include').filter((value) => includes.includes(value)),
    ignored: [...ignored],
  };
}

export interface SearchAnswer {
  /** Every match, in a stable order (pages are slices of it). */
  matches: Resource[];
  /** The resources `_include` adds for one page's matches. */
  included?: (page: Resource[]) => Promise<Resource[]>;
}

/** One page of a search as a searchset Bundle, with `self` and, when there is more, `next`. */
export async function searchPage(
  type: FhirResourceType,
  search: FhirSearch,
  answer: SearchAnswer,
  urls: { baseUrl: string; rawQuery: string },
): Promise<Bundle> {
  const page = answer.matches.slice(search.offset, search.offset + search.count);
  const selfQuery = new URLSearchParams(urls.rawQuery);
  const typeUrl = `${urls.baseUrl}/${type}`;
  const withQuery = (query: URLSearchParams) => {
    const text = query.toString();
    return text ? `${typeUrl}?${text}` : typeUrl;
  };
  let nextUrl: string | undefined;
  const nextOffset = search.offset + page.length;
  if (page.length > 0 && nextOffset < answer.matches.length) {
    const next = new URLSearchParams(urls.rawQuery);
    next.delete(FHIR_CURSOR_PARAM);
    next.set(
      FHIR_CURSOR_PARAM,
      encodeCursor(nextOffset, fingerprint(type, parseSearchParams(next))),
    );
    nextUrl = withQuery(next);
  }
  return searchsetBundle({
    baseUrl: urls.baseUrl,
    selfUrl: withQuery(selfQuery),
    nextUrl,
    total: answer.matches.length,
    matches: page,
    included: answer.included && search.include.length ? await answer.included(page) : undefined,
    outcome: search.ignored.length ? ignoredOutcome(search.ignored) : undefined,
  });
}

const ignoredOutcome = (names: string[]): OperationOutcome =>
  operationOutcome(
    names.map((name) => ({
      severity: 'warning',
      code: 'not-supported',
      diagnostics: `${name}: unknown search parameter, ignored (send Prefer: handling=strict to refuse it)`,
      expression: [name.split('=')[0]!],
    })),
  );
