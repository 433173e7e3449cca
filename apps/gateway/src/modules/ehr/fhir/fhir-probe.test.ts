import { describe, expect, it } from 'vitest';

import type { FhirSettings, GatewaySettings } from '../../../config/settings.js';
import { createEhrStatusModule } from '../../ehr-status/index.js';
import type { AthenaOutcome } from '../index.js';
import { createFhirConnection, fhirProbe } from './fhir-wiring.js';

const FHIR: FhirSettings = {
  baseUrl: 'https://fhir.example.org/r4',
  clientId: 'probe-client',
  privateKey: undefined,
  previousPublicKey: undefined,
  clientSecret: 'probe-secret',
  scopes: 'system/*.rs',
  vendor: 'generic',
  practiceId: '12345',
  timeoutMs: 1_000,
  maxQps: 10,
};

/** A FHIR EHR behind a fetch the test controls: up (discovery, token, metadata) or refusing. */
function fakeEhr() {
  const state = { up: true, calls: 0 };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: string | URL | Request) => {
    state.calls += 1;
    const url = String(input);
    if (!state.up) {
      throw Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    }
    if (url.endsWith('/.well-known/smart-configuration')) {
      return json({ token_endpoint: 'https://fhir.example.org/token' });
    }
    if (url.endsWith('/token')) {
      return json({ access_token: 'token-value', token_type: 'bearer', expires_in: 300 });
    }
    return json({ resourceType: 'CapabilityStatement', status: 'active', kind: 'instance' });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}

/** The EHR status module fed by a real FHIR connection, as the gateway wires it. */
function statusWithProbe(ehr: ReturnType<typeof fakeEhr>) {
  const listeners: Array<(outcome: AthenaOutcome) => void> = [];
  const connection = createFhirConnection(FHIR, {
    transport: { fetch: ehr.fetch, sleep: () => Promise.resolve(), maxRetries: 0 },
    isBusy: (_error): _error is Error & { retryAfterSeconds: number } => false,
    onOutcome: (outcome) => listeners.forEach((listener) => listener(outcome)),
  });
  const status = createEhrStatusModule({
    settings: {
      athena: {
        baseUrl: undefined,
        clientId: undefined,
        clientSecret: undefined,
        practiceId: undefined,
      },
      fhir: FHIR,
    } as GatewaySettings,
    ehr: {
      onAthenaOutcome: () => undefined,
      probeAthena: null,
      athenaTelemetry: () => null,
      onFhirOutcome: (listener) => listeners.push(listener),
      fhirTelemetry: () => connection?.http.telemetry() ?? null,
      probeFhir: fhirProbe(connection),
      fhirChangeFeedProblem: () => null,
    },
  });
  const task = status.tasks.find((t) => t.name === 'FHIR probe');
  return { status, task };
}

describe('the FHIR connectivity probe', () => {
  it('is a task only when the FHIR EHR is configured', () => {
    expect(fhirProbe(null)).toBeNull();
    const { status } = statusWithProbe(fakeEhr());
    expect(status.tasks.map((t) => t.name)).toEqual(['FHIR probe']);
  });

  it('reports the FHIR EHR connected after a probe, and probes no more while that vouches for it', async () => {
    const ehr = fakeEhr();
    const { status, task } = statusWithProbe(ehr);
    expect((await status.status()).fhir.status).toBe('disconnected');
    await task!.run();
    expect((await status.status()).fhir).toMatchObject({
      status: 'connected',
      configured: true,
      lastSyncedAt: expect.any(String),
      tokenRefreshes: 1,
    });
    const calls = ehr.state.calls;
    expect(calls).toBe(3);
    await task!.run();
    expect(ehr.state.calls).toBe(calls);
  });

  it('reports the FHIR EHR disconnected, with the reason, when the probe cannot reach it', async () => {
    const ehr = fakeEhr();
    ehr.state.up = false;
    const { status, task } = statusWithProbe(ehr);
    await task!.run();
    const { fhir } = await status.status();
    expect(fhir.status).toBe('disconnected');
    expect(ehr.state.calls).toBeGreaterThan(0);
    // The probe's failure, not the state before any call ("No successful call … yet").
    expect(fhir.message).toMatch(/FHIR EHR/);
    expect(fhir.message).not.toMatch(/No successful call/);
    expect(fhir.message).not.toContain('probe-secret');
  });
});
