import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createPayloadSealer } from '../../lib/payload-seal.js';

import {
  buildLogEntry,
  REDACTED,
  redactHeaders,
  type CapturedExchange,
  type CaptureOptions,
} from './request-log-entry.js';

const CAPTURE: CaptureOptions = { maxBodyBytes: 16_384, capture: 'masked', sealer: null };

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
  route: '/api/{practiceId}/patients',
  upstreamMs: null,
  traceId: null,
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
  it('stores no gateway key sent in the URL: path, query, matrix or the 404 that repeats it', () => {
    const key = `ehrgw_${'K9k'.repeat(14)}x`;
    const entry = buildLogEntry(
      exchange({
        url: `/utility/datetime/${key};api_key=${key}?auth=${key}`,
        query: { auth: key, 'api_key[]': [key] },
        status: 404,
        responsePayload: JSON.stringify({
          message: `Route GET:/utility/datetime/${key} not found`,
        }),
      }),
      CAPTURE,
    );
    expect(JSON.stringify(entry)).not.toContain('K9kK9k');
    expect(entry.endpoint).toBe('/utility/datetime/[REDACTED];api_key=[REDACTED]');
  });

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
      CAPTURE,
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
        url: '/utility/validate-dob?dob=2000-01-01&format=yyyy&secret=x',
        query: { dob: '2000-01-01', format: 'yyyy', secret: 'x' },
      }),
      CAPTURE,
    );
    expect(entry.endpoint).toBe('/utility/validate-dob');
    // The date of birth is patient data, the secret a credential; the format is neither.
    expect(requestDataOf(entry).query).toEqual({
      dob: '***',
      format: 'yyyy',
      secret: '[REDACTED]',
    });
  });

  it('copies the exchange facts and rounds the response time to hundredths', () => {
    const entry = buildLogEntry(exchange(), CAPTURE);
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
    expect(buildLogEntry(exchange(), CAPTURE).id).not.toBe(entry.id);

    const anonymous = buildLogEntry(exchange({ apiKey: null, status: 401 }), CAPTURE);
    expect(anonymous).toMatchObject({ api_key_id: null, api_key_name: null });
  });

  it('keeps a JSON response as parsed JSON', () => {
    const entry = buildLogEntry(
      exchange({ responsePayload: Buffer.from('{"patients":[{"id":1}],"total":1}') }),
      CAPTURE,
    );
    expect(responseDataOf(entry)).toEqual({ patients: [{ id: 1 }], total: 1 });
    expect(entry.response_truncated).toBe(false);
  });

  it('keeps a non-JSON (or invalid JSON) response as text, and no response as null', () => {
    const text = buildLogEntry(
      exchange({ responsePayload: '<p>hi</p>', responseContentType: 'text/html' }),
      CAPTURE,
    );
    expect(responseDataOf(text)).toBe('<p>hi</p>');

    const broken = buildLogEntry(exchange({ responsePayload: '{"oops' }), CAPTURE);
    expect(responseDataOf(broken)).toBe('{"oops');

    const none = buildLogEntry(exchange({ responsePayload: null, status: 204 }), CAPTURE);
    expect(none.response_data).toBeNull();
    expect(none.response_truncated).toBe(false);
  });

  it('truncates an oversized response and marks it', () => {
    const big = JSON.stringify({ items: 'y'.repeat(500) });
    const entry = buildLogEntry(exchange({ responsePayload: big }), {
      ...CAPTURE,
      maxBodyBytes: 100,
    });
    expect(entry.response_truncated).toBe(true);
    const data = responseDataOf(entry);
    expect(typeof data).toBe('string');
    expect(data).toBe(`${big.slice(0, 100)}… [truncated]`);
  });

  it('caps an oversized request body, and keeps a small one as is', () => {
    const small = buildLogEntry(
      exchange({ method: 'POST', body: { message: 'hello', data: [1, 2] } }),
      { ...CAPTURE, maxBodyBytes: 100 },
    );
    expect(requestDataOf(small).body).toEqual({ message: 'hello', data: [1, 2] });

    const body = { message: 'z'.repeat(1_000) };
    const large = buildLogEntry(exchange({ method: 'POST', body }), {
      ...CAPTURE,
      maxBodyBytes: 100,
    });
    const kept = requestDataOf(large).body;
    expect(kept).toBe(`${JSON.stringify(body).slice(0, 100)}… [truncated]`);
    expect(large.request_data.length).toBeLessThan(400);

    const without = buildLogEntry(exchange({ body: undefined }), { ...CAPTURE, maxBodyBytes: 100 });
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
      CAPTURE,
    );
    expect(entry.error_message).toBe('Patient 7 not found');
    expect(entry.error_stack).toBeNull();

    // A success that happens to carry a "message" field is not an error.
    const ok = buildLogEntry(
      exchange({ status: 200, responsePayload: JSON.stringify({ message: 'hello' }) }),
      CAPTURE,
    );
    expect(ok.error_message).toBeNull();

    // An error without a JSON message has no error message to show.
    const plain = buildLogEntry(
      exchange({ status: 502, responsePayload: 'Bad Gateway', responseContentType: 'text/plain' }),
      CAPTURE,
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
      CAPTURE,
    );
    expect(entry.error_message).toBe('connection reset by upstream');
    expect(entry.error_stack).toBe(failure.stack);
    expect(entry.error_stack).toContain('connection reset by upstream');

    const handled = buildLogEntry(
      exchange({
        status: 400,
        responsePayload: JSON.stringify({ statusCode: 400, message: 'dob: required' }),
      }),
      CAPTURE,
    );
    expect(handled.error_stack).toBeNull();
  });
});

describe('request log entry by payload capture mode', () => {
  const patientExchange = exchange({
    method: 'POST',
    url: '/aggregate/patient-with-appointment?source=mock&lastName=Wright',
    query: { source: 'mock', lastName: 'Wright' },
    body: {
      patient: {
        firstname: 'Linda',
        lastname: 'Wright',
        dob: '1980-02-02',
        email: 'l@example.com',
      },
    },
    responsePayload: JSON.stringify({ patient: { id: '1001', created: true } }),
  });

  it('metadata: keeps no bodies and masks the query', () => {
    const entry = buildLogEntry(patientExchange, { ...CAPTURE, capture: 'metadata' });
    expect(requestDataOf(entry)).toMatchObject({
      query: { source: 'mock', lastName: '***' },
      body: null,
    });
    expect(entry.response_data).toBeNull();
    expect(entry.request_data_sealed).toBeNull();
    expect(JSON.stringify(entry)).not.toMatch(/Linda|Wright|1980-02-02|l@example/);
  });

  it('masked: keeps the bodies with patient data masked and ids kept', () => {
    const entry = buildLogEntry(patientExchange, CAPTURE);
    expect(requestDataOf(entry).body).toEqual({
      patient: { firstname: '***', lastname: '***', dob: '***', email: '***' },
    });
    expect(responseDataOf(entry)).toEqual({ patient: { id: '1001', created: true } });
    expect(JSON.stringify(entry)).not.toMatch(/Linda|Wright|1980-02-02|l@example/);
  });

  it('full: keeps the masked bodies and a sealed copy only the key opens', () => {
    const sealer = createPayloadSealer(randomBytes(32));
    const entry = buildLogEntry(patientExchange, { ...CAPTURE, capture: 'full', sealer });
    expect(entry.payload_capture).toBe('full');
    const { request_data_sealed: sealed, ...rest } = entry;
    expect(JSON.stringify(rest)).not.toMatch(/Linda|Wright|1980-02-02/);
    expect(sealed).not.toMatch(/Linda/);
    expect(JSON.parse(sealer.open(sealed!)!)).toMatchObject({
      body: { patient: { firstname: 'Linda', dob: '1980-02-02' } },
      query: { lastName: 'Wright' },
    });
  });

  it('full without a key keeps the masked form only', () => {
    const entry = buildLogEntry(patientExchange, { ...CAPTURE, capture: 'full', sealer: null });
    expect(entry.payload_capture).toBe('masked');
    expect(entry.request_data_sealed).toBeNull();
  });
});
