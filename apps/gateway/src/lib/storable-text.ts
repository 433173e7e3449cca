/**
 * PostgreSQL's text and jsonb refuse NUL (U+0000) and lone UTF-16 surrogates, so one such
 * character would fail a whole write. Before anything reaches the database it is made storable:
 * each such character becomes U+FFFD, the replacement character, which marks where it was.
 */

export const REPLACEMENT_CHARACTER = '\uFFFD';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE_SOURCE =
  '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE, 'g');
const UNSTORABLE_TEST = new RegExp(UNSTORABLE_SOURCE);

export const hasUnstorableText = (text: string): boolean => UNSTORABLE_TEST.test(text);

export const toStorableText = (text: string): string =>
  hasUnstorableText(text) ? text.replace(UNSTORABLE, REPLACEMENT_CHARACTER) : text;

/**
 * JSON.stringify writes a NUL or a lone surrogate only as an escape (\u0000, \udXXX): text without
 * one is storable as it is. (A user's literal backslash-u also matches; that only costs the slow path.)
 */
const MAY_HOLD_UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** JSON text with every string and key made storable (so no "\u0000" escape reaches jsonb). */
export function storableJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined || !MAY_HOLD_UNSTORABLE_ESCAPE.test(text)) {
    return text;
  }
  return JSON.stringify(value, function (this: unknown, key, item: unknown) {
    if (typeof item === 'string') {
      return toStorableText(item);
    }
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const entries = Object.entries(item as Record<string, unknown>);
      if (entries.some(([name]) => hasUnstorableText(name))) {
        return Object.fromEntries(entries.map(([name, v]) => [toStorableText(name), v]));
      }
    }
    return item;
  });
}

/**
 * The first place in a parsed request (query, path parameters or body) holding text that cannot
 * be stored, as a field path such as `body.patient.firstname`; null when there is none.
 */
export function findUnstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') {
    return hasUnstorableText(value) ? path : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found) {
        return found;
      }
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (hasUnstorableText(key)) {
        return `${path}.${toStorableText(key)}`;
      }
      const found = findUnstorableText(item, `${path}.${key}`);
      if (found) {
        return found;
      }
    }
  }
  return null;
}
