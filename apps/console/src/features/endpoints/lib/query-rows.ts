/**
 * The tester's URL is the one truth about the query: the Query Parameters rows are an editor over
 * it. Typing a URL replaces the rows with its query; editing a row rewrites the URL's query. So a
 * preset's parameters go when the user types another URL, and nothing is sent that the URL field
 * does not show.
 */
import type { KeyValueRow } from './send-test-request';

/** A query part as the gateway's parser reads it (`+` is a space); a malformed escape stays as typed. */
function decodeQueryPart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The URL without its query string (and fragment). */
export const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? '';

/** The `name=value` pairs of the URL's query, in order; a name without `=` has an empty value. */
export function queryPairs(url: string): Array<[name: string, value: string]> {
  const query = url.split('#')[0]?.split('?').slice(1).join('?') ?? '';
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1
        ? [decodeQueryPart(pair), '']
        : [decodeQueryPart(pair.slice(0, equals)), decodeQueryPart(pair.slice(equals + 1))];
    });
}

/** A row counts towards the query once it has a name; a nameless row is a draft in the editor. */
export const isQueryRow = (row: KeyValueRow) => row.name.trim() !== '';

/** An id not used by any of `rows`. */
export const freshRowId = (rows: readonly KeyValueRow[]) =>
  rows.reduce((highest, row) => Math.max(highest, row.id + 1), 0);

/**
 * The rows for a URL: one per query pair (reusing the ids of the rows they replace, so inputs keep
 * focus while the user types), then the values the user had started without a key, then one empty
 * row to type in when there would be none.
 */
export function rowsForUrl(url: string, previous: readonly KeyValueRow[] = []): KeyValueRow[] {
  const named = previous.filter(isQueryRow);
  // An empty row is only a place to type: the URL's pairs take its place.
  const drafts = previous.filter((row) => !isQueryRow(row) && row.value !== '');
  let nextId = freshRowId(previous);
  const rows = queryPairs(url).map(([name, value], index) => ({
    id: named[index]?.id ?? nextId++,
    name,
    value,
  }));
  const all = [...rows, ...drafts];
  return all.length ? all : [{ id: nextId, name: '', value: '' }];
}

/** The URL with its query rewritten from the rows that have a name, each URL-encoded. */
export function urlWithRows(url: string, rows: readonly KeyValueRow[]): string {
  const pairs = rows
    .filter(isQueryRow)
    .map((row) => `${encodeURIComponent(row.name.trim())}=${encodeURIComponent(row.value)}`);
  const base = withoutQuery(url);
  return pairs.length ? `${base}?${pairs.join('&')}` : base;
}

/** The URL with these values as its query (a preset's or a documented example's parameters). */
export function urlWithQuery(url: string, query: Iterable<[string, string]>): string {
  return urlWithRows(
    url,
    [...query].map(([name, value], id) => ({ id, name, value })),
  );
}
