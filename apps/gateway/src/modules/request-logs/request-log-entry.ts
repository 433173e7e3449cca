import { randomUUID } from 'node:crypto';

import type { NewRequestLog } from '../../db/schema.js';

/** Headers whose values are credentials; their values never reach the request log. */
export const REDACTED_HEADERS = new Set([
  'x-api-key',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-vapi-secret',
]);
export const REDACTED = '[REDACTED]';

const MAX_ENDPOINT_LENGTH = 2000;
const MAX_HEADER_VALUE_LENGTH = 1000;

export interface CapturedExchange {
  requestId: string;
  /** ISO 8601, to the microsecond. */
  timestamp: string;
  method: string;
  url: string;
  status: number;
  responseTimeMs: number;
  source: string;
  apiKey: { id: string | null; name: string } | null;
  query: unknown;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  responsePayload: string | Buffer | null;
  responseContentType: string | undefined;
  failure: Error | undefined;
}

export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) {
      continue;
    }
    const lower = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    safe[lower] = REDACTED_HEADERS.has(lower) ? REDACTED : text.slice(0, MAX_HEADER_VALUE_LENGTH);
  }
  return safe;
}

/** Caps a JSON-able value at maxBytes of serialized text; past that it becomes a marked string. */
function capValue(value: unknown, maxBytes: number): unknown {
  if (value === undefined || value === null) {
    return null;
  }
  const text = JSON.stringify(value);
  if (text === undefined || Buffer.byteLength(text) <= maxBytes) {
    return value;
  }
  return `${text.slice(0, maxBytes)}… [truncated]`;
}

function captureResponse(
  payload: string | Buffer | null,
  contentType: string | undefined,
  maxBytes: number,
): { data: unknown; truncated: boolean } {
  if (payload === null || payload.length === 0) {
    return { data: null, truncated: false };
  }
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  const truncated = Buffer.byteLength(text) > maxBytes;
  if (!truncated && contentType?.includes('json')) {
    try {
      return { data: JSON.parse(text), truncated };
    } catch {
      // Not valid JSON after all: keep it as text.
    }
  }
  return { data: truncated ? `${text.slice(0, maxBytes)}… [truncated]` : text, truncated };
}

function errorMessageOf(status: number, response: unknown, failure: Error | undefined) {
  if (failure) {
    return failure.message;
  }
  if (status < 400) {
    return null;
  }
  if (response && typeof response === 'object' && 'message' in response) {
    return String((response as { message: unknown }).message);
  }
  return null;
}

export function buildLogEntry(exchange: CapturedExchange, maxBodyBytes: number): NewRequestLog {
  const response = captureResponse(
    exchange.responsePayload,
    exchange.responseContentType,
    maxBodyBytes,
  );
  const [path = '/'] = exchange.url.split('?');
  return {
    id: randomUUID(),
    request_id: exchange.requestId,
    timestamp: exchange.timestamp,
    endpoint: path.slice(0, MAX_ENDPOINT_LENGTH),
    method: exchange.method,
    status: exchange.status,
    response_time_ms: Math.round(exchange.responseTimeMs * 100) / 100,
    source: exchange.source,
    api_key_id: exchange.apiKey?.id ?? null,
    api_key_name: exchange.apiKey?.name ?? null,
    request_data: JSON.stringify({
      query: exchange.query ?? {},
      body: capValue(exchange.body, maxBodyBytes),
      headers: redactHeaders(exchange.headers),
    }),
    response_data: response.data === null ? null : JSON.stringify(response.data),
    response_truncated: response.truncated,
    error_message: errorMessageOf(exchange.status, response.data, exchange.failure),
    error_stack: exchange.failure?.stack ?? null,
  };
}
