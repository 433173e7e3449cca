import { DEFAULT_GATEWAY_CONFIG, HEADERS } from '@ehr-gateway/contracts';
import { expect, request, test, type APIRequestContext } from '@playwright/test';

import {
  CATEGORIES,
  docsByTab,
  presetsFor,
  rememberFhirBooking,
  type EndpointDoc,
  type OpenApiDocument,
  type Preset,
  type PresetSource,
} from '@ehr-gateway/console/presets';
import { adminApi, createApiKey } from '../support/api';
import { baseUrl } from '../support/constants';
import { startFhirDemo } from '../support/fhir-sandbox';
import { startDemo } from '../support/gateway';

// The tester keeps the Appointment a FHIR Book answered with in sessionStorage (this tab); here,
// in memory, so the Cancel preset cancels that booking as it does in the console.
const tabStorage = new Map<string, string>();
globalThis.sessionStorage ??= {
  getItem: (name: string) => tabStorage.get(name) ?? null,
  setItem: (name: string, value: string) => void tabStorage.set(name, value),
} as Storage;

/**
 * Every preset of the API tester, chosen and sent twice in a row as a person would (each choice
 * prepares it afresh: a new tenant name, a new Idempotency-Key), answers 2xx both times: on the
 * suite's freshly started gateway (no athena: the Mock EHR), and on a gateway in demo mode
 * against the athena sandbox with the presets asking athena.
 */
async function sendPreset(api: APIRequestContext, key: string, preset: Preset) {
  const prepared = preset.prepare?.() ?? {};
  const body = prepared.body ?? preset.body;
  const response = await api.fetch(prepared.path ?? preset.path, {
    method: preset.method,
    params: preset.params,
    headers: {
      [HEADERS.apiKey]: key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...prepared.headers,
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = { status: response.status(), text: await response.text() };
  rememberFhirBooking(
    { method: preset.method, url: prepared.path ?? preset.path },
    { status: answer.status, data: answer.text },
  );
  return answer;
}

async function expectEveryPresetTwice(
  base: string,
  context: {
    practiceId: string;
    source: PresetSource;
    athenaPracticeId: string | null;
    fhirPracticeId?: string | null;
  },
) {
  const key = (await createApiKey(await adminApi(base), `presets ${context.source}`)).key;
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const failures: string[] = [];
  for (const category of CATEGORIES) {
    for (const preset of presetsFor(category, { apiRoot: '/api', ...context })) {
      for (const attempt of [1, 2]) {
        const { status, text } = await sendPreset(api, key, preset);
        if (status < 200 || status >= 300) {
          failures.push(`${category} / ${preset.name} (try ${attempt}): ${status} ${text}`);
        }
      }
    }
  }
  await api.dispose();
  expect(failures).toEqual([]);
}

/** Every documentation example (as "Try in tester" sends it) answers 2xx. */
async function expectEveryExample(
  base: string,
  context: { practiceId: string; athenaPracticeId: string | null; athenaConfigured: boolean },
) {
  const key = (await createApiKey(await adminApi(base), 'doc examples')).key;
  const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const document = (await (await api.get('/openapi.json')).json()) as OpenApiDocument;
  const docs = docsByTab(document, {
    origin: base,
    practiceId: context.practiceId,
    athenaPracticeId: context.athenaPracticeId,
    defaultSource: context.athenaConfigured ? 'athena' : 'mock',
  });
  const failures: string[] = [];
  // Without athena its own tab's examples answer 503, saying how to set it up or use the Mock EHR.
  const refused = context.athenaConfigured ? [] : docs.athena;
  const all: EndpointDoc[] = Object.values(docs).flat();
  for (const doc of all) {
    const { method, url, query, body } = doc.tryRequest;
    const response = await api.fetch(url, {
      method,
      params: Object.fromEntries(query),
      headers: {
        [HEADERS.apiKey]: key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      data: body,
    });
    const text = await response.text();
    const expected = refused.includes(doc) ? 503 : 200;
    const ok =
      expected === 503
        ? response.status() === 503 && text.includes('source=mock')
        : response.status() >= 200 && response.status() < 300;
    if (!ok) {
      failures.push(`${doc.source} ${method} ${url}: ${response.status()} ${text}`);
    }
  }
  await api.dispose();
  expect(all.length).toBeGreaterThan(20);
  expect(failures).toEqual([]);
}

test.describe('API tester presets', () => {
  test('each answers 2xx twice in a row on a fresh start (Mock EHR)', async () => {
    test.setTimeout(120_000);
    await expectEveryPresetTwice(baseUrl(), {
      practiceId: DEFAULT_GATEWAY_CONFIG.practiceId,
      source: 'mock',
      athenaPracticeId: null,
    });
    await expectEveryExample(baseUrl(), {
      practiceId: DEFAULT_GATEWAY_CONFIG.practiceId,
      athenaPracticeId: null,
      athenaConfigured: false,
    });
  });

  test('each answers 2xx twice in a row in demo mode, asking athena', async () => {
    test.setTimeout(180_000);
    const { sandbox, gateway, stop } = await startDemo('gateway-demo.log');
    try {
      // As in the demo: athena serves the gateway's practice.
      await expectEveryPresetTwice(gateway.baseURL, {
        practiceId: sandbox.practiceId,
        source: 'athena',
        athenaPracticeId: sandbox.practiceId,
      });
      await expectEveryExample(gateway.baseURL, {
        practiceId: sandbox.practiceId,
        athenaPracticeId: sandbox.practiceId,
        athenaConfigured: true,
      });
      // They were answered by athena, not by the Mock EHR.
      const stats = (await (await fetch(`${sandbox.url}/_sandbox/stats`)).json()) as {
        dataRequests: number;
        byRoute: Record<string, number>;
      };
      expect(stats.dataRequests).toBeGreaterThan(10);
      expect(Object.keys(stats.byRoute).join(' ')).toMatch(/GET \S*patients/);
    } finally {
      await stop();
    }
  });

  test('each answers 2xx twice in a row asking the FHIR EHR (the FHIR sandbox)', async () => {
    test.setTimeout(300_000);
    const { gateway, fhir, stop } = await startFhirDemo('gateway-fhir.log');
    try {
      await expectEveryPresetTwice(gateway.baseURL, {
        practiceId: fhir.practiceId,
        source: 'fhir',
        athenaPracticeId: null,
        fhirPracticeId: fhir.practiceId,
      });
      // They were answered by the FHIR sandbox: it booked and cancelled.
      const stats = (await (await fetch(`${fhir.url}/_sandbox/stats`)).json()) as {
        appointmentsBooked: number;
        appointmentsCancelled: number;
      };
      expect(stats.appointmentsBooked).toBeGreaterThan(0);
      expect(stats.appointmentsCancelled).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
});
