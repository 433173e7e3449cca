import { HEADERS } from '@ehr-gateway/contracts';
import { expect, test, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext } from '../support/api';
import { chooseOption, saveScreenshot, toast, uniqueName, waitForScreenReady } from '../support/ui';

function keyRow(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: name });
}

test.describe('traffic control from the console', () => {
  test('a utility-only key limited to 5 a minute: 403 on EHR routes, 429 with headers on the sixth call, rotation with grace', async ({
    page,
  }) => {
    const name = uniqueName('E2E limited', test.info());
    await page.goto('/api-keys');
    await waitForScreenReady(page, 'API Key Management');

    await page.getByRole('button', { name: 'New API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New API Key' });
    await dialog.getByLabel('Name').fill(name);
    // Start from the read-only preset, then keep only utility.
    await dialog.getByRole('button', { name: 'Read-only EHR' }).click();
    await dialog.getByRole('checkbox', { name: /^ehr:read/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^aggregation/ }).uncheck();
    await expect(dialog.getByRole('checkbox', { name: /^utility/ })).toBeChecked();
    await dialog.getByLabel('Rate limit (requests per minute)').fill('5');
    await saveScreenshot(page, 'api-key-create-scopes', test.info());
    await dialog.getByRole('button', { name: 'Generate Key' }).click();
    const created = page.getByRole('dialog', { name: 'API Key Created' });
    const key = await created.getByLabel('API key', { exact: true }).inputValue();
    await created.getByRole('button', { name: 'I have saved it' }).click();

    const row = keyRow(page, name);
    await expect(row.getByText('utility', { exact: true })).toBeVisible();
    await expect(row.getByText('Limits 5/min')).toBeVisible();

    const gateway = await gatewayContext();
    try {
      const ehr = await gateway.get('/api/195900/departments', {
        headers: { [HEADERS.apiKey]: key },
      });
      expect(ehr.status()).toBe(403);
      expect((await ehr.json()).message).toBe('This API key lacks the scope ehr:read');

      const statuses: number[] = [];
      let last;
      for (let call = 0; call < 6; call += 1) {
        last = await gateway.get('/utility/datetime', { headers: { [HEADERS.apiKey]: key } });
        statuses.push(last.status());
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const headers = last!.headers();
      expect(headers[HEADERS.rateLimitPolicy]).toBe('"minute";q=5;w=60');
      expect(headers[HEADERS.rateLimit]).toMatch(/^"minute";r=0;t=\d+$/);
      expect(Number(headers[HEADERS.retryAfter])).toBeGreaterThan(0);
      expect((await last!.json()).code).toBe('RATE_LIMITED');

      // Rotate in the key's drawer: the new key is shown once, the old one keeps working.
      await row.getByRole('button', { name: `Details of API key ${name}` }).click();
      const drawer = page.getByRole('dialog', { name });
      await expect(
        drawer.getByRole('img', { name: /requests in the last 24 hours/ }),
      ).toBeVisible();
      await drawer.getByLabel('Grace window (minutes)').fill('10');
      await saveScreenshot(page, 'api-key-drawer', test.info());
      await drawer.getByRole('button', { name: 'Rotate Key' }).click();
      await expect(toast(page, 'API Key Rotated')).toBeVisible();
      const shown = page.getByRole('dialog', { name: 'API Key Rotated' });
      const rotated = await shown.getByLabel('New API key', { exact: true }).inputValue();
      expect(rotated).toMatch(/^ehrgw_/);
      expect(rotated).not.toBe(key);
      await expect(shown).toContainText('The old key keeps working until');
      await saveScreenshot(page, 'api-key-rotated', test.info());
      await shown.getByRole('button', { name: 'I have saved it' }).click();
      await expect(shown).toHaveCount(0);
      // Both work (the minute's allowance is spent, so both are refused for the limit, not the key).
      for (const presented of [key, rotated]) {
        const answer = await gateway.get('/utility/datetime', {
          headers: { [HEADERS.apiKey]: presented },
        });
        expect([200, 429]).toContain(answer.status());
      }
    } finally {
      await gateway.dispose();
    }
  });

  test('the API tester shows the response headers, RateLimit ones included', async ({ page }) => {
    const admin = await adminApi();
    const { key } = await createApiKey(admin, uniqueName('E2E tester headers', test.info()), {
      rateLimit: 100,
    });
    await admin.dispose();
    await page.goto('/endpoints');
    await waitForScreenReady(page, 'Endpoints');
    await page.getByRole('tab', { name: 'API Tester' }).click();
    await chooseOption(page, 'Category', 'Utility');
    await page.getByRole('button', { name: /DOB Validation/ }).click();
    await page.getByLabel('API Key').fill(key);
    await page.getByRole('button', { name: 'Send Request' }).click();
    const response = page.getByRole('region', { name: 'Response' });
    await expect(response.getByText('200 OK')).toBeVisible();
    const summary = response.getByText(/^Response headers \(\d+\)$/);
    await summary.click();
    const headers = response.getByLabel('Response headers');
    await expect(headers).toContainText(HEADERS.rateLimitPolicy);
    await expect(headers).toContainText('"minute";q=100;w=60');
    await saveScreenshot(page, 'api-tester-headers', test.info());
  });
});
