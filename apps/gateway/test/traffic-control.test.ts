import net from 'node:net';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ALL_API_SCOPES,
  DEFAULT_API_ROOT,
  HEADERS,
  INTERNAL_EHR_PREFIX,
  type ApiScope,
  type ApiKeyUsage,
  FHIR_BASE_PREFIX,
} from '@ehr-gateway/contracts';

import { gatewayApp } from '../src/app.js';
import {
  adminRequest,
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  registeredRoutes,
  signIn,
  testClock,
  testSettings,
  useGateway,
  waitFor,
  type TestStorage,
} from './helpers.js';

interface GatewayRoute {
  method: string;
  url: string;
  scope: ApiScope | undefined;
}

/** Every gateway route (those with a request-log source), with the scope it declares. */
async function gatewayRoutes(): Promise<GatewayRoute[]> {
  return (await registeredRoutes())
    .filter(({ method, config }) => config.source !== undefined && method !== 'HEAD')
    .map(({ method, url, config }) => ({ method, url, scope: config.scope }));
}

const PARAM_VALUES: Record<string, string> = {
  practiceId: '195900',
  id: '00000000-0000-4000-8000-000000000000',
};

/** A URL a client would call for the route: parameters filled, EHR routes under the apiRoot. */
const clientUrl = (url: string) =>
  url
    .replace(INTERNAL_EHR_PREFIX, DEFAULT_API_ROOT)
    .replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? '1');

describe('every gateway route declares the scope it needs', () => {
  let routes: GatewayRoute[] = [];
  beforeAll(async () => {
    routes = await gatewayRoutes();
  });

  it('walks the registered gateway routes and finds none without a known scope', () => {
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes.filter(
      (route) => !route.scope || !ALL_API_SCOPES.includes(route.scope),
    );
    expect(undeclared).toEqual([]);
    // Every scope guards something.
    expect(new Set(routes.map((route) => route.scope))).toEqual(new Set(ALL_API_SCOPES));
  });

  it('refuses to start when a gateway route declares no scope', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const app = Fastify();
    const start = async () => {
      await app.register(gatewayApp, {
        db: storage.db,
        settings: testSettings(),
        backgroundTasks: false,
      });
      await app.register(async (scope) => {
        scope.get('/utility/unscoped', { config: { source: 'utility' } }, async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/utility\/unscoped declares no scope/);
    await app.close().catch(() => undefined);
    await storage.dispose();
  });

  describe('over HTTP', () => {
    const gw = useGateway({ name: 'pglite' });

    it('answers 403 SCOPE_REQUIRED naming the scope on every route of every group', async () => {
      const keys = new Map<ApiScope, string>();
      for (const scope of ALL_API_SCOPES) {
        const others = ALL_API_SCOPES.filter((other) => other !== scope);
        keys.set(
          scope,
          (await createApiKey(gw.app, gw.cookie, { name: `no ${scope}`, scopes: others })).key,
        );
      }
      for (const route of routes) {
        const response = await gw.app.inject({
          method: route.method as 'GET',
          url: clientUrl(route.url),
          headers: { [HEADERS.apiKey]: keys.get(route.scope!)! },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        const message = `This API key lacks the scope ${route.scope}`;
        // The FHIR face answers every refusal as an OperationOutcome, with the same words.
        expect(response.json()).toMatchObject(
          route.url.startsWith(FHIR_BASE_PREFIX)
            ? {
                resourceType: 'OperationOutcome',
                issue: [{ code: 'forbidden', diagnostics: message }],
              }
            : { code: 'SCOPE_REQUIRED', message },
        );
      }
    });

    it('lets a key holding the scope through, and a key made without scopes holds every scope', async () => {
      const utilityOnly = await createApiKey(gw.app, gw.cookie, { name: 'u', scopes: ['utility'] });
      const call = (key: string, url: string) =>
        gw.app.inject({ method: 'GET', url, headers: { [HEADERS.apiKey]: key } });
      expect((await call(utilityOnly.key, '/utility/datetime')).statusCode).toBe(200);
      const aggregation = '/aggregate/department-providers?source=mock';
      expect((await call(utilityOnly.key, aggregation)).statusCode).toBe(403);
      expect((await call(gw.key, aggregation)).statusCode).toBe(200);
      const listed = await adminRequest(gw.app, gw.cookie, {
        method: 'GET',
        url: '/admin/api-keys',
      });
      const all = (listed.json() as { apiKeys: Array<{ name: string; scopes: unknown }> }).apiKeys;
      expect(all.find((key) => key.name === 'test client')?.scopes).toBeNull();
      expect(all.find((key) => key.name === 'u')?.scopes).toEqual(['utility']);
    });

    it("shows each operation's scope in the OpenAPI document", async () => {
      const document = (await gw.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, { 'x-scope'?: string }>>;
      };
      expect(document.paths['/utility/datetime']?.get?.['x-scope']).toBe('utility');
      expect(document.paths['/aggregate/patient-with-appointment']?.post?.['x-scope']).toBe(
        'ehr:write',
      );
      expect(document.paths[`${DEFAULT_API_ROOT}/{practiceId}/patients`]?.get?.['x-scope']).toBe(
        'ehr:read',
      );
    });
  });
});

const parseRateLimit = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(', ')
      .map((item) => {
        const [name, ...params] = item.split(';');
        return [
          name!.replaceAll('"', ''),
          Object.fromEntries(
            params.map((param) => param.split('=')).map(([k, v]) => [k, Number(v)]),
          ),
        ];
      }),
  ) as Record<string, Record<string, number>>;

describe('per-key rate limits and quotas on one instance', () => {
  const clock = testClock(new Date('2030-03-04T10:00:00Z'));
  const gw = useGateway({ name: 'pglite' }, { now: clock.now });
  const call = (key: string) =>
    gw.app.inject({ method: 'GET', url: '/utility/datetime', headers: { [HEADERS.apiKey]: key } });

  it('allows N requests a minute, refuses the N+1st with 429, the headers and an honest Retry-After', async () => {
    const { key } = await createApiKey(gw.app, gw.cookie, { name: 'five', rateLimit: 5 });
    for (let sent = 1; sent <= 5; sent += 1) {
      const response = await call(key);
      expect(response.statusCode).toBe(200);
      expect(response.headers[HEADERS.rateLimitPolicy]).toBe('"minute";q=5;w=60');
      // t: when the first call of the window leaves it (a second passes between calls).
      expect(parseRateLimit(response.headers[HEADERS.rateLimit]).minute).toEqual({
        r: 5 - sent,
        t: 60 - (sent - 1),
      });
      clock.advance(1_000);
    }
    const refused = await call(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Rate limit of 5 requests per minute reached; retry after 55 s',
    });
    // The first of the five leaves the window 60 s after it came, 55 s from now.
    expect(refused.headers[HEADERS.retryAfter]).toBe('55');
    expect(parseRateLimit(refused.headers[HEADERS.rateLimit]).minute).toEqual({ r: 0, t: 55 });
    clock.advance(54_000);
    expect((await call(key)).statusCode).toBe(429);
    clock.advance(1_000);
    expect((await call(key)).statusCode).toBe(200);
    expect((await call(key)).statusCode).toBe(429);
  });

  it('applies DEFAULT_KEY_RATE_LIMIT to keys without their own, and none when unset', async () => {
    const storage = await openTestStorage({ name: 'pglite' });
    const app = await buildGateway(storage, { settings: { defaultKeyRateLimit: 2 } });
    const cookie = await signIn(app);
    const { key } = await createApiKey(app, cookie, { name: 'default' });
    const inject = () =>
      app.inject({ method: 'GET', url: '/utility/datetime', headers: { [HEADERS.apiKey]: key } });
    expect((await inject()).statusCode).toBe(200);
    expect((await inject()).headers[HEADERS.rateLimitPolicy]).toBe('"minute";q=2;w=60');
    expect((await inject()).statusCode).toBe(429);
    await app.close();
    await storage.dispose();
    // The fixture's gateway has no default: its key is unlimited and gets no headers.
    const unlimited = await call(gw.key);
    expect(unlimited.headers[HEADERS.rateLimitPolicy]).toBeUndefined();
  });

  it('records refusals and their reason in the request log', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'logged', rateLimit: 1 });
    await call(key);
    await call(key);
    await gw.app.requestLogWriter.flush();
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?endpoint=/utility/datetime&limit=50',
    });
    const entries = (
      logs.json() as { logs: Array<{ id: string; apiKeyName: string | null; status: number }> }
    ).logs;
    const refusal = entries.find((entry) => entry.apiKeyName === 'logged' && entry.status === 429);
    expect(refusal).toBeDefined();
    const detail = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${refusal!.id}`,
    });
    expect(detail.json()).toMatchObject({
      apiKeyId: id,
      error: { message: 'Rate limit of 1 requests per minute reached; retry after 60 s' },
    });
  });

  it('counts a daily quota to the request and resets it at 00:00 UTC', async () => {
    const { key } = await createApiKey(gw.app, gw.cookie, { name: 'quota', quota: 3 });
    for (let sent = 1; sent <= 3; sent += 1) {
      const response = await call(key);
      expect(response.statusCode).toBe(200);
      expect(parseRateLimit(response.headers[HEADERS.rateLimit]).day?.r).toBe(3 - sent);
    }
    const refused = await call(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: 'Daily quota of 3 requests reached; it resets at 00:00 UTC',
    });
    const untilMidnight =
      (Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`) +
        86_400_000 -
        clock.now().getTime()) /
      1000;
    expect(Number(refused.headers[HEADERS.retryAfter])).toBe(Math.ceil(untilMidnight));
    clock.advance(untilMidnight * 1000);
    expect((await call(key)).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = databaseTargets.find((target) => target.name === 'postgres');

/** A TCP hop in front of Redis that a test can cut, as a network outage would. */
async function redisHop(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut() {
      up = false;
      sockets.forEach((socket) => socket.destroy());
      sockets.clear();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!redisUrl || !postgres)(
  'limits and rotation across instances sharing Redis',
  () => {
    const clock = testClock();
    let storage: TestStorage;
    let hop: Awaited<ReturnType<typeof redisHop>>;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let cookie: string;

    beforeAll(async () => {
      storage = await openTestStorage(postgres!);
      hop = await redisHop(redisUrl!);
      const options = { now: clock.now, settings: { redisUrl: hop.url } };
      first = await buildGateway(storage, options);
      second = await buildGateway(await storage.reopen(), options);
      cookie = await signIn(first);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await hop?.close();
      await storage?.dispose();
    });

    const call = (app: FastifyInstance, key: string) =>
      app.inject({ method: 'GET', url: '/utility/datetime', headers: { [HEADERS.apiKey]: key } });

    it('holds one rate limit and one quota for the key across both instances', async () => {
      const limited = await createApiKey(first, cookie, { name: 'shared limit', rateLimit: 4 });
      const statuses = [];
      for (let index = 0; index < 6; index += 1) {
        statuses.push((await call(index % 2 ? second : first, limited.key)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

      const quota = await createApiKey(first, cookie, { name: 'shared quota', quota: 3 });
      const quotaStatuses = [];
      for (let index = 0; index < 5; index += 1) {
        quotaStatuses.push((await call(index % 2 ? first : second, quota.key)).statusCode);
      }
      expect(quotaStatuses).toEqual([200, 200, 200, 429, 429]);
    });

    it('keeps answering through a Redis outage, counting per instance, and says so in /readyz', async () => {
      const { key } = await createApiKey(first, cookie, { name: 'outage', rateLimit: 3 });
      expect((await call(first, key)).statusCode).toBe(200);
      hop.cut();
      const statuses = [];
      for (let index = 0; index < 8; index += 1) {
        statuses.push((await call(index % 2 ? second : first, key)).statusCode);
      }
      // No 5xx, and each instance now enforces the limit alone: 3 each, the rest refused.
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 200)).toHaveLength(6);
      const ready = (await first.inject({ method: 'GET', url: '/readyz' })).json() as {
        status: string;
        checks: { trafficCounters: { store: string; degraded: boolean; message: string } };
      };
      expect(ready.status).toBe('ready');
      expect(ready.checks.trafficCounters).toMatchObject({ store: 'memory', degraded: true });
      expect(ready.checks.trafficCounters.message).toMatch(/per instance/);
      hop.restore();
      await waitFor(
        async () => {
          await call(first, key);
          const again = (
            await first.inject({ method: 'GET', url: '/readyz' })
          ).json() as typeof ready;
          return again.checks.trafficCounters.store === 'redis' ? true : undefined;
        },
        { timeoutMs: 10_000 },
      );
    });

    it('rotates a key: the old one works through the grace window on both instances, then says "API key rotated"', async () => {
      const created = await createApiKey(first, cookie, { name: 'rotating', scopes: ['utility'] });
      const rotated = await adminRequest(first, cookie, {
        method: 'POST',
        url: `/admin/api-keys/${created.id}/rotate`,
        payload: { graceMinutes: 5 },
      });
      expect(rotated.statusCode).toBe(200);
      const body = rotated.json() as {
        apiKey: { id: string; key: string; scopes: string[] };
        previousKeyExpiresAt: string;
      };
      expect(body.apiKey.id).toBe(created.id);
      expect(body.apiKey.key).not.toBe(created.key);
      expect(body.apiKey.scopes).toEqual(['utility']);
      expect(Date.parse(body.previousKeyExpiresAt) - clock.now().getTime()).toBe(5 * 60_000);
      for (const app of [first, second]) {
        expect((await call(app, created.key)).statusCode).toBe(200);
        expect((await call(app, body.apiKey.key)).statusCode).toBe(200);
      }
      clock.advance(5 * 60_000);
      for (const app of [first, second]) {
        const old = await call(app, created.key);
        expect(old.statusCode).toBe(401);
        expect(old.json()).toMatchObject({ code: 'API_KEY_ROTATED', message: 'API key rotated' });
        expect((await call(app, body.apiKey.key)).statusCode).toBe(200);
      }
    });

    it('edits a key on one instance and the other enforces the change within 2 s', async () => {
      const { id, key } = await createApiKey(first, cookie, { name: 'editable' });
      expect((await call(second, key)).statusCode).toBe(200);
      const patched = await adminRequest(first, cookie, {
        method: 'PATCH',
        url: `/admin/api-keys/${id}`,
        payload: { scopes: ['ehr:read'], name: 'edited' },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ apiKey: { name: 'edited', scopes: ['ehr:read'] } });
      clock.advance(1_500);
      expect((await call(second, key)).statusCode).toBe(403);
    });
  },
);

describe.each(databaseTargets)('key lifecycle and usage on $name', (target) => {
  const clock = testClock();
  const gw = useGateway(target, { now: clock.now });

  it('rotation with no grace ends the old key at once; bad grace values are refused naming the field', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'no grace' });
    const rotated = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: `/admin/api-keys/${id}/rotate`,
      payload: { graceMinutes: 0 },
    });
    expect(rotated.statusCode).toBe(200);
    const old = await gw.app.inject({
      method: 'GET',
      url: '/utility/datetime',
      headers: { [HEADERS.apiKey]: key },
    });
    expect(old.json()).toMatchObject({ code: 'API_KEY_ROTATED' });
    for (const graceMinutes of [-1, 1441, 1.5, '60']) {
      const refused = await adminRequest(gw.app, gw.cookie, {
        method: 'POST',
        url: `/admin/api-keys/${id}/rotate`,
        payload: { graceMinutes },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/graceMinutes/);
    }
    const unknown = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/api-keys/00000000-0000-4000-8000-000000000000/rotate',
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a rotation defaults to a 60-minute grace window', async () => {
    const { id } = await createApiKey(gw.app, gw.cookie, { name: 'default grace' });
    const rotated = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: `/admin/api-keys/${id}/rotate`,
      payload: {},
    });
    const { previousKeyExpiresAt } = rotated.json() as { previousKeyExpiresAt: string };
    expect(Date.parse(previousKeyExpiresAt) - clock.now().getTime()).toBe(60 * 60_000);
  });

  it('PATCH changes limits and clears them with null; an empty change is refused', async () => {
    const { id } = await createApiKey(gw.app, gw.cookie, { name: 'patch me', rateLimit: 10 });
    const patch = (payload: Record<string, unknown>) =>
      adminRequest(gw.app, gw.cookie, { method: 'PATCH', url: `/admin/api-keys/${id}`, payload });
    expect((await patch({ quota: 100, rateLimit: null })).json()).toMatchObject({
      apiKey: { quota: 100, rateLimit: null, effectiveRateLimit: null },
    });
    expect((await patch({})).statusCode).toBe(400);
    const past = await patch({ expiresAt: '2000-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/expiresAt/);
  });

  it('usage counts exactly the requests sent, their errors and 429s, per hour and per day', async () => {
    const { id, key } = await createApiKey(gw.app, gw.cookie, { name: 'usage', rateLimit: 4 });
    const send = (url: string) =>
      gw.app.inject({ method: 'GET', url, headers: { [HEADERS.apiKey]: key } });
    await send('/utility/datetime');
    await send('/utility/datetime');
    await send('/utility/validate-dob');
    await send('/utility/datetime');
    await send('/utility/datetime');
    await send('/utility/datetime');
    await gw.app.requestLogWriter.flush();
    // Log entries carry the real time: the usage window must end at or after it, even when an
    // hour has turned since this file's clock was made.
    clock.advance(Date.now() - clock.now().getTime());
    const response = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/api-keys/${id}/usage`,
    });
    expect(response.statusCode).toBe(200);
    const usage = response.json() as ApiKeyUsage;
    expect(usage.hourly).toHaveLength(24);
    expect(usage.daily).toHaveLength(30);
    const total = (buckets: ApiKeyUsage['hourly']) =>
      buckets.reduce(
        (sum, bucket) => ({
          requests: sum.requests + bucket.requests,
          errors: sum.errors + bucket.errors,
          rateLimited: sum.rateLimited + bucket.rateLimited,
        }),
        { requests: 0, errors: 0, rateLimited: 0 },
      );
    expect(total(usage.hourly)).toEqual({ requests: 6, errors: 3, rateLimited: 2 });
    expect(total(usage.daily)).toEqual({ requests: 6, errors: 3, rateLimited: 2 });
    expect(usage.hourly.at(-1)?.requests).toBe(6);
  });
});
