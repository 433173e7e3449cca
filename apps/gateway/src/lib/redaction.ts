import {
  API_KEY_PREFIX,
  CREDENTIAL_HEADERS,
  CREDENTIAL_QUERY_PARAMS,
  PHI_MASK,
} from '@ehr-gateway/contracts';

import { isPhiField, maskText } from './phi-masking.js';

export const REDACTED = '[REDACTED]';

const credentialHeaders = new Set<string>(CREDENTIAL_HEADERS);
const credentialParams = new Set<string>(CREDENTIAL_QUERY_PARAMS);

export const isCredentialHeader = (name: string) => credentialHeaders.has(name.toLowerCase());
/** `api_key`, `API_KEY`, and the array and object forms `api_key[]`, `api_key[0]`. */
export const isCredentialQueryParam = (name: string) =>
  credentialParams.has(name.toLowerCase().replace(/\[[^\]]*\]$/, ''));

const escapedPrefix = [...API_KEY_PREFIX]
  .map((char) =>
    /[A-Za-z0-9]/.test(char) ? char : `(?:\\${char}|%${char.charCodeAt(0).toString(16)})`,
  )
  .join('');
/**
 * A gateway key's shape, as sent or percent-encoded: the prefix, then 16 or more key characters
 * (which the session cookie's name, `ehrgw_session`, does not have).
 */
const KEY_SHAPE = new RegExp(`${escapedPrefix}(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){16,}`, 'gi');
const KEY_HINT = API_KEY_PREFIX.slice(0, -1).toLowerCase();

/** Text with anything shaped like a gateway key replaced, wherever it sits (path, query, matrix). */
export function redactKeyShapes(text: string): string {
  return text.toLowerCase().includes(KEY_HINT) ? text.replace(KEY_SHAPE, REDACTED) : text;
}

/** Every string in a value with key shapes redacted (a parsed query: arrays, nested objects). */
function redactKeysDeep(value: unknown): unknown {
  if (typeof value === 'string') {
    return redactKeyShapes(value);
  }
  if (Array.isArray(value)) {
    return value.map(redactKeysDeep);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [redactKeyShapes(name), redactKeysDeep(item)]),
    );
  }
  return value;
}

/** A parsed query with the values of credential-looking parameters, and key shapes, replaced. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) {
    return redactKeysDeep(query);
  }
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([name, value]) => [
      redactKeyShapes(name),
      isCredentialQueryParam(name) ? REDACTED : redactKeysDeep(value),
    ]),
  );
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // Undecodable text is compared as sent.
    return text;
  }
};

/**
 * A URL (path and query) as the server log may carry it: anything shaped like a key and
 * credential-looking parameters redacted, and patient data masked (parameters named like PHI, values that look like dates, phones,
 * emails or SSNs).
 */
export function redactUrl(rawUrl: string): string {
  const url = redactKeyShapes(rawUrl);
  const question = url.indexOf('?');
  if (question < 0) {
    return url;
  }
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) {
        return pair;
      }
      const rawName = pair.slice(0, equals);
      const name = decoded(rawName);
      if (isCredentialQueryParam(name)) {
        return `${rawName}=${REDACTED}`;
      }
      const value = decoded(pair.slice(equals + 1));
      return isPhiField(name) || maskText(value) !== value ? `${rawName}=${PHI_MASK}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}
