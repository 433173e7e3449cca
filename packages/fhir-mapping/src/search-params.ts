/**
 * FHIR search parameter syntax, as a server reads it and a client writes it
 * (https://hl7.org/fhir/R4/search.html): repeated parameters and `name:modifier`, comma-separated
 * OR values with `\` escapes, date prefixes with implicit precision ranges, token `system|code`,
 * references, `_count`.
 */

/** A parameter the request got wrong; `parameter` names it as the client sent it. */
export class FhirSearchError extends Error {
  override name = 'FhirSearchError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(`${parameter}: ${message}`);
  }
}

export interface SearchParam {
  name: string;
  modifier: string | null;
  /** Raw (URL-decoded) value, OR-lists and escapes still in it. */
  value: string;
}

type QueryInput = URLSearchParams | string | Record<string, string | readonly string[] | undefined>;

/** Every `name[:modifier]=value` pair in order; a repeated name appears once per occurrence. */
export function parseSearchParams(query: QueryInput): SearchParam[] {
  const pairs: [string, string][] = [];
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    for (const pair of new URLSearchParams(query)) {
      pairs.push(pair);
    }
  } else {
    for (const [key, value] of Object.entries(query)) {
      for (const item of typeof value === 'string' ? [value] : (value ?? [])) {
        pairs.push([key, item]);
      }
    }
  }
  return pairs.map(([key, value]) => {
    const colon = key.indexOf(':');
    return colon < 0
      ? { name: key, modifier: null, value }
      : { name: key.slice(0, colon), modifier: key.slice(colon + 1), value };
  });
}

/** The values of one parameter (every occurrence), optionally with one modifier only. */
export function paramValues(
  params: readonly SearchParam[],
  name: string,
  modifier: string | null = null,
): string[] {
  return params.filter((p) => p.name === name && p.modifier === modifier).map((p) => p.value);
}

/** Splits an OR-list on commas not escaped with `\`; escapes are kept for the value's parser. */
export function splitOrValues(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) {
      current += char + value[i + 1];
      i += 1;
    } else if (char === ',') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** Removes FHIR search escapes (`\,` `\|` `\$` `\\`). */
export const unescapeSearchValue = (value: string) => value.replace(/\\([,|$\\])/g, '$1');

export interface TokenParam {
  /** undefined: any system; '': explicitly no system (`|code`). */
  system: string | undefined;
  /** undefined: any code in the system (`system|`). */
  code: string | undefined;
}

/** `code`, `system|code`, `|code` or `system|`; a `\|` is part of the value. */
export function parseTokenParam(value: string, parameter = 'token'): TokenParam {
  const bar = /(?<!\\)\|/.exec(value)?.index ?? -1;
  const token =
    bar < 0
      ? { system: undefined, code: unescapeSearchValue(value) }
      : {
          system: unescapeSearchValue(value.slice(0, bar)),
          code: unescapeSearchValue(value.slice(bar + 1)) || undefined,
        };
  if (!token.code && !token.system) {
    throw new FhirSearchError(parameter, 'needs a code, system|code or system|');
  }
  return token;
}

export const formatTokenParam = (system: string | undefined, code: string) => {
  const escape = (text: string) => text.replace(/([,|$\\])/g, '\\$1');
  return system === undefined ? escape(code) : `${escape(system)}|${escape(code)}`;
};

/** `Patient/123`, `123` (the parameter's only target type) or an absolute URL ending so. */
export function parseReferenceParam(
  value: string,
  parameter = 'reference',
  defaultType?: string,
): { resourceType: string | undefined; id: string } {
  const text = unescapeSearchValue(value).split(/[?#]/)[0]!;
  const typed = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(text);
  if (typed) {
    return { resourceType: typed[1], id: typed[2]! };
  }
  if (/^[A-Za-z0-9\-.]{1,64}$/.test(text)) {
    return { resourceType: defaultType, id: text };
  }
  throw new FhirSearchError(parameter, `"${value}" is not a reference (Type/id or id)`);
}

/** `_count`: a whole number from 0; above `max` answers `max` (a server may send fewer). */
export function parseCountParam(
  value: string | undefined,
  { fallback = 20, max = 100 }: { fallback?: number; max?: number } = {},
): number {
  if (value === undefined || value === '') {
    return fallback;
  }
  if (!/^\d{1,9}$/.test(value)) {
    throw new FhirSearchError('_count', `must be a whole number (got "${value}")`);
  }
  return Math.min(Number(value), max);
}
