import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ORIGIN, useGateway } from './helpers.js';

/**
 * Bad input, generated for every operation of /openapi.json: wrong types, missing and unknown
 * fields, out-of-range numbers, impossible dates, NUL and lone surrogates, deep nesting, huge
 * values, malformed JSON. Whatever a client sends, the answer is never a 5xx.
 */

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  body?: Schema;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
}

/** mulberry32: the same inputs every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BAD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\uD800b',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e308',
  'NaN',
  'true',
  'null',
  '2026-02-30',
  '13/45/2026',
  '../../etc/passwd',
  "'; drop table api_keys; --",
  '%',
  '%%%',
  '\u202e\u0301',
  '9'.repeat(40),
  '{"a":1}',
];
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  '\u0000',
  'a\uD800',
  'x'.repeat(20_000),
  [],
  [null],
  {},
  { nested: { deeper: [1, { x: '\u0000' }] } },
  Array.from({ length: 2_000 }, (_, i) => i),
  '2026-02-30',
  '9'.repeat(40),
];

function listOperations(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Percent-encoding that also writes a lone surrogate (as the bytes a careless client sends). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('');
  }
}

function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeSegment(value(name)));
}

function badBodies(schema: Schema | undefined, pick: <T>(items: T[]) => T): unknown[] {
  const bodies: unknown[] = [...BAD_VALUES.slice(0, 8)];
  const properties = Object.keys(schema?.properties ?? {});
  const valid: Record<string, unknown> = {};
  for (const name of properties) {
    valid[name] = 'text';
  }
  for (const name of properties) {
    for (let i = 0; i < 4; i += 1) {
      bodies.push({ ...valid, [name]: pick(BAD_VALUES) });
    }
    const { [name]: _omitted, ...missing } = valid;
    bodies.push(missing);
  }
  bodies.push({ ...valid, unexpected: pick(BAD_VALUES) });
  return bodies;
}

describe('every route against generated bad input', () => {
  let sandbox: FastifyInstance;
  let athenaUrl = '';
  beforeAll(async () => {
    sandbox = buildSandbox({ tokenLimitPerMinute: 100_000 });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    const address = sandbox.server.address();
    athenaUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => sandbox.close());

  const gw = useGateway(
    { name: 'pglite' },
    {
      settings: {
        athena: {
          get baseUrl() {
            return athenaUrl;
          },
          clientId: 'sandbox-client',
          clientSecret: 'sandbox-secret',
          practiceId: '195900',
        },
      },
      athenaTransport: { maxRetries: 0 },
    },
  );

  it('answers at least 2,000 bad requests without a single 5xx', async () => {
    const document = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = listOperations(document).filter(
      // Signing out would end the session the admin calls below use.
      (operation) => !(operation.method === 'DELETE' && operation.path === '/admin/session'),
    );
    expect(operations.length).toBeGreaterThan(30);
    const next = random(20261123);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;

    const requests: InjectOptions[] = [];
    for (const operation of operations) {
      const admin = operation.path.startsWith('/admin');
      const headers: Record<string, string> = admin
        ? { cookie: gw.cookie, origin: ORIGIN, host: 'localhost:80' }
        : { 'x-api-key': gw.key };
      const query = operation.parameters.filter((p) => p.in === 'query');
      const url = () => fillPath(operation.path, () => pick(BAD_TEXT));
      // Bad path parameters and query values.
      for (let i = 0; i < 24; i += 1) {
        const search = new URLSearchParams();
        for (const parameter of query) {
          if (next() < 0.7) {
            search.append(parameter.name, pick(BAD_TEXT));
          }
          if (next() < 0.1) {
            search.append(parameter.name, pick(BAD_TEXT));
          }
        }
        if (next() < 0.3) {
          search.append(pick(['unexpected', 'source', 'limit', '__proto__']), pick(BAD_TEXT));
        }
        const text = search.toString();
        requests.push({
          method: operation.method as 'GET',
          url: `${url()}${text ? `?${text}` : ''}`,
          headers,
        });
      }
      if (operation.method === 'GET' || operation.method === 'DELETE') {
        continue;
      }
      // Bad bodies: wrong shapes, then text that is not JSON or not what it says it is.
      for (const body of badBodies(operation.body, pick)) {
        requests.push({
          method: operation.method as 'POST',
          url: fillPath(operation.path, () => '1'),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      }
      for (const [contentType, payload] of [
        ['application/json', '{"unterminated": '],
        ['application/json', `${'['.repeat(3_000)}${']'.repeat(3_000)}`],
        ['application/json', '\u0000'],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
        ['application/json; charset=latin1', '{"name":"\u00e9"}'],
      ] as const) {
        requests.push({
          method: operation.method as 'POST',
          url: fillPath(operation.path, () => '1'),
          headers: { ...headers, 'content-type': contentType },
          payload,
        });
      }
    }
    expect(requests.length).toBeGreaterThanOrEqual(2_000);

    const serverErrors: string[] = [];
    for (const request of requests) {
      const response = await gw.app.inject(request);
      if (response.statusCode >= 500) {
        serverErrors.push(
          `${request.method} ${String(request.url).slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(serverErrors).toEqual([]);
    await gw.app.requestLogWriter.flush();
    expect(gw.app.requestLogWriter.health()).toMatchObject({ ok: true, dropped: 0 });
  }, 120_000);
});
