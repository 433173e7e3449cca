import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Storage } from '../src/db/database.js';
import {
  adminRequest,
  buildGateway,
  databaseTargets,
  openTestStorage,
  type TestStorage,
  useGateway,
} from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BODY_LIMIT = 1024;
const ALLOWED_ORIGIN = 'https://allowed.example';

/** Asserts the one error shape: statusCode, error and message, and never a stack. */
function expectErrorShape(response: LightMyRequestResponse, statusCode: number) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(body).toMatchObject({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
  });
  expect(body.error.length).toBeGreaterThan(0);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('stack');
  expect(response.body).not.toMatch(/"stack"|\bat .+\.(ts|js):\d+/);
  return body as {
    statusCode: number;
    error: string;
    message: string;
    code?: string;
    details?: { field: string; message: string }[];
  };
}

describe.each(databaseTargets)('HTTP hardening on $name', (target) => {
  const gw = useGateway(target, { bodyLimit: BODY_LIMIT });

  const gateway = (options: InjectOptions) =>
    gw.app.inject({ ...options, headers: { 'x-api-key': gw.key, ...options.headers } });
  const echo = (payload: string | object, headers: Record<string, string> = {}) =>
    gateway({ method: 'POST', url: '/utility/test', payload, headers });
  const createKey = (payload: string | object, headers: Record<string, string> = {}) =>
    adminRequest(gw.app, gw.cookie, { method: 'POST', url: '/admin/api-keys', payload, headers });

  describe('request bodies', () => {
    it('answers 400 for malformed JSON, saying so', async () => {
      for (const response of [
        await echo('{"message": "unfinished', { 'content-type': 'application/json' }),
        await createKey('{name: unquoted}', { 'content-type': 'application/json' }),
      ]) {
        const body = expectErrorShape(response, 400);
        expect(body.error).toBe('Bad Request');
        expect(body.message).toMatch(/^Malformed JSON body/);
      }
    });

    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
      'answers 415 for a %s body',
      async (contentType) => {
        for (const response of [
          await echo('message=hi', { 'content-type': contentType }),
          await createKey('<name>x</name>', { 'content-type': contentType }),
        ]) {
          const body = expectErrorShape(response, 415);
          expect(body.error).toBe('Unsupported Media Type');
          expect(body.message).toMatch(/^Unsupported content type: .*send application\/json$/);
        }
      },
    );

    it('answers 413 for a body over the limit, and accepts one under it', async () => {
      const small = await echo({ message: 'x'.repeat(BODY_LIMIT - 100) });
      expect(small.statusCode).toBe(200);

      const response = await echo({ message: 'x'.repeat(BODY_LIMIT + 200) });
      const body = expectErrorShape(response, 413);
      expect(body.error).toBe('Payload Too Large');
      expect(body.message).toBe('Request body is larger than the gateway accepts');

      const admin = await createKey({ name: 'n', padding: 'p'.repeat(BODY_LIMIT * 2) });
      expectErrorShape(admin, 413);
    });

    it('answers 400 naming an unknown field', async () => {
      const gatewayBody = expectErrorShape(await echo({ message: 'hi', extra: true }), 400);
      expect(gatewayBody.code).toBe('VALIDATION_ERROR');
      expect(gatewayBody.details).toEqual([
        { field: 'extra', message: 'unknown field "extra" is not allowed' },
      ]);
      expect(gatewayBody.message).toContain('extra');

      const adminBody = expectErrorShape(await createKey({ name: 'ok', role: 'admin' }), 400);
      expect(adminBody.details).toEqual([
        { field: 'role', message: 'unknown field "role" is not allowed' },
      ]);
    });

    it('answers 400 naming an overlong string', async () => {
      const tooLong = expectErrorShape(await createKey({ name: 'n'.repeat(101) }), 400);
      expect(tooLong.details?.map((d) => d.field)).toEqual(['name']);
      expect(tooLong.message).toMatch(/^Invalid body: name: /);

      const longest = await createKey({ name: 'n'.repeat(100) });
      expect(longest.statusCode).toBe(201);
    });
  });

  describe('request ids', () => {
    it('echoes a valid x-request-id the client sends', async () => {
      for (const id of ['abc-123', 'trace.id:part_2', 'a'.repeat(128)]) {
        const response = await gateway({
          method: 'GET',
          url: '/utility/datetime',
          headers: { 'x-request-id': id },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-request-id']).toBe(id);
      }
    });

    it('generates a UUID when there is none, on success, errors, admin and health routes', async () => {
      const responses = [
        await gateway({ method: 'GET', url: '/utility/datetime' }),
        await gw.app.inject({ method: 'GET', url: '/utility/datetime' }),
        await gateway({ method: 'GET', url: '/utility/no-such-route' }),
        await echo('{', { 'content-type': 'application/json' }),
        await gw.app.inject({ method: 'GET', url: '/admin/session' }),
        await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/api-keys' }),
        await gw.app.inject({ method: 'GET', url: '/healthz' }),
        await gw.app.inject({ method: 'GET', url: '/readyz' }),
        await gw.app.inject({ method: 'GET', url: '/openapi.json' }),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([
        200, 401, 404, 400, 401, 200, 200, 200, 200,
      ]);
      const ids = responses.map((r) => r.headers['x-request-id']);
      for (const id of ids) {
        expect(id).toMatch(UUID);
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('keeps the client id on errors and admin and health routes too', async () => {
      const headers = { 'x-request-id': 'client-id-7' };
      for (const response of [
        await gw.app.inject({ method: 'GET', url: '/utility/datetime', headers }),
        await gw.app.inject({ method: 'GET', url: '/admin/session', headers }),
        await gw.app.inject({ method: 'GET', url: '/healthz', headers }),
      ]) {
        expect(response.headers['x-request-id']).toBe('client-id-7');
      }
    });

    it.each([
      ['spaces', 'has spaces in it'],
      ['500 characters', 'a'.repeat(500)],
      ['129 characters', 'b'.repeat(129)],
      ['markup', 'id<script>'],
      ['an empty value', ''],
    ])('replaces an invalid x-request-id (%s) with a UUID', async (_what, id) => {
      const response = await gateway({
        method: 'POST',
        url: '/utility/test',
        payload: {},
        headers: { 'x-request-id': id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toMatch(UUID);
      expect(response.json().requestId).toBe(response.headers['x-request-id']);
    });
  });

  describe('Server-Timing', () => {
    it('reports gateway;dur on gateway routes, including their errors', async () => {
      for (const response of [
        await gateway({ method: 'GET', url: '/utility/datetime' }),
        await gw.app.inject({ method: 'GET', url: '/utility/datetime' }),
        await gateway({ method: 'GET', url: '/utility/validate-dob' }),
      ]) {
        expect(response.headers['server-timing']).toMatch(/^gateway;dur=\d+\.\d{2}$/);
      }
    });

    it('is not sent on admin and health routes', async () => {
      for (const response of [
        await gw.app.inject({ method: 'GET', url: '/healthz' }),
        await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/session' }),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['server-timing']).toBeUndefined();
      }
    });
  });

  describe('CORS', () => {
    const preflight = (url: string, origin: string) =>
      gw.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-api-key',
        },
      });

    it('answers a preflight from an allowed origin with 204, without an API key', async () => {
      const response = await preflight('/utility/test', ALLOWED_ORIGIN);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(String(response.headers['access-control-allow-methods'])).toMatch(/\bPOST\b/);
      const allowedHeaders = String(response.headers['access-control-allow-headers']);
      expect(allowedHeaders).toMatch(/\bcontent-type\b/);
      expect(allowedHeaders).toMatch(/\bx-api-key\b/);
      expect(response.headers['access-control-max-age']).toBeDefined();
      expect(String(response.headers.vary)).toMatch(/Origin/);
    });

    it('gives a preflight from another origin no allow-origin', async () => {
      const response = await preflight('/utility/test', 'https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
      expect(response.headers['access-control-allow-headers']).toBeUndefined();
    });

    it('lets an allowed origin read actual answers and their request id', async () => {
      const response = await gateway({
        method: 'GET',
        url: '/utility/datetime',
        headers: { origin: ALLOWED_ORIGIN },
      });
      expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(String(response.headers['access-control-expose-headers'])).toMatch(/x-request-id/);

      const refused = await gw.app.inject({
        method: 'GET',
        url: '/utility/datetime',
        headers: { origin: ALLOWED_ORIGIN },
      });
      expect(refused.statusCode).toBe(401);
      // The browser client can read why it was refused.
      expect(refused.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);

      const other = await gateway({
        method: 'GET',
        url: '/utility/datetime',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('never sends access-control-allow-origin from admin routes', async () => {
      const responses = [
        await preflight('/admin/api-keys', ALLOWED_ORIGIN),
        await preflight('/admin/session', ALLOWED_ORIGIN),
        await adminRequest(gw.app, gw.cookie, {
          method: 'GET',
          url: '/admin/api-keys',
          headers: { origin: ALLOWED_ORIGIN },
        }),
        await gw.app.inject({
          method: 'POST',
          url: '/admin/session',
          payload: { username: 'admin', password: 'wrong-password' },
          headers: { origin: ALLOWED_ORIGIN },
        }),
        await gw.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { origin: ALLOWED_ORIGIN },
        }),
      ];
      for (const response of responses) {
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.headers['access-control-allow-methods']).toBeUndefined();
      }
    });
  });

  describe('security headers', () => {
    it('sends helmet headers with a strict content security policy', async () => {
      for (const response of [
        await gw.app.inject({ method: 'GET', url: '/healthz' }),
        await gateway({ method: 'GET', url: '/utility/datetime' }),
        await gw.app.inject({ method: 'GET', url: '/admin/session' }),
      ]) {
        const csp = String(response.headers['content-security-policy']);
        const directives = csp.split(';').map((d) => d.trim());
        expect(directives).toContain("script-src 'self'");
        expect(directives).toContain("default-src 'self'");
        expect(directives).toContain("object-src 'none'");
        expect(directives).toContain("frame-ancestors 'none'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    });
  });

  describe('errors', () => {
    it('answers a missing key with 401 "Missing API key…" and an unknown key with "Invalid API key"', async () => {
      const missing = expectErrorShape(
        await gw.app.inject({ method: 'GET', url: '/utility/datetime' }),
        401,
      );
      expect(missing.error).toBe('Unauthorized');
      expect(missing.message).toMatch(/^Missing API key/);

      const unknown = expectErrorShape(
        await gw.app.inject({
          method: 'GET',
          url: '/utility/datetime',
          headers: { 'x-api-key': 'ehrgw_thisKeyDoesNotExist0000000000000000000000' },
        }),
        401,
      );
      expect(unknown.message).toBe('Invalid API key');
    });

    it('asks for a key before saying a gateway path does not exist, then answers a JSON 404', async () => {
      const anonymous = expectErrorShape(
        await gw.app.inject({ method: 'GET', url: '/utility/no-such-route' }),
        401,
      );
      expect(anonymous.message).toMatch(/^Missing API key/);

      const known = expectErrorShape(
        await gateway({ method: 'GET', url: '/utility/no-such-route' }),
        404,
      );
      expect(known).toMatchObject({ error: 'Not Found', code: 'ROUTE_NOT_FOUND' });
      expect(known.message).toContain('/utility/no-such-route');
    });

    it('uses the one error shape, without a stack, for every kind of failure', async () => {
      const cases: [LightMyRequestResponse, number][] = [
        [await echo({ unknown: 1 }), 400],
        [await echo('{', { 'content-type': 'application/json' }), 400],
        [await gw.app.inject({ method: 'GET', url: '/utility/datetime' }), 401],
        [await gw.app.inject({ method: 'GET', url: '/admin/api-keys' }), 401],
        [await createKey({ name: 'x' }, { origin: 'https://evil.example' }), 403],
        [await gateway({ method: 'GET', url: '/utility/nope' }), 404],
        [
          await adminRequest(gw.app, gw.cookie, {
            method: 'GET',
            url: '/admin/logs/9b2d7c1e-8d0f-4a51-9a38-7b8d6f1c2e3a',
          }),
          404,
        ],
        [await echo({ message: 'x'.repeat(BODY_LIMIT * 2) }), 413],
        [await echo('x', { 'content-type': 'text/plain' }), 415],
      ];
      for (const [response, status] of cases) {
        expectErrorShape(response, status);
      }
    });
  });

  describe('OpenAPI document', () => {
    it('is OpenAPI 3.1 with an operationId and tags on every operation', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json() as {
        openapi: string;
        info: { title: string; version: string };
        paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
      };
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.version).toBe('0.0.0-test');

      const paths = Object.keys(document.paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/healthz',
          '/readyz',
          '/admin/session',
          '/admin/api-keys',
          '/admin/api-keys/{id}',
          '/admin/config',
          '/admin/logs',
          '/admin/logs/{id}',
          '/utility/validate-dob',
          '/utility/datetime',
          '/utility/cors-check',
          '/utility/test',
        ]),
      );
      expect(paths).not.toContain('/openapi.json');

      const methods = ['get', 'post', 'put', 'patch', 'delete'];
      const operationIds: string[] = [];
      for (const [path, item] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (!methods.includes(method)) {
            continue;
          }
          expect(operation.operationId, `${method} ${path}`).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
          expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
          operationIds.push(operation.operationId ?? '');
        }
      }
      expect(operationIds.length).toBeGreaterThanOrEqual(12);
      expect(new Set(operationIds).size).toBe(operationIds.length);
      expect(document.paths['/utility/test']?.post?.operationId).toBe('testEcho');
    });
  });

  describe('health', () => {
    it('GET /healthz answers ok', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers ready with its checks', async () => {
      const response = await gw.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ready',
        checks: {
          database: { ok: true },
          requestLog: {
            ok: true,
            buffered: expect.any(Number),
            dropped: 0,
            reduced: 0,
            lastError: null,
            lastDropReason: null,
            spooled: 0,
            spoolFull: false,
          },
          // No REDIS_URL here: every instance counts its own limits, as configured.
          trafficCounters: { store: 'memory', degraded: false, message: null },
        },
      });
    });
  });
});

describe.each(databaseTargets)('readiness without storage on $name', (target) => {
  let storage: TestStorage;
  let closed: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await openTestStorage(target);
    // On PostgreSQL a second pool on the test schema, so that dispose() can still drop the schema.
    closed = target.name === 'postgres' ? await storage.reopen() : storage;
    app = await buildGateway(closed);
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose().catch(() => undefined);
  });

  it('answers 503 not_ready once the database is gone, while /healthz stays ok', async () => {
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(200);

    await closed.close();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not_ready',
      checks: {
        database: { ok: false, message: expect.any(String) },
        requestLog: { ok: true },
      },
    });
    expect(response.body).not.toMatch(/stack|destroyed/i);

    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
