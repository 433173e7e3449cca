import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';

import {
  FhirSearchError,
  parseCountParam,
  parseDateParam,
  parseReferenceParam,
  parseSearchParams,
  parseTokenParam,
  searchsetBundle,
  splitOrValues,
  type SearchParam,
} from '@ehr-gateway/fhir-mapping';
import { getSearchParameter } from '@medplum/core';

import { badRequest, outcome } from '../outcome.js';
import type { SandboxState } from '../state.js';
import { CONTROL_PARAMS, type ResourceSupport } from './capabilities.js';
import { callEngine } from './engine.js';
import { includedResources } from './includes.js';
import type { ProfileRules } from './profile-rules.js';

/**
 * Type-level search: the parameters this server declares go to Medplum's engine, checked first
 * (the engine drops what it does not understand without a word); unknown ones are reported in an
 * OperationOutcome entry, or refused with `Prefer: handling=strict`. Pages are linked by an opaque
 * `_cursor`; `_include` and the `schedule.actor` chain are resolved here, since the engine ignores
 * them.
 */

const MODIFIERS = new Set(['exact', 'contains', 'missing', 'not', 'text']);

interface Cursor {
  /** The search's own parameters, as the first page got them. */
  q: string;
  offset: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(value: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    if (typeof cursor.q === 'string' && Number.isInteger(cursor.offset) && cursor.offset >= 0) {
      return cursor;
    }
  } catch {
    // fall through
  }
  throw badRequest('_cursor: not a cursor this server issued (follow the next link as given)', [
    '_cursor',
  ]);
}

/** Checks a value the engine would otherwise misread silently. */
function checkValue(type: string, param: SearchParam) {
  const definition = getSearchParameter(type, param.name);
  for (const value of splitOrValues(param.value)) {
    if (param.modifier === 'missing') {
      if (value !== 'true' && value !== 'false') {
        throw new FhirSearchError(`${param.name}:missing`, 'must be true or false');
      }
    } else if (definition?.type === 'date') {
      parseDateParam(value, param.name);
    } else if (definition?.type === 'reference') {
      parseReferenceParam(value, param.name);
    } else if (definition?.type === 'token' || param.name === '_id') {
      parseTokenParam(value, param.name);
    }
  }
}

interface Classified {
  kept: SearchParam[];
  unknown: string[];
  includes: string[];
  sort: string | undefined;
}

function classify(
  type: string,
  support: ResourceSupport,
  params: readonly SearchParam[],
): Classified {
  const result: Classified = { kept: [], unknown: [], includes: [], sort: undefined };
  for (const param of params) {
    const key = param.modifier ? `${param.name}:${param.modifier}` : param.name;
    if (param.name === '_include' && !param.modifier) {
      if (support.includes?.includes(param.value)) {
        result.includes.push(param.value);
      } else {
        result.unknown.push(`_include=${param.value}`);
      }
    } else if (param.name === '_sort' && !param.modifier) {
      const fields = param.value.split(',').map((field) => field.replace(/^-/, ''));
      if (fields.every((field) => support.searchParams.includes(field))) {
        result.sort = param.value;
      } else {
        result.unknown.push(`_sort=${param.value}`);
      }
    } else if ((CONTROL_PARAMS as readonly string[]).includes(param.name)) {
      continue;
    } else if (
      (support.searchParams.includes(param.name) || support.chains?.includes(param.name)) &&
      (!param.modifier || MODIFIERS.has(param.modifier))
    ) {
      checkValue(type, param);
      result.kept.push(param);
    } else {
      result.unknown.push(key);
    }
  }
  return result;
}

/** `Slot?schedule.actor=X`: the schedules whose actor is X, as a `schedule` parameter. */
async function resolveChains(state: SandboxState, params: SearchParam[]): Promise<SearchParam[]> {
  const resolved: SearchParam[] = [];
  for (const param of params) {
    if (param.name !== 'schedule.actor') {
      resolved.push(param);
      continue;
    }
    const { resource } = await callEngine<Bundle>(state, 'GET', 'Schedule', {
      query: { actor: param.value, _count: '1000' },
    });
    const ids = (resource.entry ?? []).map((e) => `Schedule/${e.resource!.id}`);
    // No schedule: a reference that cannot match, so the search finds nothing.
    resolved.push({
      name: 'schedule',
      modifier: null,
      value: ids.length ? ids.join(',') : 'Schedule/none',
    });
  }
  return resolved;
}

const toQuery = (params: readonly SearchParam[]) => {
  const query: Record<string, string[]> = {};
  for (const p of params) {
    const key = p.modifier ? `${p.name}:${p.modifier}` : p.name;
    (query[key] ??= []).push(p.value);
  }
  return query;
};

const queryString = (params: readonly SearchParam[]) =>
  new URLSearchParams(
    params.map((p): [string, string] => [p.modifier ? `${p.name}:${p.modifier}` : p.name, p.value]),
  ).toString();

function ignoredOutcome(unknown: readonly string[]): OperationOutcome | undefined {
  return unknown.length
    ? outcome(
        'warning',
        'not-supported',
        `Ignored search parameters this server does not support: ${unknown.join(', ')}`,
        [...unknown],
      )
    : undefined;
}

export interface SearchRequest {
  type: string;
  rawQuery: string;
  strict: boolean;
  baseUrl: string;
}

export async function searchType(
  state: SandboxState,
  rules: ProfileRules,
  request: SearchRequest,
): Promise<Bundle> {
  const { type, baseUrl } = request;
  const support = state.support[type]!;
  const given = parseSearchParams(request.rawQuery);
  const cursorParam = given.find((p) => p.name === '_cursor');
  const cursor = cursorParam ? decodeCursor(cursorParam.value) : null;
  const params = cursor ? parseSearchParams(cursor.q) : given;
  const { kept, unknown, includes, sort } = classify(type, support, params);
  if (unknown.length && request.strict) {
    throw badRequest(`Unknown or unsupported search parameters: ${unknown.join(', ')}`, unknown);
  }
  rules.checkSearch(type, kept);
  const count = parseCountParam(params.find((p) => p.name === '_count')?.value, {
    fallback: state.options.pageSize,
    max: state.options.maxPageSize,
  });
  const offset = cursor?.offset ?? 0;
  const query = toQuery(await resolveChains(state, kept));
  Object.assign(
    query,
    { _count: [String(count)], _offset: [String(offset)] },
    sort ? { _sort: [sort] } : {},
  );
  const { resource: page } = await callEngine<Bundle>(state, 'GET', type, { query });
  const matches = (page.entry ?? []).map((e) => e.resource as Resource);
  const total = page.total ?? matches.length;
  const paging = params.filter((p) => p.name !== '_cursor');
  return searchsetBundle({
    baseUrl,
    selfUrl: `${baseUrl}/${type}?${request.rawQuery}`,
    nextUrl:
      offset + count < total && count > 0
        ? `${baseUrl}/${type}?_cursor=${encodeCursor({ q: queryString(paging), offset: offset + count })}`
        : undefined,
    total,
    matches,
    included: await includedResources(state, type, includes, matches),
    outcome: ignoredOutcome(unknown),
  });
}
