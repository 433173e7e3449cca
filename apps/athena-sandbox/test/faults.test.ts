import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildSandbox } from '../src/app.js';
import { BASIC, FORM, form, json, setup, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await setup();
});
afterEach(() => sb.app.close());

const setFaults = (body: Record<string, unknown>) =>
  sb.app.inject({ method: 'POST', url: '/_sandbox/faults', payload: body });
const stats = async () =>
  json<Record<string, unknown>>(await sb.app.inject({ url: '/_sandbox/stats' }));
const statuses = async (count: number) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await sb.get('/departments')).statusCode);
  }
  return codes;
};
const tokenRequest = () =>
  sb.app.inject({
    method: 'POST',
    url: '/oauth2/v1/token',
    headers: { authorization: BASIC, ...FORM },
    payload: form({ grant_type: 'client_credentials' }),
  });

describe('POST /_sandbox/faults', () => {
  it('answers the full settings, merging what was sent', async () => {
    const response = await setFaults({ latencyMs: 5, force429Count: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      latencyMs: 5,
      errorRate: 0,
      fail503Count: 0,
      force429Count: 2,
      retryAfterSeconds: 1,
      overQpsCount: 0,
      dropConnections: false,
      qpsLimit: 0,
      applyToToken: false,
      tokenLimitPerMinute: 1000,
    });
    const merged = (await setFaults({ errorRate: 0.5 })).json();
    expect(merged).toMatchObject({ latencyMs: 5, force429Count: 2, errorRate: 0.5 });
    expect((await sb.app.inject({ url: '/_sandbox/faults' })).json()).toEqual(merged);
  });

  it('answers 400 naming every bad knob', async () => {
    const response = await setFaults({
      errorRate: 2,
      latencyMs: -1,
      bogus: true,
      dropConnections: 'y',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid faults.',
      problems: [
        'errorRate must be a number from 0 to 1',
        'latencyMs must be a whole number from 0 to 120000',
        'unknown fault "bogus"',
        'dropConnections must be true or false',
      ],
    });
    const notObject = await sb.app.inject({
      method: 'POST',
      url: '/_sandbox/faults',
      payload: [1],
    });
    expect(notObject.statusCode).toBe(400);
  });

  it('fail503Count: the next N data calls answer 503, then all is well', async () => {
    await setFaults({ fail503Count: 2 });
    const first = await sb.get('/departments');
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({
      error: 'Service Temporarily Unavailable',
      detailedmessage: 'athenaNet is temporarily unavailable (sandbox fault).',
    });
    expect(await statuses(3)).toEqual([503, 200, 200]);
    expect((await stats()).faults).toMatchObject({ errors503: 2 });
  });

  it('force429Count: the next N data calls answer 429 with Retry-After', async () => {
    await setFaults({ force429Count: 2, retryAfterSeconds: 3 });
    const response = await sb.get('/providers');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toMatchObject({ error: 'Too Many Requests' });
    expect(await statuses(2)).toEqual([429, 200]);
    expect((await tokenRequest()).statusCode).toBe(200);
  });

  it('overQpsCount: the next N data calls answer Mashery’s 403 Developer Over Qps', async () => {
    await setFaults({ overQpsCount: 1 });
    const response = await sb.get('/patients?limit=1');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('<h1>Developer Over Qps</h1>');
    expect((await sb.get('/patients?limit=1')).statusCode).toBe(200);
  });

  it('qpsLimit: calls beyond N in any one second answer 403 Over Qps, as athena does', async () => {
    await setFaults({ qpsLimit: 3 });
    expect(await statuses(5)).toEqual([200, 200, 200, 403, 403]);
    sb.clock.advance(999);
    expect(await statuses(1)).toEqual([403]);
    sb.clock.advance(1);
    expect(await statuses(4)).toEqual([200, 200, 200, 403]);
    const counts = await stats();
    expect(counts).toMatchObject({
      dataRequests: 10,
      qpsRefused: 4,
      peakQps: { received: 6, accepted: 3 },
      faults: { overQps: 0 },
    });
    await setFaults({ qpsLimit: 0 });
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('errorRate: that share of calls fail, the same ones every run', async () => {
    await setFaults({ errorRate: 1 });
    expect(await statuses(3)).toEqual([503, 503, 503]);
    await setFaults({ errorRate: 0.5 });
    const run = await statuses(40);
    const failures = run.filter((code) => code === 503).length;
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(30);
    await setFaults({ errorRate: 0.5 });
    expect(await statuses(40)).toEqual(run);
    await setFaults({ errorRate: 0 });
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('latencyMs: calls answer no sooner than the added latency', async () => {
    await setFaults({ latencyMs: 120 });
    const started = performance.now();
    const response = await sb.get('/departments');
    expect(response.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect((await stats()).faults).toMatchObject({ latencyApplied: 1 });
    // The token endpoint and the knobs themselves are not slowed.
    const tokenStarted = performance.now();
    await tokenRequest();
    expect(performance.now() - tokenStarted).toBeLessThan(115);
  });

  it('applyToToken: 503s, latency and drops reach the token endpoint too', async () => {
    await setFaults({ fail503Count: 1 });
    expect((await tokenRequest()).statusCode).toBe(200);
    await setFaults({ fail503Count: 1, applyToToken: true });
    expect((await tokenRequest()).statusCode).toBe(503);
    expect((await tokenRequest()).statusCode).toBe(200);
  });

  it('tokenLimitPerMinute changes the token limit until the faults are cleared', async () => {
    await setFaults({ tokenLimitPerMinute: 0 });
    const limited = await tokenRequest();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await sb.app.inject({ method: 'DELETE', url: '/_sandbox/faults' });
    expect((await tokenRequest()).statusCode).toBe(200);
  });

  it('DELETE clears every fault', async () => {
    await setFaults({ fail503Count: 5, force429Count: 5, errorRate: 1, latencyMs: 50 });
    const cleared = await sb.app.inject({ method: 'DELETE', url: '/_sandbox/faults' });
    expect(cleared.json()).toMatchObject({
      fail503Count: 0,
      force429Count: 0,
      errorRate: 0,
      latencyMs: 0,
      tokenLimitPerMinute: 1000,
    });
    expect(await statuses(2)).toEqual([200, 200]);
  });
});

describe('dropConnections', () => {
  it('makes an injected data call reject, while the token endpoint still answers', async () => {
    await setFaults({ dropConnections: true });
    await expect(sb.get('/departments')).rejects.toThrow('Connection dropped (sandbox fault)');
    expect((await tokenRequest()).statusCode).toBe(200);
  });

  it('destroys the connection of data calls without an answer', async () => {
    const app = buildSandbox({ tokenLimitPerMinute: 100 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const tokenResponse = await fetch(`${base}/oauth2/v1/token`, {
        method: 'POST',
        headers: { authorization: BASIC, ...FORM },
        body: form({ grant_type: 'client_credentials' }),
      });
      const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
      await fetch(`${base}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dropConnections: true }),
      });
      await expect(
        fetch(`${base}/v1/195900/departments`, { headers: { authorization: `Bearer ${token}` } }),
      ).rejects.toThrow();
      await fetch(`${base}/_sandbox/faults`, { method: 'DELETE' });
      const after = await fetch(`${base}/v1/195900/departments`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.status).toBe(200);
      const counts = (await (await fetch(`${base}/_sandbox/stats`)).json()) as {
        faults: { dropped: number };
      };
      expect(counts.faults.dropped).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('GET /_sandbox/stats and POST /_sandbox/reset', () => {
  it('counts data requests by route and status', async () => {
    await sb.get('/departments');
    await sb.get('/departments/1');
    await sb.get('/departments/2');
    await sb.get('/nowhere');
    await sb.app.inject({ url: '/v1/195900/departments' });
    const counts = await stats();
    expect(counts).toMatchObject({
      tokenRequests: 1,
      tokensIssued: 1,
      dataRequests: 5,
      unauthorized: 1,
      byRoute: {
        'GET /v1/:practiceid/departments': 2,
        'GET /v1/:practiceid/departments/:departmentid': 2,
        'GET (unknown route)': 1,
      },
      byStatus: { '200': 3, '401': 1, '404': 2 },
    });
  });

  it('restores bookings, registered patients, counters and faults; tokens stay valid', async () => {
    const open = json<{ appointments: Array<{ appointmentid: string }> }>(
      await sb.get('/appointments/open?departmentid=1&appointmenttypeid=5'),
    ).appointments[0]!;
    await sb.put(`/appointments/${open.appointmentid}`, { patientid: '1001', reasonid: '-1' });
    const created = json<Array<{ patientid: string }>>(
      await sb.post('/patients', {
        firstname: 'Reset',
        lastname: 'Me',
        dob: '01/01/1990',
        departmentid: '1',
        zip: '02110',
      }),
    )[0]!.patientid;
    await setFaults({ force429Count: 10 });
    expect((await stats()).appointmentsChanged).toBe(1);

    const reset = await sb.app.inject({ method: 'POST', url: '/_sandbox/reset' });
    expect(reset.json()).toEqual({ reset: true });

    const counts = await stats();
    expect(counts).toMatchObject({
      tokenRequests: 0,
      dataRequests: 0,
      patientsCreated: 0,
      appointmentsChanged: 0,
    });
    expect((await sb.get(`/patients/${created}`)).statusCode).toBe(404);
    const slot = json<Array<{ appointmentstatus: string }>>(
      await sb.get(`/appointments/${open.appointmentid}`),
    )[0]!;
    expect(slot.appointmentstatus).toBe('o');
    expect((await sb.app.inject({ url: '/_sandbox/faults' })).json()).toMatchObject({
      force429Count: 0,
    });
  });

  it('describes itself at GET /_sandbox', async () => {
    expect((await sb.app.inject({ url: '/_sandbox' })).json()).toEqual({
      status: 'ok',
      practiceId: '195900',
      clientId: 'sandbox-client',
      tokenPath: '/oauth2/v1/token',
      apiBasePath: '/v1/195900',
      seed: 195900,
      tokenTtlSeconds: 3600,
      tokenLimitPerMinute: 1000,
    });
  });
});
