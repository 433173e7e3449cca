import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

import { SERVICE_PATHS } from '@ehr-gateway/contracts';

import { useGateway } from './helpers.js';

interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
}

const HOST = 'gateway.clinic.test';

describe('the OpenAPI document', () => {
  const gw = useGateway({ name: 'pglite' });

  async function openApi(host = HOST) {
    return gw.app.inject({ method: 'GET', url: SERVICE_PATHS.openApi, headers: { host } });
  }

  it("passes Redocly's recommended rules with no error or warning", async () => {
    const response = await openApi();
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(
      problems.map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`,
      ),
    ).toEqual([]);
  });

  it('names the origin the request came to as its server', async () => {
    const document = (await openApi()).json() as Document;
    expect(document.servers).toEqual([{ url: `http://${HOST}` }]);
  });

  it('declares the credentials of every operation, as the guards check them', async () => {
    const document = (await openApi()).json() as Document;
    const security = (path: string, method = 'get') => document.paths[path]?.[method]?.security;
    expect(security('/healthz')).toEqual([]);
    expect(security('/admin/session', 'post')).toEqual([]);
    expect(security('/admin/logs')).toEqual([{ adminSession: [] }]);
    expect(security('/admin/metrics/prometheus')).toEqual([
      { adminSession: [] },
      { metricsToken: [] },
    ]);
    expect(security('/utility/datetime')).toEqual([{ apiKey: [] }]);
    expect(security('/llm/tools/query-healthcare-entities', 'post')).toEqual([
      { apiKey: [] },
      { vapiSecret: [] },
    ]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe('the OpenAPI document behind a proxy', () => {
  const gw = useGateway(
    { name: 'pglite' },
    { settings: { publicBaseUrl: 'https://gateway.example-clinic.org' } },
  );

  it('names PUBLIC_BASE_URL as its server', async () => {
    const response = await gw.app.inject({ method: 'GET', url: SERVICE_PATHS.openApi });
    expect((response.json() as Document).servers).toEqual([
      { url: 'https://gateway.example-clinic.org' },
    ]);
  });
});
