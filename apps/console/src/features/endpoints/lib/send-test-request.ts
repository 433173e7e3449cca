/**
 * The API tester's request: a plain gateway call with the operator's x-api-key, exactly as an
 * API client would make it. Deliberately not the admin fetch helper: no session cookie, no
 * sign-out on 401, and a non-ok answer is a result to show, not an error.
 */
import { HEADERS } from '@ehr-gateway/contracts';

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A row of the tester's key/value editors: a query parameter or a header. */
export interface KeyValueRow {
  id: number;
  name: string;
  value: string;
}

/** A request header the user added (Idempotency-Key, X-Vapi-Secret, …). */
export type HeaderRow = KeyValueRow;

/** A header's name as people write it: `idempotency-key` → `Idempotency-Key`. */
export const displayHeaderName = (name: string) =>
  name.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => dash + letter.toUpperCase(),
  );

/** Whether a row names the given header (HEADERS names are lower-case). */
export const namesHeader = (rowName: string, header: string) =>
  rowName.trim().toLowerCase() === header;

export const IDEMPOTENCY_KEY_HEADER = displayHeaderName(HEADERS.idempotencyKey);

/** Header names the editor suggests. */
export const SUGGESTED_HEADERS = [
  HEADERS.idempotencyKey,
  HEADERS.vapiSecret,
  HEADERS.requestId,
].map(displayHeaderName);

/** Headers whose values are credentials: copied requests show a placeholder instead. */
const SECRET_HEADERS = new Set<string>([HEADERS.apiKey, HEADERS.vapiSecret]);

export const isSecretHeader = (name: string) => SECRET_HEADERS.has(name.trim().toLowerCase());

export interface TestRequest {
  method: string;
  /** The URL as typed, query included. */
  url: string;
  headerRows: HeaderRow[];
  apiKey: string;
  body: string;
}

export interface TestResponse {
  status: number;
  /** Elapsed milliseconds. */
  time: number;
  /** Pretty-printed JSON, or the raw text. */
  data: string;
  /** The response headers the browser lets the console read, sorted by name. */
  headers: Array<[name: string, value: string]>;
  /** The body's size in bytes as received. */
  size: number;
}

/** The headers sent: the tester's own, then the user's rows (complete ones; a row wins). */
export function requestHeaders(request: Pick<TestRequest, 'method' | 'apiKey' | 'headerRows'>) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (BODY_METHODS.has(request.method)) {
    headers['Content-Type'] = 'application/json';
  }
  if (request.apiKey.trim()) {
    headers[HEADERS.apiKey] = request.apiKey.trim();
  }
  for (const row of request.headerRows) {
    if (row.name.trim() !== '' && row.value !== '') {
      headers[row.name.trim()] = row.value;
    }
  }
  return headers;
}

/** The request as text for the clipboard; the key and any secret header are redacted. */
export function describeRequest(request: TestRequest): string {
  const headers = requestHeaders(request);
  for (const name of Object.keys(headers)) {
    if (isSecretHeader(name)) {
      headers[name] = name.toLowerCase() === HEADERS.apiKey ? '<your API key>' : '<secret>';
    }
  }
  const lines = [`${request.method} ${request.url.trim()}`, ''];
  lines.push('Headers:');
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`${name}: ${value}`);
  }
  if (BODY_METHODS.has(request.method)) {
    lines.push('', 'Body:', request.body);
  }
  return lines.join('\n');
}

function formatBody(text: string): string {
  if (!text) {
    return '';
  }
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Sends the request; resolves with any HTTP answer, rejects only when none arrived. */
export async function sendTestRequest(request: TestRequest): Promise<TestResponse> {
  const started = performance.now();
  const response = await fetch(request.url.trim(), {
    method: request.method,
    headers: requestHeaders(request),
    // Sent as typed: the gateway, not the console, judges whether it is valid JSON.
    body: BODY_METHODS.has(request.method) ? request.body : undefined,
    credentials: 'omit',
    cache: 'no-store',
  });
  const text = await response.text();
  return {
    status: response.status,
    time: Math.round(performance.now() - started),
    data: formatBody(text),
    size: new TextEncoder().encode(text).length,
    headers: [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
  };
}
