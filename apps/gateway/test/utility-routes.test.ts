import { format as formatDate } from 'date-fns';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { adminRequest, createApiKey, databaseTargets, useGateway } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogSummary {
  id: string;
  endpoint: string;
  method: string;
  status: number;
  source: string;
  apiKeyName: string | null;
}

describe.each(databaseTargets)('utility routes on $name', (target) => {
  const gw = useGateway(target);

  const call = (options: InjectOptions, apiKey = gw.key) =>
    gw.app.inject({ ...options, headers: { 'x-api-key': apiKey, ...options.headers } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    call({ method: 'GET', url, headers });

  const fieldsOf = (body: { details?: { field: string }[] }) =>
    (body.details ?? []).map((d) => d.field);

  describe('GET /utility/validate-dob', () => {
    it('validates a YYYY-MM-DD date of birth', async () => {
      const response = await get('/utility/validate-dob?dob=1990-07-04');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        input: '1990-07-04',
        valid: true,
        isoDate: '1990-07-04',
        athenaDate: '07/04/1990',
        reason: null,
      });
      expect(body.age).toBeGreaterThanOrEqual(35);
    });

    it('validates an MM/DD/YYYY date of birth', async () => {
      const response = await get(`/utility/validate-dob?dob=${encodeURIComponent('02/29/2000')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        input: '02/29/2000',
        valid: true,
        isoDate: '2000-02-29',
        athenaDate: '02/29/2000',
      });
    });

    it.each([
      ['2023-02-29', 'February 2023 has no day 29'],
      ['02/30/2020', 'February 2020 has no day 30'],
      ['2020-13-01', 'There is no month 13: months run from 1 to 12'],
      ['1850-01-01', 'Date of birth is before 1900'],
      ['2999-01-01', 'Date of birth is in the future'],
      ['not-a-date', 'Unrecognised date format: use YYYY-MM-DD or MM/DD/YYYY'],
    ])('answers 200 with valid:false and the reason for %s', async (dob, reason) => {
      const response = await get(`/utility/validate-dob?dob=${encodeURIComponent(dob)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        input: dob,
        valid: false,
        isoDate: null,
        athenaDate: null,
        age: null,
        reason,
      });
    });

    it('answers 400 naming dob when it is missing, empty or too long', async () => {
      for (const url of [
        '/utility/validate-dob',
        '/utility/validate-dob?dob=',
        `/utility/validate-dob?dob=${'1'.repeat(41)}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        const body = response.json();
        expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(fieldsOf(body), url).toEqual(['dob']);
        expect(body.message).toMatch(/^Invalid query: dob: /);
      }
    });

    it('answers 400 naming an unknown query parameter', async () => {
      const response = await get('/utility/validate-dob?dob=1990-07-04&debug=1');
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['debug']);
    });
  });

  describe('GET /utility/datetime', () => {
    it('reports the current time without a format', async () => {
      const before = Date.now();
      const response = await get('/utility/datetime');
      const after = Date.now();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ format: null, formatted: null, timezone: expect.any(String) });
      expect(body.epochMs).toBeGreaterThanOrEqual(before);
      expect(body.epochMs).toBeLessThanOrEqual(after);
      expect(new Date(body.iso).getTime()).toBe(body.epochMs);
      expect(body.athenaDate).toBe(formatDate(body.epochMs, 'MM/dd/yyyy'));
      expect(body.athenaTime).toBe(formatDate(body.epochMs, 'HH:mm'));
    });

    it('formats the current time with a date-fns format', async () => {
      const format = "yyyy-MM-dd'T'HH:mm:ss";
      const response = await get(`/utility/datetime?format=${encodeURIComponent(format)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.format).toBe(format);
      expect(body.formatted).toBe(formatDate(body.epochMs, format));
    });

    it('answers 400 naming format for a format date-fns refuses', async () => {
      const response = await get(
        `/utility/datetime?format=${encodeURIComponent('yyyy-MM-dd foo')}`,
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
      });
      expect(fieldsOf(body)).toEqual(['format']);
      expect(body.message).toMatch(/^format: not a valid date-fns format/);
    });

    it('answers 400 naming format for an overlong format', async () => {
      const response = await get(`/utility/datetime?format=${'y'.repeat(101)}`);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['format']);
    });
  });

  describe('GET /utility/cors-check', () => {
    it('says an allowed origin is allowed, with the headers it gets', async () => {
      const response = await get('/utility/cors-check', { origin: 'https://allowed.example' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        origin: 'https://allowed.example',
        allowed: true,
        allowedOrigins: ['https://allowed.example'],
      });
      expect(body.headers['access-control-allow-origin']).toBe('https://allowed.example');
      expect(response.headers['access-control-allow-origin']).toBe('https://allowed.example');
    });

    it('says another origin is not allowed', async () => {
      const response = await get('/utility/cors-check', { origin: 'https://elsewhere.example' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ origin: 'https://elsewhere.example', allowed: false });
      expect(body.headers).not.toHaveProperty('access-control-allow-origin');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers without an origin: CORS does not apply', async () => {
      const response = await get('/utility/cors-check');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        origin: null,
        allowed: true,
        allowedOrigins: ['https://allowed.example'],
      });
    });

    it("says the console's own origin (the gateway's) is allowed without being listed", async () => {
      const response = await get('/utility/cors-check', {
        origin: 'http://gateway.example:8080',
        host: 'gateway.example:8080',
      });
      expect(response.json()).toMatchObject({
        origin: 'http://gateway.example:8080',
        allowed: true,
        reason: 'Same origin as the gateway: its own pages need no CORS.',
      });
    });
  });

  describe('POST /utility/test', () => {
    it('echoes the message and data with the time received and the request id', async () => {
      const before = Date.now();
      const response = await call({
        method: 'POST',
        url: '/utility/test',
        payload: { message: 'ping', data: { nested: [1, 'two', null] } },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ message: 'ping', data: { nested: [1, 'two', null] } });
      expect(new Date(body.receivedAt).getTime()).toBeGreaterThanOrEqual(before);
      expect(new Date(body.receivedAt).getTime()).toBeLessThanOrEqual(Date.now());
      expect(body.requestId).toMatch(UUID);
      expect(body.requestId).toBe(response.headers['x-request-id']);
    });

    it('uses the request id the client sent', async () => {
      const response = await call({
        method: 'POST',
        url: '/utility/test',
        payload: {},
        headers: { 'x-request-id': 'client-chosen-id-42' },
      });
      expect(response.json()).toMatchObject({
        message: null,
        data: null,
        requestId: 'client-chosen-id-42',
      });
      expect(response.headers['x-request-id']).toBe('client-chosen-id-42');
    });

    it('answers 400 for a message over 2000 characters', async () => {
      const response = await call({
        method: 'POST',
        url: '/utility/test',
        payload: { message: 'm'.repeat(2001) },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['message']);
    });
  });

  it.each([
    ['GET', '/utility/validate-dob?dob=1990-07-04'],
    ['GET', '/utility/datetime'],
    ['GET', '/utility/cors-check'],
    ['POST', '/utility/test'],
  ] as const)('%s %s needs an API key', async (method, url) => {
    const missing = await gw.app.inject({
      method,
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toMatch(/^Missing API key/);
    const wrong = await call({ method, url, payload: method === 'POST' ? {} : undefined }, 'x');
    expect(wrong.statusCode).toBe(401);
  });

  it('request-logs every utility call under the source "utility"', async () => {
    const { key: loggedKey } = await createApiKey(gw.app, gw.cookie, { name: 'utility logging' });
    const calls = [
      { method: 'GET', url: '/utility/validate-dob?dob=1990-07-04' },
      { method: 'GET', url: '/utility/datetime?format=yyyy' },
      { method: 'GET', url: '/utility/cors-check' },
      { method: 'POST', url: '/utility/test', payload: { message: 'logged' } },
    ] as const;
    const responses = [];
    for (const options of calls) {
      responses.push(await call(options, loggedKey));
    }
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await gw.app.requestLogWriter.flush();

    const list = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?source=utility&limit=1000',
    });
    expect(list.statusCode).toBe(200);
    const logs = (list.json().logs as LogSummary[]).filter(
      (log) => log.apiKeyName === 'utility logging',
    );
    expect(logs.map((log) => `${log.method} ${log.endpoint} ${log.status}`).sort()).toEqual([
      'GET /utility/cors-check 200',
      'GET /utility/datetime 200',
      'GET /utility/validate-dob 200',
      'POST /utility/test 200',
    ]);
    expect(logs.every((log) => log.source === 'utility')).toBe(true);

    const echo = logs.find((log) => log.endpoint === '/utility/test');
    const detail = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${echo?.id}`,
    });
    expect(detail.statusCode).toBe(200);
    const entry = detail.json();
    expect(entry.requestId).toBe(responses[3]?.headers['x-request-id']);
    expect(entry.requestData.body).toEqual({ message: 'logged' });
    expect(entry.requestData.headers['x-api-key']).toBe('[REDACTED]');
    expect(entry.responseData).toMatchObject({ message: 'logged', requestId: entry.requestId });
    expect(JSON.stringify(entry)).not.toContain(loggedKey);

    const dob = logs.find((log) => log.endpoint === '/utility/validate-dob');
    const dobDetail = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${dob?.id}`,
    });
    expect(dobDetail.json().requestData.query).toEqual({ dob: '***' });
  });
});
