import { CREDENTIAL_HEADERS, CREDENTIAL_QUERY_PARAMS, PHI_MASK } from '@ehr-gateway/contracts';

import { isPhiField, maskText } from './phi-masking.js';

export const REDACTED = '[REDACTED]';

const credentialHeaders = new Set<string>(CREDENTIAL_HEADERS);
const credentialParams = new Set<string>(CREDENTIAL_QUERY_PARAMS);

export const isCredentialHeader = (name: string) => credentialHeaders.has(name.toLowerCase());
export const isCredentialQueryParam = (name: string) => credentialParams.has(name.toLowerCase());

/** A parsed query with the values of credential-looking parameters replaced. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) {
    return query;
  }
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([name, value]) => [
      name,
      isCredentialQueryParam(name) ? REDACTED : value,
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
 * A URL (path and query) as the server log may carry it: credential-looking parameters redacted,
 * and patient data masked (parameters named like PHI, values that look like dates, phones,
 * emails or SSNs).
 */
export function redactUrl(url: string): string {
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
