import {
  adminPath,
  type ApiKeyCreated,
  type CreateApiKeyBody,
  type LogEntrySummary,
  type LogList,
} from '@ehr-gateway/contracts';
import { expect, request, type APIRequestContext } from '@playwright/test';

import { ADMIN_PASSWORD, ADMIN_USERNAME, baseUrl } from './constants';

/**
 * Direct HTTP access for arranging data: an admin session (cookie) for /admin/*, and plain
 * gateway calls with an x-api-key, exactly as an API client would make them.
 */
export async function adminApi(base = baseUrl()): Promise<APIRequestContext> {
  const context = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { origin: base },
  });
  const response = await context.post(adminPath('session'), {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

export type CreatedKey = ApiKeyCreated['apiKey'];

export async function createApiKey(
  admin: APIRequestContext,
  name: string,
  settings: Omit<CreateApiKeyBody, 'name'> = {},
): Promise<CreatedKey> {
  const response = await admin.post(adminPath('apiKeys'), { data: { name, ...settings } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as ApiKeyCreated;
  return body.apiKey;
}

export async function gatewayContext(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl() });
}

export type LogSummary = LogEntrySummary;

/** Waits until the request log (written in batches) holds an entry matching the predicate. */
export async function waitForLogEntry(
  admin: APIRequestContext,
  query: Record<string, string>,
  predicate: (log: LogSummary) => boolean,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await admin.get(adminPath('logs'), {
          params: { limit: '250', ...query },
        });
        const body = (await response.json()) as LogList;
        return body.logs.some(predicate);
      },
      { message: `a request-log entry matching ${JSON.stringify(query)}`, timeout: 15_000 },
    )
    .toBe(true);
}
