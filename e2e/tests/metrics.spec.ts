import { HEADERS } from '@ehr-gateway/contracts';

import { expect, test, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext, waitForLogEntry } from '../support/api';
import { saveScreenshot, useTheme, waitForScreenReady } from '../support/ui';

// Traffic through the gateway for the screen to show: successes, a client error and a 404.
test.beforeAll(async () => {
  const admin = await adminApi();
  const { key } = await createApiKey(admin, `E2E metrics ${Date.now().toString(36)}`);
  const gateway = await gatewayContext();
  const headers = { [HEADERS.apiKey]: key };
  for (let index = 0; index < 3; index += 1) {
    expect((await gateway.get('/utility/datetime', { headers })).status()).toBe(200);
  }
  expect(
    (
      await gateway.get('/api/12345/patients', { headers, params: { source: 'mock', limit: 3 } })
    ).status(),
  ).toBe(200);
  expect((await gateway.get('/utility/validate-dob', { headers })).status()).toBe(400);
  await gateway.dispose();
  await waitForLogEntry(admin, { endpoint: '/utility/validate-dob' }, (log) => log.status === 400);
  await admin.dispose();
});

async function openMetrics(page: Page, path = '/metrics') {
  await page.goto(path);
  await waitForScreenReady(page, 'Metrics');
  await expect(page.getByRole('heading', { name: 'Requests', exact: true })).toBeVisible();
}

const routesTable = (page: Page) => page.getByRole('table', { name: /Routes in this period/ });

test.describe('metrics', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`shows the traffic with percentiles, routes and the athena panel (${theme})`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openMetrics(page);
      const requestsTile = page.locator('section', {
        has: page.getByRole('heading', { name: 'Requests', exact: true }),
      });
      await expect(requestsTile.getByText(/^\d[\d,.]*K?$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'p95 latency' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Requests by status class' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Upstream latency' })).toBeVisible();
      await expect(
        routesTable(page).getByRole('link', {
          name: /GET \/utility\/datetime ?: show these requests/,
        }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Athena EHR upstream' })).toBeVisible();
      // The charts say the same in tables for those who cannot see them.
      await page.getByText('Latency as a table', { exact: true }).click();
      await expect(page.getByRole('table', { name: 'Latency', exact: true })).toBeVisible();
      await saveScreenshot(page, `metrics-screen-${theme}`, test.info());
    });
  }

  test('switches ranges, keeps the range in the URL, and refreshes short ranges', async ({
    page,
  }) => {
    await openMetrics(page);
    await expect(page.getByText('Last hour, refreshed every 30 seconds')).toBeVisible();
    await page.getByRole('button', { name: 'Last 24 hours' }).click();
    await expect(page).toHaveURL(/\/metrics\?range=24h$/);
    await expect(page.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Per 1h, from/)).toBeVisible();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByText('Last 30 days; reload to refresh')).toBeVisible();
    await expect(page.getByText(/^Per 1d, from/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/metrics\?range=24h$/);
  });

  test('sorts routes and opens one in Logs, filtered to that route', async ({ page }) => {
    await openMetrics(page);
    const table = routesTable(page);
    await table.getByRole('button', { name: 'Error rate' }).click();
    await expect(table.getByRole('columnheader', { name: 'Error rate' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Other tests add traffic of their own: the order, not a particular route, is what is checked.
    const rates = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) =>
      Number.parseFloat(text),
    );
    expect(rates.length).toBeGreaterThan(1);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const validateDob = table.locator('tbody tr', { hasText: '/utility/validate-dob' });
    const datetime = table.locator('tbody tr', { hasText: '/utility/datetime' });
    await expect(validateDob).toBeVisible();
    await expect(datetime).toBeVisible();

    await table.getByRole('link', { name: /GET \/api\/\{practiceId\}\/patients ?: show/ }).click();
    await expect(page).toHaveURL(/\/logs\?.*route=%2Fapi%2F%7BpracticeId%7D%2Fpatients/);
    await waitForScreenReady(page, 'Request Logs');
    await expect(page.getByText('/api/{practiceId}/patients', { exact: true })).toBeVisible();
    const rows = page.getByRole('main').getByRole('table').locator('tbody tr');
    await expect(rows.first()).toContainText('/api/12345/patients');
    await expect(rows.filter({ hasNotText: '/api/12345/patients' })).toHaveCount(0);
  });

  test('the Dashboard shows the last hour as a sparkline', async ({ page }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    await expect(page.getByRole('img', { name: /requests in the last hour/ })).toBeVisible();
  });
});
