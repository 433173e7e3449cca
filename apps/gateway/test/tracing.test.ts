import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { startTracing, type Tracing } from '../src/lib/tracing.js';
import { EXPORTED_SPAN_ATTRIBUTES } from '../src/lib/span-allowlist.js';
import { adminRequest, buildGateway, createApiKey, signIn } from './helpers.js';

const SECRET = 'sandbox-secret-value-0123';
const PRACTICE = '195900';
const INBOUND_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const INBOUND_SPAN = '00f067aa0ba902b7';
/** Searched for in what was exported: a patient name from the query string must never be there. */
const PATIENT_NAME = 'Zyxwvutson';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}
const SPAN_KIND = { server: 2, client: 3 };

/** A collector on a local port: OTLP/HTTP JSON bodies, kept as they came. */
function startReceiver(): Promise<{ server: Server; url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}`, bodies });
    });
  });
}

const spansIn = (bodies: string[]): OtlpSpan[] =>
  bodies.flatMap((body) =>
    (
      JSON.parse(body) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
      }
    ).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
  );

describe('OpenTelemetry traces over OTLP/HTTP', () => {
  const athenaHeaders: IncomingHttpHeaders[] = [];
  let sandbox: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing;
  let storage: Storage;
  let app: FastifyInstance;
  let cookie: string;
  let key: string;

  beforeAll(async () => {
    sandbox = buildSandbox({ clientSecret: SECRET, tokenLimitPerMinute: 1000 });
    sandbox.addHook('onRequest', async (request) => {
      athenaHeaders.push(request.headers);
    });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    const address = sandbox.server.address();
    const athenaPort = typeof address === 'object' && address ? address.port : 0;
    receiver = await startReceiver();
    tracing = startTracing({
      endpoint: `${receiver.url}/`,
      serviceName: 'ehr-gateway-test',
      serviceVersion: '0.0.0-test',
    });
    storage = await openStorage({ dataDir: 'memory://', tracer: tracing.tracer });
    await migrate(storage.db);
    app = await buildGateway(storage, {
      tracing,
      settings: {
        // With Redis the key's rate limit is counted there: its commands are spans too.
        redisUrl: process.env.TEST_REDIS_URL,
        athena: {
          baseUrl: `http://127.0.0.1:${athenaPort}`,
          clientId: 'sandbox-client',
          clientSecret: SECRET,
          practiceId: PRACTICE,
        },
      },
    });
    cookie = await signIn(app);
    ({ key } = await createApiKey(app, cookie, { name: 'traced client', rateLimit: 1000 }));
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await tracing?.shutdown();
    await sandbox?.close();
    receiver?.server.close();
  });

  it('a gateway request continues the caller’s trace into athena and the database, with no PHI', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/${PRACTICE}/patients?lastName=${PATIENT_NAME}`,
      headers: {
        'x-api-key': key,
        traceparent: `00-${INBOUND_TRACE}-${INBOUND_SPAN}-01`,
      },
    });
    expect(response.statusCode).toBe(200);
    await app.requestLogWriter.flush();
    await tracing.forceFlush();

    const spans = spansIn(receiver.bodies).filter((span) => span.traceId === INBOUND_TRACE);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const request = spans.find((span) => span.name === 'request');
    expect(request).toMatchObject({ parentSpanId: INBOUND_SPAN, kind: SPAN_KIND.server });
    expect(request?.attributes).toContainEqual({
      key: 'http.route',
      value: { stringValue: '/_ehr/:practiceId/patients' },
    });

    // Every other span of the request descends from the request span.
    const descendsFromRequest = (span: OtlpSpan): boolean => {
      for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId) {
        if (parent === request?.spanId) {
          return true;
        }
      }
      return false;
    };
    // The token request and the data call(s), each a client span named by its method.
    const athenaCalls = spans.filter(
      (span) => span.kind === SPAN_KIND.client && /^(GET|POST)$/.test(span.name),
    );
    expect(athenaCalls.length).toBeGreaterThan(0);
    expect(athenaCalls.every(descendsFromRequest)).toBe(true);
    const database = spans.filter((span) => span.name.startsWith('db '));
    expect(database.length).toBeGreaterThan(0);
    expect(database.some(descendsFromRequest)).toBe(true);

    if (process.env.TEST_REDIS_URL) {
      const redis = spans.filter((span) => span.name.startsWith('redis '));
      expect(redis.length).toBeGreaterThan(0);
      expect(redis.every(descendsFromRequest)).toBe(true);
    }

    // athena received the trace: its traceparent names this trace and one of the client spans.
    const sent = athenaHeaders
      .map((headers) => headers.traceparent)
      .filter(
        (value): value is string => typeof value === 'string' && value.includes(INBOUND_TRACE),
      );
    expect(sent.length).toBeGreaterThan(0);
    const clientSpanIds = new Set(athenaCalls.map((span) => span.spanId));
    expect(sent.every((value) => clientSpanIds.has(value.split('-')[2]!))).toBe(true);

    // Nothing but the whitelisted attributes left the gateway: no URL, query, name or key.
    const exported = receiver.bodies.join('\n');
    expect(exported).not.toContain(PATIENT_NAME);
    expect(exported).not.toContain(key);
    expect(exported).not.toContain(SECRET);
    for (const span of spans) {
      for (const attribute of span.attributes ?? []) {
        expect(EXPORTED_SPAN_ATTRIBUTES.has(attribute.key), attribute.key).toBe(true);
      }
    }

    // The request log entry names the trace, and Log Details shows it.
    const list = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs?endpoint=/api/${PRACTICE}/patients`,
    });
    const [entry] = list.json<{ logs: Array<{ id: string }> }>().logs;
    const detail = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${entry?.id}`,
    });
    expect(detail.json()).toMatchObject({ traceId: INBOUND_TRACE });
  });

  it('a request without a traceparent starts its own trace', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode).toBe(200);
    await app.requestLogWriter.flush();
    await tracing.forceFlush();
    const logs = await adminRequest(app, cookie, {
      method: 'GET',
      url: '/admin/logs?endpoint=/utility/datetime',
    });
    const [entry] = logs.json<{ logs: Array<{ id: string }> }>().logs;
    const detail = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${entry?.id}`,
    });
    const { traceId } = detail.json<{ traceId: string }>();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe(INBOUND_TRACE);
    const request = spansIn(receiver.bodies).find(
      (span) => span.traceId === traceId && span.name === 'request',
    );
    expect(request?.parentSpanId ?? '').toBe('');
  });
});

describe('with tracing off', () => {
  let storage: Storage;
  let app: FastifyInstance;
  beforeAll(async () => {
    storage = await openStorage({ dataDir: 'memory://' });
    await migrate(storage.db);
    app = await buildGateway(storage);
  });
  afterAll(async () => {
    await app.close();
    await storage.close();
  });

  it('stores no trace id, even when the caller sends a traceparent', async () => {
    const cookie = await signIn(app);
    const { key } = await createApiKey(app, cookie);
    await app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: { 'x-api-key': key, traceparent: `00-${INBOUND_TRACE}-${INBOUND_SPAN}-01` },
    });
    await app.requestLogWriter.flush();
    const logs = await adminRequest(app, cookie, { method: 'GET', url: '/admin/logs' });
    const [entry] = logs.json<{ logs: Array<{ id: string }> }>().logs;
    const detail = await adminRequest(app, cookie, {
      method: 'GET',
      url: `/admin/logs/${entry?.id}`,
    });
    expect(detail.json()).toMatchObject({ traceId: null });
  });
});
