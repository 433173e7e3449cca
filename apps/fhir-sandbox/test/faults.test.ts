import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startSandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ slotDaysAhead: 7 });
}, 60_000);
afterAll(() => sb.close());
const setFaults = (body: Record<string, unknown>) => sb.admin('/faults', 'POST', body);
const clearFaults = () => sb.admin('/faults', 'DELETE');
const statuses = async (count: number) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await sb.get('Location/1')).status);
  }
  return codes;
};

describe('fault knobs', () => {
  beforeEach(async () => {
    await clearFaults();
  });

  it('answers the settings, merged, and names every bad knob', async () => {
    expect((await setFaults({ latencyMs: 5, force429Count: 0 })).body).toEqual({
      latencyMs: 5,
      errorRate: 0,
      fail503Count: 0,
      force429Count: 0,
      retryAfterSeconds: 1,
      dropConnections: false,
      qpsLimit: 0,
      applyToToken: false,
      tokenTtlSeconds: 600,
    });
    const bad = await setFaults({
      errorRate: 2,
      latencyMs: -1,
      colour: 'red',
      dropConnections: 'yes',
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        error: 'Invalid faults.',
        problems: [
          'errorRate must be a number from 0 to 1',
          'latencyMs must be a whole number from 0 to 120000',
          'unknown fault "colour"',
          'dropConnections must be true or false',
        ],
      },
    });
    expect((await clearFaults()).body).toMatchObject({ latencyMs: 0 });
  });

  it('force429Count: 429 OperationOutcomes with Retry-After, then all is well', async () => {
    await setFaults({ force429Count: 2, retryAfterSeconds: 7 });
    const limited = await sb.get('Location/1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'throttled' }],
    });
    expect(await statuses(2)).toEqual([429, 200]);
    expect((await sb.admin('/stats')).body!.faults).toMatchObject({ forced429: 2 });
  });

  it('fail503Count and errorRate: 503 OperationOutcomes, the same calls every run', async () => {
    await setFaults({ fail503Count: 1 });
    const down = await sb.get('Location/1');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('1');
    expect(down.body).toMatchObject({ issue: [{ code: 'transient' }] });
    await setFaults({ errorRate: 0.5 });
    const run = await statuses(30);
    expect(run.filter((s) => s === 503).length).toBeGreaterThan(5);
    await setFaults({ errorRate: 0.5 });
    expect(await statuses(30)).toEqual(run);
    await clearFaults();
    expect(await statuses(3)).toEqual([200, 200, 200]);
  });

  it('qpsLimit: calls beyond N in one second answer 429; the peak is counted', async () => {
    await sb.admin('/reset', 'POST');
    await sb.renewBearer();
    await setFaults({ qpsLimit: 3 });
    expect(await statuses(5)).toEqual([200, 200, 200, 429, 429]);
    sb.clock.advance(1000);
    expect(await statuses(1)).toEqual([200]);
    await clearFaults();
    const stats = (await sb.admin('/stats')).body!;
    expect(stats).toMatchObject({
      fhirRequests: 6,
      peakQps: { received: 5, accepted: 3 },
      faults: { overQps: 2 },
    });
    sb.clock.advance(-1000);
  });

  it('latencyMs slows FHIR calls, not the knobs', async () => {
    await setFaults({ latencyMs: 150 });
    const started = performance.now();
    expect((await sb.get('Location/1')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    await clearFaults();
  });

  it('dropConnections: the connection closes without an answer', async () => {
    await setFaults({ dropConnections: true });
    await expect(sb.get('Location/1')).rejects.toThrow();
    await clearFaults();
    expect((await sb.get('Location/1')).status).toBe(200);
  });

  it('applyToToken: 503s reach the token endpoint too', async () => {
    await setFaults({ fail503Count: 1 });
    await expect(sb.token()).resolves.toBeTruthy();
    await setFaults({ fail503Count: 1, applyToToken: true });
    await expect(sb.token()).rejects.toThrow('token: 503');
    await clearFaults();
  });
});

describe('tokens that expire', () => {
  it('expire-tokens ends every token issued; a new one works', async () => {
    const token = await sb.token();
    expect((await sb.fhir('Location/1', { token })).status).toBe(200);
    expect((await sb.admin('/expire-tokens', 'POST')).body!.expired).toBeGreaterThan(0);
    const expired = await sb.fhir('Location/1', { token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
    await sb.renewBearer();
    expect((await sb.get('Location/1')).status).toBe(200);
  });

  it('tokenTtlSeconds shortens the lifetime of new tokens until the faults are cleared', async () => {
    await setFaults({ tokenTtlSeconds: 30 });
    const response = await fetch(sb.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('fhir-sandbox-client:fhir-sandbox-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token, expires_in: expiresIn } = (await response.json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(expiresIn).toBe(30);
    sb.clock.advance(31_000);
    expect((await sb.fhir('Location/1', { token })).status).toBe(401);
    sb.clock.advance(-31_000);
    expect((await clearFaults()).body).toMatchObject({ tokenTtlSeconds: 600 });
  });
});

describe('the admin API', () => {
  it('describes the sandbox and registers clients', async () => {
    const about = (await sb.admin('')).body!;
    expect(about).toMatchObject({
      status: 'ok',
      profile: 'generic',
      practiceId: '195900',
      fhirBaseUrl: sb.base,
      tokenUrl: sb.tokenUrl,
      identifierSystemPrefix: 'urn:ehr-gateway:fhir-sandbox:195900:',
      published: {
        firstDay: '2026-02-23',
        lastDay: '2026-03-09',
        counts: expect.objectContaining({ Patient: 240 }),
      },
      clients: [
        {
          clientId: 'fhir-sandbox-client',
          authentication: ['client_secret_basic'],
          scopes: ['system/*.cruds'],
        },
      ],
    });
    expect(JSON.stringify(about)).not.toContain('fhir-sandbox-secret');
    const bad = await sb.admin('/clients', 'POST', { clientId: 'x y', scopes: ['patient/*.read'] });
    expect(bad.status).toBe(400);
    expect(bad.body!.problems).toEqual([
      'clientId must be 1 to 100 characters of A-Z a-z 0-9 . _ ~ -',
      'give a clientSecret, a jwks or a jwksUrl',
      'scopes must list system scopes, e.g. ["system/*.rs"] or ["system/Slot.read"]',
    ]);
    const added = await sb.admin('/clients', 'POST', {
      clientId: 'voice',
      jwksUrl: 'http://127.0.0.1:1/jwks.json',
      scopes: ['system/Slot.rs'],
    });
    expect(added).toEqual({
      status: 201,
      body: {
        clientId: 'voice',
        authentication: ['private_key_jwt'],
        jwksUrl: 'http://127.0.0.1:1/jwks.json',
        keyIds: null,
        scopes: ['system/Slot.rs'],
      },
    });
    expect((await sb.admin('/clients/voice', 'DELETE')).status).toBe(204);
    expect((await sb.admin('/clients/voice', 'DELETE')).status).toBe(404);
  });

  it('reset puts the seed back: bookings undone, counters cleared', async () => {
    const slot = (await sb.bundle('Slot?status=free&start=ge2026-03-04&_count=1')).entry![0]!
      .resource!;
    const booked = await sb.book(slot.id!);
    expect(booked.status).toBe(201);
    expect((await sb.admin('/stats')).body!.appointmentsBooked).toBe(1);
    expect((await sb.admin('/reset', 'POST')).body).toMatchObject({ reset: true });
    expect((await sb.get(`Slot/${slot.id}`)).body).toMatchObject({ status: 'free' });
    expect((await sb.get(`Appointment/${booked.body!.id}`)).status).toBe(404);
    expect((await sb.admin('/stats')).body).toMatchObject({
      appointmentsBooked: 0,
      fhirRequests: 2,
    });
  });
});
