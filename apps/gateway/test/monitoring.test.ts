import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { AlertsResponse, UptimeResponse } from '@ehr-gateway/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  addUser,
  adminRequest,
  createApiKey,
  databaseTargets,
  testClock,
  useGateway,
  waitFor,
  type TestUser,
} from './helpers.js';

const SECRET = 'sandbox-secret-value-0123';
const PRACTICE = '195900';
const MINUTE = 60_000;
/** Past the alerts' per-instance refresh interval, so each look re-evaluates. */
const NEXT_LOOK_MS = 11_000;

async function startSandbox(port = 0): Promise<{ sandbox: FastifyInstance; port: number }> {
  const sandbox = buildSandbox({ clientSecret: SECRET, tokenLimitPerMinute: 1000 });
  await sandbox.listen({ port, host: '127.0.0.1' });
  const address = sandbox.server.address();
  return { sandbox, port: typeof address === 'object' && address ? address.port : port };
}

const started = await startSandbox();
let sandbox = started.sandbox;
const port = started.port;
afterAll(() => sandbox.close());

describe.each(databaseTargets)('health samples, uptime and alerts on $name', (target) => {
  const clock = testClock();
  const gw = useGateway(target, {
    now: clock.now,
    settings: {
      athena: {
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: 'sandbox-client',
        clientSecret: SECRET,
        practiceId: PRACTICE,
      },
    },
    // The breaker keeps real time: open long enough that the looks at the bell after it opened
    // (each an HTTP round trip, slow on a loaded machine) all see it open.
    athenaTransport: { maxRetries: 0, breakerFailureThreshold: 3, breakerOpenMs: 8_000 },
  });
  let developer: TestUser;

  const alerts = async (cookie = gw.cookie) => {
    clock.advance(NEXT_LOOK_MS);
    const response = await adminRequest(gw.app, cookie, { method: 'GET', url: '/admin/alerts' });
    expect(response.statusCode).toBe(200);
    return response.json<AlertsResponse>();
  };
  const open = (body: AlertsResponse) =>
    body.alerts.filter((alert) => alert.clearedAt === null).map((alert) => alert.kind);
  let calls = 0;
  /** A read the response cache cannot answer (each asks for another page), so athena is called. */
  const athenaCall = () =>
    gw.app.inject({
      method: 'GET',
      url: `/api/${PRACTICE}/patients?offset=${(calls += 1)}`,
      headers: { 'x-api-key': gw.key },
    });
  const insertSample = (sample: {
    minute: Date;
    instance: string;
    databaseOk?: boolean;
    redisOk?: boolean | null;
    dropped?: number;
    spoolFull?: boolean;
  }) =>
    sql`insert into health_samples (minute, instance_id, sampled_at, database_ok, redis_ok, athena_state, log_dropped, log_spool_full)
        values (${sample.minute}, ${sample.instance}, ${sample.minute}, ${sample.databaseOk ?? true},
                ${sample.redisOk ?? null}, 'not_configured', ${sample.dropped ?? 0}, ${sample.spoolFull ?? false})`.execute(
      gw.storage.db,
    );

  beforeAll(async () => {
    developer = await addUser(gw.app, gw.cookie, { username: 'dev-watch', role: 'developer' });
  });

  it('athena going down raises an alert for every user, and coming back clears it', async () => {
    // Just started, athena not called yet: nothing has failed, so nothing is raised.
    expect(open(await alerts())).toEqual([]);
    expect((await athenaCall()).statusCode).toBe(200);
    expect(open(await alerts())).toEqual([]);

    await sandbox.close();
    expect((await athenaCall()).statusCode).toBeGreaterThanOrEqual(500);
    const raised = await alerts();
    expect(open(raised)).toEqual(['athena_disconnected']);
    expect(raised.unread).toBe(1);
    const [alert] = raised.alerts;
    expect(alert).toMatchObject({
      severity: 'critical',
      title: 'Athena EHR disconnected',
      link: '/#athena',
      read: false,
    });
    expect(alert?.message).not.toContain(SECRET);

    // Repeated failures open the breaker: a second alert, the first one unchanged.
    await athenaCall();
    await athenaCall();
    const withBreaker = await alerts();
    expect(open(withBreaker).sort()).toEqual(['athena_breaker_open', 'athena_disconnected']);
    expect(withBreaker.alerts.find((a) => a.kind === 'athena_disconnected')?.id).toBe(alert?.id);
    expect((await alerts(developer.cookie)).unread).toBe(2);

    ({ sandbox } = await startSandbox(port));
    // Once a second until the breaker lets a trial through: few enough refusals (under
    // ALERT_ERROR_RATE_MIN_REQUESTS) that the 5xx-rate alert stays out of this test.
    await waitFor(async () => (await athenaCall()).statusCode === 200, {
      timeoutMs: 30_000,
      intervalMs: 1_000,
    });
    const cleared = await alerts();
    expect(open(cleared)).toEqual([]);
    expect(cleared.unread).toBe(0);
    // Cleared alerts stay listed for a day, with when they cleared.
    expect(cleared.alerts.map((a) => a.kind).sort()).toEqual([
      'athena_breaker_open',
      'athena_disconnected',
    ]);
    expect(cleared.alerts.every((a) => a.clearedAt !== null)).toBe(true);
  });

  it('read marks are per user; mark all read; unknown alerts are 404', async () => {
    const { id } = await createApiKey(gw.app, gw.cookie, {
      name: 'expiring client',
      expiresAt: new Date(clock.now().getTime() + 3 * 86_400_000 + MINUTE).toISOString(),
    });
    const adminView = await alerts();
    const expiring = adminView.alerts.find(
      (a) => a.kind === 'api_key_expiring' && a.clearedAt === null,
    );
    expect(expiring).toMatchObject({
      title: 'API key "expiring client" expires soon',
      link: '/api-keys',
      severity: 'warning',
    });
    expect(expiring?.message).toContain('in 3 days');

    const marked = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: `/admin/alerts/${expiring?.id}/read`,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unread: 0 });
    expect((await alerts()).alerts.find((a) => a.id === expiring?.id)?.read).toBe(true);
    expect((await alerts(developer.cookie)).unread).toBe(1);

    const all = await adminRequest(gw.app, developer.cookie, {
      method: 'POST',
      url: '/admin/alerts/read',
    });
    expect(all.json()).toEqual({ unread: 0 });

    const unknown = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/alerts/00000000-0000-4000-8000-000000000000/read',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await adminRequest(gw.app, gw.cookie, {
      method: 'POST',
      url: '/admin/alerts/not-a-uuid/read',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('alertId');

    // Revoking the key ends its alert.
    await adminRequest(gw.app, gw.cookie, { method: 'DELETE', url: `/admin/api-keys/${id}` });
    expect(open(await alerts())).not.toContain('api_key_expiring');
  });

  it("another instance's samples raise database, Redis and request-log alerts until they age out", async () => {
    const minute = new Date(Math.floor(clock.now().getTime() / MINUTE) * MINUTE);
    await insertSample({
      minute,
      instance: 'other',
      databaseOk: false,
      redisOk: false,
      dropped: 3,
      spoolFull: true,
    });
    const raised = await alerts();
    expect(open(raised).sort()).toEqual([
      'database_unreachable',
      'redis_unreachable',
      'request_log_dropped',
      'request_log_spool_full',
    ]);
    expect(raised.alerts.find((a) => a.kind === 'request_log_dropped')?.message).toMatch(
      /^3 entries were not stored/,
    );

    clock.advance(16 * MINUTE);
    expect(open(await alerts())).toEqual([]);
  });

  it('a 5xx rate above the threshold over 5 minutes raises an alert', async () => {
    await sandbox.close();
    try {
      for (let call = 0; call < 20; call += 1) {
        expect((await athenaCall()).statusCode).toBeGreaterThanOrEqual(500);
      }
      await gw.app.requestLogWriter.flush();
      // The rollups are stamped with the real time; look from there.
      clock.advance(Date.now() - clock.now().getTime());
      const raised = await alerts();
      const rate = raised.alerts.find((a) => a.kind === 'error_rate' && a.clearedAt === null);
      expect(rate?.message).toMatch(/^\d+\.\d% of \d+ requests were answered with a 5xx/);
      expect(rate?.link).toBe('/metrics?range=15m');
    } finally {
      ({ sandbox } = await startSandbox(port));
    }
    clock.advance(7 * MINUTE);
    // Once a second until the breaker lets a trial through: few enough refusals (under
    // ALERT_ERROR_RATE_MIN_REQUESTS) that the 5xx-rate alert stays out of this test.
    await waitFor(async () => (await athenaCall()).statusCode === 200, {
      timeoutMs: 30_000,
      intervalMs: 1_000,
    });
    expect(open(await alerts())).not.toContain('error_rate');
  });

  it('uptime counts healthy minutes since the first sample, up to 30 days back', async () => {
    await sql`delete from health_samples`.execute(gw.storage.db);
    const empty = await adminRequest(gw.app, developer.cookie, {
      method: 'GET',
      url: '/admin/uptime',
    });
    expect(empty.json<UptimeResponse>()).toMatchObject({ percent: null, since: null });

    const current = Math.floor(clock.now().getTime() / MINUTE) * MINUTE;
    const first = current - 10 * 86_400_000;
    // Every minute for ten days, except 60 minutes without a sample and 30 with the database down.
    await sql`insert into health_samples (minute, instance_id, sampled_at, database_ok, athena_state, log_dropped)
      select m, 'a', m, not (m >= ${new Date(first + 1_000 * MINUTE)} and m < ${new Date(first + 1_030 * MINUTE)}), 'connected', 0
      from generate_series(${new Date(first)}::timestamptz, ${new Date(current)}::timestamptz, interval '1 minute') m
      where not (m >= ${new Date(first + 5_000 * MINUTE)} and m < ${new Date(first + 5_060 * MINUTE)})`.execute(
      gw.storage.db,
    );
    // A second instance healthy during part of the outage covers those minutes.
    await sql`insert into health_samples (minute, instance_id, sampled_at, database_ok, athena_state, log_dropped)
      select m, 'b', m, true, 'connected', 0
      from generate_series(${new Date(first + 1_000 * MINUTE)}::timestamptz, ${new Date(first + 1_009 * MINUTE)}::timestamptz, interval '1 minute') m`.execute(
      gw.storage.db,
    );
    const response = await adminRequest(gw.app, developer.cookie, {
      method: 'GET',
      url: '/admin/uptime',
    });
    const uptime = response.json<UptimeResponse>();
    const minutes = 10 * 1_440 + 1;
    expect(uptime).toEqual({
      percent: Math.floor(((minutes - 60 - 20) / minutes) * 10_000) / 100,
      since: new Date(first).toISOString(),
      windowDays: 30,
      minutes,
      healthyMinutes: minutes - 60 - 20,
    });

    // Older than the window: measured over exactly 30 days.
    await insertSample({ minute: new Date(current - 40 * 86_400_000), instance: 'a' });
    const windowed = (
      await adminRequest(gw.app, gw.cookie, { method: 'GET', url: '/admin/uptime' })
    ).json<UptimeResponse>();
    expect(windowed.since).toBe(new Date(current - 30 * 86_400_000).toISOString());
    expect(windowed.minutes).toBe(30 * 1_440 + 1);
  });
});
