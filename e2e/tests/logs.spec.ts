import { HEADERS } from '@ehr-gateway/contracts';
import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext, waitForLogEntry } from '../support/api';
import { chooseOption, saveScreenshot, toast, waitForScreenReady } from '../support/ui';

// Real traffic through the gateway, made once for this file: the entries the tests look for.
let marker: string;
let keyName: string;
let admin: APIRequestContext;

test.beforeAll(async () => {
  marker = `e2e-${Date.now().toString(36)}`;
  admin = await adminApi();
  keyName = `E2E logs ${marker}`;
  const { key } = await createApiKey(admin, keyName);
  const gateway = await gatewayContext();
  const headers = { [HEADERS.apiKey]: key };

  const calls = [
    await gateway.get('/utility/datetime', { headers }),
    await gateway.get('/utility/validate-dob', { headers, params: { dob: '1990-01-01' } }),
    await gateway.post('/utility/test', {
      headers,
      data: { message: marker, data: { patient: 'synthetic', count: 3 } },
    }),
  ];
  for (const response of calls) {
    expect(response.status(), await response.text()).toBe(200);
  }
  // A client error (required query parameter missing) and an unauthenticated call.
  const invalid = await gateway.get('/utility/validate-dob', { headers });
  expect(invalid.status()).toBe(400);
  const unauthenticated = await gateway.get('/utility/datetime', {
    headers: { [HEADERS.apiKey]: 'ehrgw_not-a-real-key' },
  });
  expect(unauthenticated.status()).toBe(401);
  await gateway.dispose();

  // The request log is written in batches off the request path: wait until it has them.
  await waitForLogEntry(admin, { endpoint: '/utility/test' }, (log) => log.status === 200);
  await waitForLogEntry(admin, { endpoint: '/utility/validate-dob' }, (log) => log.status === 400);
  await waitForLogEntry(admin, { endpoint: '/utility/datetime' }, (log) => log.status === 401);
});

test.afterAll(async () => {
  await admin?.dispose();
});

function logsTable(page: Page) {
  return page.getByRole('main').getByRole('table');
}

/** Data rows of the logs table (the header row has no cells). */
function rows(page: Page) {
  return logsTable(page).locator('tbody tr');
}

/** Data rows whose Status column starts with the given code. */
function rowsWithStatus(page: Page, status: number) {
  return rows(page).filter({
    has: page.locator('td:nth-child(4)', { hasText: new RegExp(`^\\s*${status}\\b`) }),
  });
}

async function openDetails(page: Page, status: number) {
  await rowsWithStatus(page, status)
    .first()
    .getByRole('button', { name: /View Details/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Log Details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function applyEndpointFilter(page: Page, endpoint: string) {
  await page.getByLabel('Endpoint', { exact: true }).fill(endpoint);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
}

/**
 * This file's own calls to an endpoint, by its key: specs running beside it call the same
 * utility routes, and a newer entry of theirs would otherwise be the first row.
 */
async function applyOwnCallsFilter(page: Page, endpoint: string) {
  await page.getByLabel('Endpoint', { exact: true }).fill(endpoint);
  await chooseOption(page, 'API key', keyName);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
}

/** Waits until the table has rows and every row's given column matches (the list refetches). */
async function expectEveryRow(page: Page, column: number, expected: RegExp) {
  await expect(async () => {
    const cells = await rows(page).locator(`td:nth-child(${column})`).allInnerTexts();
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell).toMatch(expected);
    }
  }).toPass({ timeout: 10_000 });
}

test.describe('request logs', () => {
  test('the filter card has the spec controls; Limit starts at 25', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await expect(page.getByLabel('Endpoint', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Limit', { exact: true })).toContainText('25');

    await page.getByLabel('Source', { exact: true }).click();
    for (const option of ['All sources', 'Athena EHR', 'Mock EHR', 'Aggregation']) {
      await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    await page.getByLabel('Limit', { exact: true }).click();
    for (const option of ['10 logs', '50 logs', '100 logs', '250 logs']) {
      await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    for (const column of [
      'Timestamp',
      'Endpoint',
      'Method',
      'Status',
      'Response Time',
      'Source',
      'Actions',
    ]) {
      await expect(logsTable(page).getByRole('columnheader', { name: column })).toBeVisible();
    }
  });

  test('Endpoint and Source filters narrow the list after Apply Filters', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');

    await applyEndpointFilter(page, '/utility/test');
    await expectEveryRow(page, 2, /\/utility\/test/);
    await expect(rowsWithStatus(page, 200).filter({ hasText: 'POST' }).first()).toBeVisible();

    await applyEndpointFilter(page, '/utility/validate-dob');
    await expectEveryRow(page, 2, /\/utility\/validate-dob/);
    await expect(rowsWithStatus(page, 400).first()).toBeVisible();
    await expect(rowsWithStatus(page, 200).first()).toBeVisible();

    // Source: the utility routes are answered by the gateway's Utility source…
    await applyEndpointFilter(page, '/utility/');
    await chooseOption(page, 'Source', 'Utility');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectEveryRow(page, 6, /^Utility$/);
    await expectEveryRow(page, 2, /\/utility\//);

    // …so none of them come from the Mock EHR.
    await chooseOption(page, 'Source', 'Mock EHR');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(logsTable(page)).toContainText('No logs found matching the current filters');
    await saveScreenshot(page, 'logs-no-match', test.info());

    // All sources again, a smaller limit.
    await chooseOption(page, 'Source', 'All sources');
    await page.getByLabel('Endpoint', { exact: true }).fill('');
    await chooseOption(page, 'Limit', '10 logs');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByLabel('Limit', { exact: true })).toContainText('10 logs');
    await expect(rows(page).first()).toBeVisible();
    await expect.poll(() => rows(page).count()).toBeLessThanOrEqual(10);
  });

  test('View Details opens Log Details with request and response data', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await applyOwnCallsFilter(page, '/utility/test');
    await expectEveryRow(page, 2, /\/utility\/test/);

    const dialog = await openDetails(page, 200);
    for (const field of ['Time', 'Source', 'Method', 'Status', 'Endpoint']) {
      await expect(dialog.getByText(field, { exact: true }).first()).toBeVisible();
    }
    await expect(dialog).toContainText('/utility/test');
    await expect(dialog).toContainText('POST');
    await expect(dialog).toContainText('Utility');

    const request = dialog.getByRole('region', { name: 'Request Data' });
    await expect(request).toContainText(marker);
    await expect(request).toContainText('synthetic');
    // The key never reaches the log.
    await expect(request).not.toContainText('ehrgw_');
    const response = dialog.getByRole('region', { name: 'Response Data' });
    await expect(response).toContainText(marker);
    await expect(response).toContainText('receivedAt');
    await expect(dialog.getByRole('region', { name: 'Error Details' })).toHaveCount(0);
    await saveScreenshot(page, 'log-details', test.info());

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the copy buttons in Log Details copy the data', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await applyOwnCallsFilter(page, '/utility/test');
    const dialog = await openDetails(page, 200);
    await dialog.getByRole('button', { name: /copy request data/i }).click();
    await expect(toast(page, 'Copied')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(marker);
  });

  test('a 400 entry shows the Error Details block', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await applyOwnCallsFilter(page, '/utility/validate-dob');

    const dialog = await openDetails(page, 400);
    const error = dialog.getByRole('region', { name: 'Error Details' });
    await expect(error).toBeVisible();
    await expect(error).toContainText(/dob/i);
    await expect(dialog).toContainText('Client Error');
    await saveScreenshot(page, 'log-details-error', test.info());
  });

  test('a 401 entry (unknown key) shows the Error Details block', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await applyEndpointFilter(page, '/utility/datetime');

    const dialog = await openDetails(page, 401);
    const error = dialog.getByRole('region', { name: 'Error Details' });
    await expect(error).toBeVisible();
    await expect(error).toContainText(/key/i);
    await expect(dialog.getByRole('region', { name: 'Request Data' })).not.toContainText(
      'ehrgw_not-a-real-key',
    );
  });

  test('new gateway calls appear after Apply Filters, without waiting for the 30 s refresh', async ({
    page,
  }) => {
    // A key of its own: other tests call the same endpoint meanwhile, so only its calls are counted.
    const { id, key } = await createApiKey(admin, `E2E logs fresh ${marker}`);
    await page.goto(`/logs?apiKeyId=${id}`);
    await waitForScreenReady(page, 'Request Logs');
    await applyEndpointFilter(page, '/utility/validate-dob');
    const before = await rowsWithStatus(page, 200).count();
    expect(before).toBe(0);

    const gateway = await gatewayContext();
    const response = await gateway.get('/utility/validate-dob', {
      headers: { [HEADERS.apiKey]: key },
      params: { dob: '2001-02-03' },
    });
    expect(response.status()).toBe(200);
    await gateway.dispose();

    // Apply Filters refetches even when the filters did not change (the log is written in
    // batches, so it may take more than one click).
    await expect(async () => {
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(rowsWithStatus(page, 200)).toHaveCount(before + 1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    // Newest first: the top entry is the call just made; a date of birth is patient data, kept
    // masked in the log.
    const dialog = await openDetails(page, 200);
    const requestData = dialog.getByRole('region', { name: 'Request Data' });
    await expect(requestData).toContainText('"dob": "***"');
    await expect(requestData).not.toContainText('2001-02-03');
  });
});

test.describe('Logs: filters in the URL, pages, export and links', () => {
  let pagingMarker: string;

  test.beforeAll(async () => {
    pagingMarker = `/utility/validate-dob`;
    const { key } = await createApiKey(admin, `E2E logs paging ${marker}`);
    const gateway = await gatewayContext();
    for (let index = 0; index < 12; index += 1) {
      const response = await gateway.get(pagingMarker, {
        headers: { [HEADERS.apiKey]: key },
        params: { dob: `1990-01-${String(index + 10)}` },
      });
      expect(response.status()).toBe(200);
    }
    // Refused before any handler ran: logged under the source it asked for.
    const refused = await gateway.get('/api/12345/patients', { params: { source: 'mock' } });
    expect(refused.status()).toBe(401);
    await gateway.dispose();
    await waitForLogEntry(admin, { source: 'mock', status: '401' }, () => true);
  });

  test('status and method filters are in the URL, and the URL alone shows the same view', async ({
    page,
  }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await page.getByLabel('Status', { exact: true }).fill('4xx');
    await chooseOption(page, 'Method', 'GET');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/logs\?status=4xx&method=GET$/);
    await expectEveryRow(page, 4, /^\s*4\d\d/);

    await page.reload();
    await waitForScreenReady(page, 'Request Logs');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('4xx');
    await expect(page.getByLabel('Method', { exact: true })).toContainText('GET');
    await expectEveryRow(page, 4, /^\s*4\d\d/);

    await page.goBack();
    await expect(page).toHaveURL(/\/logs$/);
  });

  test('a mock call refused for a missing key is listed under Mock EHR', async ({ page }) => {
    await page.goto('/logs?source=mock&status=401');
    await waitForScreenReady(page, 'Request Logs');
    await expect(rowsWithStatus(page, 401).first()).toBeVisible();
    await expectEveryRow(page, 6, /Mock EHR/);
  });

  test('Load more pages past the limit without repeating a row', async ({ page }) => {
    await page.goto(`/logs?endpoint=${encodeURIComponent(pagingMarker)}&status=200&limit=10`);
    await waitForScreenReady(page, 'Request Logs');
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    // Twelve calls were made for this test; the second page holds the rest of them.
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(12);
    await expectEveryRow(page, 2, /\/utility\/validate-dob/);
  });

  test('Export CSV downloads the filtered entries', async ({ page }) => {
    await page.goto('/logs?source=mock&status=401');
    await waitForScreenReady(page, 'Request Logs');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^request-log-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe(
      '"timestamp","method","endpoint","status","response_time_ms","source","api_key_name","request_id","id"',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      expect(line).toContain('"401","');
      expect(line).toContain('"mock"');
    }
  });

  test('an entry has its own link: opening, reloading and closing it', async ({ page }) => {
    await page.goto('/logs?status=401');
    await waitForScreenReady(page, 'Request Logs');
    await openDetails(page, 401);
    await expect(page).toHaveURL(/\/logs\/[0-9a-f-]{36}\?status=401$/);

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Log Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('401');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/logs\?status=401$/);
    await expect(dialog).toBeHidden();
  });

  test('the filter card and list fit a 390 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/logs?status=4xx');
    await waitForScreenReady(page, 'Request Logs');
    await expect(rows(page).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'logs-filters-390', test.info());
  });
});
