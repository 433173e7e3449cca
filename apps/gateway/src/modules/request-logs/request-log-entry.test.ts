import { describe, expect, it } from 'vitest';

import {
  buildLogEntry,
  REDACTED,
  redactHeaders,
  type CapturedExchange,
} from './request-log-entry.js';

const exchange = (overrides: Partial<CapturedExchange> = {}): CapturedExchange => ({
  requestId: 'req-1',
  timestamp: '2026-01-01T09:00:00.123456Z',
  method: 'GET',
  url: '/utility/datetime',
  status: 200,
  responseTimeMs: 12.3456,
  source: 'utility',
  apiKey: { id: '9b2d7c1e-8d0f-4a51-9a38-7b8d6f1c2e3a', name: 'ci bot' },
  query: {},
  body: undefined,
  headers: { 'content-type': 'application/json' },
  responsePayload: '{"ok":true}',
  responseContentType: 'application/json; charset=utf-8',
  failure: undefined,
  ...overrides,
});

interface RequestData {
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
}
const requestDataOf = (entry: { request_data: string }) =>
  JSON.parse(entry.request_data) as RequestData;
const responseDataOf = (entry: { response_data?: string | null }) =>
  entry.response_data == null ? null : (JSON.parse(entry.response_data) as unknown);

describe('request log entry', () => {
  it('redacts credential headers whatever their case, and keeps the others', () => {
    const entry = buildLogEntry(
      exchange({
        headers: {
          'X-Api-Key': 'ehrgw_secret-key-value',
          authorization: 'Bearer secret-token',
          cookie: 'ehrgw_session=secret-session',
          'x-vapi-secret': 'vapi-secret-value',
          'Proxy-Authorization': 'Basic c2VjcmV0',
          'set-cookie': ['a=secret1', 'b=secret2'],
          'user-agent': 'vitest',
          accept: ['application/json', 'text/plain'],
          'x-absent': undefined,
        },
      }),
      16_384,
    );
    const { headers } = requestDataOf(entry);
    expect(headers).toEqual({
      'x-api-key': REDACTED,
      authorization: REDACTED,
      cookie: REDACTED,
      'x-vapi-secret': REDACTED,
      'proxy-authorization': REDACTED,
      'set-cookie': REDACTED,
      'user-agent': 'vitest',
      accept: 'application/json, text/plain',
    });
    expect(REDACTED).toBe('[REDACTED]');
    for (const value of ['ehrgw_secret', 'secret-token', 'secret-session', 'vapi-secret-value']) {
      expect(entry.request_data).not.toContain(value);
    }
    expect(entry.request_data).not.toMatch(/c2VjcmV0|secret1|secret2/);
  });

  it('bounds the length of header values it keeps', () => {
    const headers = redactHeaders({ 'user-agent': 'x'.repeat(5_000) });
    expect(headers['user-agent']).toHaveLength(1_000);
  });

  it('stores the endpoint without the query string, and the query separately', () => {
    const entry = buildLogEntry(
      exchange({
        url: '/utility/validate-dob?dob=2000-01-01&secret=x',
        query: { dob: '2000-01-01' },
      }),
      16_384,
    );
    expect(entry.endpoint).toBe('/utility/validate-dob');
    expect(requestDataOf(entry).query).toEqual({ dob: '2000-01-01' });
  });

  it('copies the exchange facts and rounds the response time to hundredths', () => {
    const entry = buildLogEntry(exchange(), 16_384);
    expect(entry).toMatchObject({
      request_id: 'req-1',
      timestamp: '2026-01-01T09:00:00.123456Z',
      method: 'GET',
      status: 200,
      response_time_ms: 12.35,
      source: 'utility',
      api_key_id: '9b2d7c1e-8d0f-4a51-9a38-7b8d6f1c2e3a',
      api_key_name: 'ci bot',
      error_message: null,
      error_stack: null,
    });
    expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(buildLogEntry(exchange(), 16_384).id).not.toBe(entry.id);

    const anonymous = buildLogEntry(exchange({ apiKey: null, status: 401 }), 16_384);
    expect(anonymous).toMatchObject({ api_key_id: null, api_key_name: null });
  });

  it('keeps a JSON response as parsed JSON', () => {
    const entry = buildLogEntry(
      exchange({ responsePayload: Buffer.from('{"patients":[{"id":1}],"total":1}') }),
      16_384,
    );
    expect(responseDataOf(entry)).toEqual({ patients: [{ id: 1 }], total: 1 });
    expect(entry.response_truncated).toBe(false);
  });

  it('keeps a non-JSON (or invalid JSON) response as text, and no response as null', () => {
    const text = buildLogEntry(
      exchange({ responsePayload: '<p>hi</p>', responseContentType: 'text/html' }),
      16_384,
    );
    expect(responseDataOf(text)).toBe('<p>hi</p>');

    const broken = buildLogEntry(exchange({ responsePayload: '{"oops' }), 16_384);
    expect(responseDataOf(broken)).toBe('{"oops');

    const none = buildLogEntry(exchange({ responsePayload: null, status: 204 }), 16_384);
    expect(none.response_data).toBeNull();
    expect(none.response_truncated).toBe(false);
  });

  it('truncates an oversized response and marks it', () => {
    const big = JSON.stringify({ items: 'y'.repeat(500) });
    const entry = buildLogEntry(exchange({ responsePayload: big }), 100);
    expect(entry.response_truncated).toBe(true);
    const data = responseDataOf(entry);
    expect(typeof data).toBe('string');
    expect(data).toBe(`${big.slice(0, 100)}… [truncated]`);
  });

  it('caps an oversized request body, and keeps a small one as is', () => {
    const small = buildLogEntry(
      exchange({ method: 'POST', body: { message: 'hello', data: [1, 2] } }),
      100,
    );
    expect(requestDataOf(small).body).toEqual({ message: 'hello', data: [1, 2] });

    const body = { message: 'z'.repeat(1_000) };
    const large = buildLogEntry(exchange({ method: 'POST', body }), 100);
    const kept = requestDataOf(large).body;
    expect(kept).toBe(`${JSON.stringify(body).slice(0, 100)}… [truncated]`);
    expect(large.request_data.length).toBeLessThan(400);

    const without = buildLogEntry(exchange({ body: undefined }), 100);
    expect(requestDataOf(without).body).toBeNull();
  });

  it('takes the error message from the error body of a 4xx or 5xx answer', () => {
    const entry = buildLogEntry(
      exchange({
        status: 404,
        responsePayload: JSON.stringify({
          statusCode: 404,
          error: 'Not Found',
          message: 'Patient 7 not found',
        }),
      }),
      16_384,
    );
    expect(entry.error_message).toBe('Patient 7 not found');
    expect(entry.error_stack).toBeNull();

    // A success that happens to carry a "message" field is not an error.
    const ok = buildLogEntry(
      exchange({ status: 200, responsePayload: JSON.stringify({ message: 'hello' }) }),
      16_384,
    );
    expect(ok.error_message).toBeNull();

    // An error without a JSON message has no error message to show.
    const plain = buildLogEntry(
      exchange({ status: 502, responsePayload: 'Bad Gateway', responseContentType: 'text/plain' }),
      16_384,
    );
    expect(plain.error_message).toBeNull();
  });

  it('records the stack only when a failure is given, and prefers its message', () => {
    const failure = new Error('connection reset by upstream');
    const entry = buildLogEntry(
      exchange({
        status: 500,
        failure,
        responsePayload: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'The gateway could not complete the request. It has been logged.',
        }),
      }),
      16_384,
    );
    expect(entry.error_message).toBe('connection reset by upstream');
    expect(entry.error_stack).toBe(failure.stack);
    expect(entry.error_stack).toContain('connection reset by upstream');

    const handled = buildLogEntry(
      exchange({
        status: 400,
        responsePayload: JSON.stringify({ statusCode: 400, message: 'dob: required' }),
      }),
      16_384,
    );
    expect(handled.error_stack).toBeNull();
  });
});
