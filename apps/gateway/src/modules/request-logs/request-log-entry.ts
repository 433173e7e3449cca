import { timeOrderedId } from '../../lib/time-ordered-id.js';

import type { PayloadCapture } from '@ehr-gateway/contracts';

import type { NewRequestLog } from '../../db/schema.js';
import type { PayloadSealer } from '../../lib/payload-seal.js';
import { maskJson, maskQuery, maskText } from '../../lib/phi-masking.js';
import { isCredentialHeader, REDACTED, redactKeyShapes, redactQuery } from '../../lib/redaction.js';
import { storableJson } from '../../lib/storable-text.js';

export { REDACTED } from '../../lib/redaction.js';

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
  /** The route template as clients see it (`/api/{practiceId}/patients`); null when none matched. */
  route: string | null;
  /** Time spent waiting on the EHR; null without an upstream call. */
  upstreamMs: number | null;
  /** The W3C trace id the request ran under, when tracing is on. */
  traceId: string | null;
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
    safe[lower] = isCredentialHeader(lower) ? REDACTED : text.slice(0, MAX_HEADER_VALUE_LENGTH);
  }
  return safe;
}

/**
 * Storable JSON text of a value, written once: past maxBytes, the text of a marked string holding
 * its beginning instead.
 */
function cappedJsonText(
  value: unknown,
  maxBytes: number,
): { text: string | null; truncated: boolean } {
  if (value === undefined || value === null) {
    return { text: null, truncated: false };
  }
  const text = storableJson(value);
  // A UTF-16 unit is at most 3 bytes of UTF-8: short text fits without counting.
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) {
    return { text, truncated: false };
  }
  return { text: storableJson(`${text.slice(0, maxBytes)}… [truncated]`), truncated: true };
}

/** The response as sent: parsed when it is JSON (whatever its size, so masking sees it whole). */
function parseResponse(payload: string | Buffer | null, contentType: string | undefined): unknown {
  if (payload === null || payload.length === 0) {
    return null;
  }
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not valid JSON after all: keep it as text.
    }
  }
  return text;
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
  // A FHIR answer's error is an OperationOutcome.
  const issue = (response as { issue?: Array<{ diagnostics?: unknown }> } | null)?.issue?.[0];
  if (typeof issue?.diagnostics === 'string') {
    return issue.diagnostics;
  }
  return null;
}

export interface CaptureOptions {
  maxBodyBytes: number;
  /** How bodies are kept (the gateway config's payloadCapture). */
  capture: PayloadCapture;
  /** Seals the unmasked copy for full capture; without it full capture keeps the masked one only. */
  sealer: PayloadSealer | null;
}

/**
 * One request-log entry. Credentials are redacted always; patient data is masked before anything
 * is stored (query, bodies, error message). Metadata capture keeps no bodies; masked keeps the
 * masked ones; full also keeps the unmasked ones, sealed, for users with PHI access.
 */
export function buildLogEntry(exchange: CapturedExchange, options: CaptureOptions): NewRequestLog {
  const { maxBodyBytes, sealer } = options;
  const capture = options.capture === 'full' && !sealer ? 'masked' : options.capture;
  const query = redactQuery(exchange.query ?? {});
  const headers = redactHeaders(exchange.headers);
  const keepsBodies = capture !== 'metadata';
  // Without bodies, the response is read only for an error's message.
  const response =
    keepsBodies || exchange.status >= 400
      ? parseResponse(exchange.responsePayload, exchange.responseContentType)
      : null;
  const body = keepsBodies ? cappedJsonText(maskJson(exchange.body), maxBodyBytes) : null;
  const responseData = keepsBodies ? cappedJsonText(maskJson(response), maxBodyBytes) : null;
  const [path = '/'] = exchange.url.split('?');
  const errorMessage = errorMessageOf(exchange.status, response, exchange.failure);
  const headersText = storableJson(headers);
  const requestDataText = (queryValue: unknown, bodyText: string | null) =>
    `{"query":${storableJson(queryValue)},"body":${bodyText ?? 'null'},"headers":${headersText}}`;
  const sealedCopy = (text: string | null) =>
    text === null ? null : sealer!.seal(redactKeyShapes(text));
  return {
    // Time-ordered: each row lands at the right edge of the primary key (decision 0012).
    id: timeOrderedId(Date.parse(exchange.timestamp) || Date.now()),
    request_id: exchange.requestId,
    timestamp: exchange.timestamp,
    endpoint: redactKeyShapes(path).slice(0, MAX_ENDPOINT_LENGTH),
    method: exchange.method,
    status: exchange.status,
    response_time_ms: Math.round(exchange.responseTimeMs * 100) / 100,
    route: exchange.route,
    upstream_ms: exchange.upstreamMs === null ? null : Math.round(exchange.upstreamMs * 100) / 100,
    trace_id: exchange.traceId,
    source: exchange.source,
    api_key_id: exchange.apiKey?.id ?? null,
    api_key_name: exchange.apiKey?.name ?? null,
    payload_capture: capture,
    request_data: requestDataText(maskQuery(query), body?.text ?? null),
    // A 404's message repeats the path it was asked for, key and all.
    response_data: responseData?.text ? redactKeyShapes(responseData.text) : null,
    response_truncated: responseData?.truncated ?? false,
    request_data_sealed:
      capture === 'full'
        ? sealedCopy(requestDataText(query, cappedJsonText(exchange.body, maxBodyBytes).text))
        : null,
    response_data_sealed:
      capture === 'full' ? sealedCopy(cappedJsonText(response, maxBodyBytes).text) : null,
    error_message: errorMessage === null ? null : redactKeyShapes(maskText(errorMessage)),
    error_stack: exchange.failure?.stack ? maskText(exchange.failure.stack) : null,
  };
}
