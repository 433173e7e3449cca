import { describe, expect, it } from 'vitest';

import { createCircuitBreaker } from '../athena/circuit-breaker.js';
import { createFhirHttp } from './fhir-http.js';

const BASE = 'https://fhir.example.org/r4/tenant';
const ctx = { requestId: 'fhir-http-test' };

/** A FHIR EHR that answers discovery, tokens and any read, counting every call it gets. */
function fakeEhr() {
  const calls: string[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/.well-known/smart-configuration')) {
      return json({ token_endpoint: 'https://fhir.example.org/token' });
    }
    if (url === 'https://fhir.example.org/token') {
      return json({ access_token: 'token-value', token_type: 'bearer', expires_in: 300 });
    }
    return json({ resourceType: 'Bundle', type: 'searchset', entry: [] });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

function http(fetch: typeof globalThis.fetch, governor?: { acquire(): Promise<() => void> }) {
  return createFhirHttp({
    baseUrl: BASE,
    clientId: 'client',
    signingKey: null,
    clientSecret: 'secret-value',
    scopes: 'system/*.rs',
    breaker: createCircuitBreaker({ failureThreshold: 5, openMs: 30_000 }),
    fetch,
    governor,
    sleep: () => Promise.resolve(),
  });
}

describe('FHIR transport', () => {
  it('follows a next link on the base origin', async () => {
    const ehr = fakeEhr();
    await http(ehr.fetch).request({ method: 'GET', path: `${BASE}/Patient?page=2` }, ctx);
    expect(ehr.calls.at(-1)).toBe(`${BASE}/Patient?page=2`);
  });

  it.each([
    'https://elsewhere.example.net/r4/Patient?page=2',
    'http://fhir.example.org/r4/tenant/Patient?page=2',
    'https://fhir.example.org:8443/r4/tenant/Patient?page=2',
  ])('refuses a link to another origin (%s) before sending anything', async (link) => {
    const ehr = fakeEhr();
    const attempt = http(ehr.fetch).request({ method: 'GET', path: link }, ctx);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 502,
      code: 'FHIR_FOREIGN_LINK',
      message: expect.stringContaining("FHIR_BASE_URL's origin fhir.example.org"),
    });
    // No token asked for, nothing sent to the foreign host.
    expect(ehr.calls).toEqual([]);
  });

  it('takes a governor turn for every call it sends: discovery, token and the read', async () => {
    const ehr = fakeEhr();
    let turns = 0;
    let released = 0;
    const governor = {
      acquire: () => {
        turns += 1;
        return Promise.resolve(() => {
          released += 1;
        });
      },
    };
    const transport = http(ehr.fetch, governor);
    await transport.request({ method: 'GET', path: '/Patient' }, ctx);
    await transport.request({ method: 'GET', path: '/Location' }, ctx);
    expect(ehr.calls.length).toBe(4);
    expect(turns).toBe(ehr.calls.length);
    expect(released).toBe(turns);
  });
});
