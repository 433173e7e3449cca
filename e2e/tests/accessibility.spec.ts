import { adminPath, HEADERS } from '@ehr-gateway/contracts';
import { expect, test, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext, waitForLogEntry } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { saveScreenshot, useTheme, waitForScreenReady, type ThemeName } from '../support/ui';

/**
 * axe-core scan of every screen in both themes: no serious or critical violations (contrast
 * included, so both themes must be legible). Each scan also saves the screen's screenshot to
 * e2e/artifacts/screenshots/<screen>-<theme>.png.
 */
/** A key only this test uses, so no other test can delete it from under the drawer. */
async function keyOfItsOwn(prefix: string): Promise<string> {
  const name = `${prefix} ${Date.now().toString(36)}`;
  const admin = await adminApi();
  await createApiKey(admin, name);
  await admin.dispose();
  return name;
}

const SCREENS = [
  { name: 'dashboard', path: '/', heading: 'Dashboard' },
  { name: 'endpoints', path: '/endpoints', heading: 'Endpoints' },
  { name: 'endpoints-tester', path: '/endpoints?tab=tester', heading: 'Endpoints' },
  { name: 'endpoints-voice', path: '/endpoints?tab=voice', heading: 'Endpoints' },
  { name: 'logs', path: '/logs', heading: 'Request Logs' },
  { name: 'metrics', path: '/metrics', heading: 'Metrics' },
  { name: 'api-keys', path: '/api-keys', heading: 'API Key Management' },
  { name: 'configuration', path: '/configuration', heading: 'Gateway Configuration' },
  { name: 'users', path: '/users', heading: 'Users' },
  { name: 'audit', path: '/audit', heading: 'Audit Log' },
  { name: 'webhooks', path: '/webhook-endpoints', heading: 'Webhooks' },
  { name: 'account', path: '/account', heading: 'My Account' },
  { name: 'not-found', path: '/nope', heading: 'Page Not Found' },
] as const;

const THEMES: ThemeName[] = ['light', 'dark'];

async function expectTheme(page: Page, theme: ThemeName) {
  const html = page.locator('html');
  if (theme === 'dark') {
    await expect(html).toHaveClass(/\bdark\b/);
  } else {
    await expect(html).not.toHaveClass(/\bdark\b/);
  }
}

// Some real data first, so the scans and screenshots include filled tables and badges.
test.beforeAll(async () => {
  const admin = await adminApi();
  const { key } = await createApiKey(admin, 'Scheduling voice agent');
  await createApiKey(admin, 'Billing sync');
  const gateway = await gatewayContext();
  const headers = { [HEADERS.apiKey]: key };
  await gateway.get('/utility/datetime', { headers });
  await gateway.get('/utility/validate-dob', { headers, params: { dob: '1985-07-14' } });
  await gateway.post('/utility/test', { headers, data: { message: 'hello', data: { a: 1 } } });
  await gateway.get('/utility/validate-dob', { headers });
  await gateway.get('/utility/datetime', { headers: { [HEADERS.apiKey]: 'ehrgw_wrong' } });
  await gateway.dispose();
  await waitForLogEntry(admin, { endpoint: '/utility/datetime' }, (log) => log.status === 401);
  await admin.dispose();
});

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    for (const screen of SCREENS) {
      test(`${screen.name} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(screen.path);
        await waitForScreenReady(page, screen.heading);
        await expectTheme(page, theme);
        await saveScreenshot(page, `${screen.name}-${theme}`, test.info());
        await expectNoSeriousViolations(page, `${screen.name} (${theme})`);
      });
    }

    test('endpoints API Tester tab has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/endpoints');
      await waitForScreenReady(page, 'Endpoints');
      await page.getByRole('tab', { name: 'API Tester' }).click();
      await expect(page.getByRole('tab', { name: 'API Tester' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await saveScreenshot(page, `endpoints-api-tester-${theme}`, test.info());
      await expectNoSeriousViolations(page, `endpoints API Tester (${theme})`);
    });

    test('dialogs (Create New API Key, Log Details) have no serious or critical axe violations', async ({
      page,
    }) => {
      // Four dialogs, four axe scans: more than the default minute on a busy 2-core machine.
      test.slow();
      const keyName = await keyOfItsOwn(`A11y drawer ${theme}`);
      await page.goto('/api-keys');
      await waitForScreenReady(page, 'API Key Management');
      await page.getByRole('button', { name: 'New API Key' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New API Key' })).toBeVisible();
      await saveScreenshot(page, `api-keys-create-dialog-${theme}`, test.info());
      await expectNoSeriousViolations(page, `Create New API Key dialog (${theme})`);
      await page.keyboard.press('Escape');

      // Its own key: another test may be deleting the first one in the list right now.
      await page.getByRole('button', { name: `Details of API key ${keyName}` }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: 'Usage' });
      await expect(
        drawer.getByRole('img', { name: /requests in the last 24 hours/ }),
      ).toBeVisible();
      await saveScreenshot(page, `api-key-drawer-${theme}`, test.info());
      await expectNoSeriousViolations(page, `API key drawer (${theme})`);
      await page.keyboard.press('Escape');

      await page.goto('/users');
      await waitForScreenReady(page, 'Users');
      await page.getByRole('button', { name: 'New User' }).click();
      await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible();
      await saveScreenshot(page, `users-create-dialog-${theme}`, test.info());
      await expectNoSeriousViolations(page, `Create User dialog (${theme})`);
      await page.keyboard.press('Escape');

      await page.goto('/logs');
      await waitForScreenReady(page, 'Request Logs');
      await page.getByLabel('Endpoint', { exact: true }).fill('/utility/validate-dob');
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await page
        .getByRole('main')
        .locator('tbody tr')
        .filter({ has: page.locator('td:nth-child(4)', { hasText: /^\s*400/ }) })
        .first()
        .getByRole('button', { name: /View Details/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Log Details' });
      await expect(dialog.getByRole('region', { name: 'Error Details' })).toBeVisible();
      await saveScreenshot(page, `log-details-dialog-${theme}`, test.info());
      await expectNoSeriousViolations(page, `Log Details dialog (${theme})`);
    });
  });

  test.describe(`${theme} theme, 390 px wide`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    for (const screen of SCREENS) {
      test(`${screen.name} fits a phone and has no serious or critical axe violations`, async ({
        page,
      }) => {
        await page.goto(screen.path);
        await waitForScreenReady(page, screen.heading);
        await saveScreenshot(page, `${screen.name}-mobile-${theme}`, test.info());
        // Polled: charts and tables settle their width a frame or more after the data arrives,
        // and on a loaded machine that frame can come after the skeletons have gone.
        await expect
          .poll(
            () =>
              page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              ),
            { message: `${screen.name} scrolls sideways at 390 px` },
          )
          .toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(page, `${screen.name} at 390 px (${theme})`);
      });
    }

    test('log details keep times and names whole; JSON scrolls instead of breaking', async ({
      page,
    }) => {
      const admin = await adminApi();
      const created = await createApiKey(admin, `Log detail 390 ${theme} scheduling agent`);
      const gateway = await gatewayContext();
      const token = 'a-long-token-without-spaces-that-must-not-be-broken-across-lines-0123456789';
      await gateway.post('/utility/test', {
        headers: { [HEADERS.apiKey]: created.key },
        data: { message: 'hello', data: { token } },
      });
      await waitForLogEntry(admin, { apiKeyId: created.id }, () => true);
      const logs = (await (
        await admin.get(adminPath('logs'), { params: { apiKeyId: created.id } })
      ).json()) as { logs: Array<{ id: string }> };
      await page.goto(`/logs/${logs.logs[0]!.id}`);
      const dialog = page.getByRole('dialog', { name: 'Log Details' });
      await expect(dialog.getByRole('region', { name: 'Request Data' })).toBeVisible();
      // The time wraps only between its parts: no line ends inside a number.
      const time = dialog.locator('time').first();
      const lines = await time.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
        return [...new Set(tops)].length;
      });
      const text = (await time.textContent()) ?? '';
      expect(lines === 1 || /\d{2}:\d{2}:\d{2}/.test(text)).toBe(true);
      const pre = dialog.getByRole('region', { name: 'Request Data' }).locator('pre');
      await expect(pre).toHaveCSS('white-space', 'pre');
      expect(await pre.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      const overflow = await dialog.evaluate(
        (element) => element.scrollWidth - element.clientWidth,
      );
      expect(overflow, 'the log dialog scrolls sideways at 390 px').toBeLessThanOrEqual(0);
      await saveScreenshot(page, `log-details-mobile-${theme}`, test.info(), { fullPage: false });
      await expectNoSeriousViolations(page, `Log Details at 390 px (${theme})`);
    });

    test('audit events are stacked rows with every field on screen', async ({ page }) => {
      await page.goto('/audit');
      await waitForScreenReady(page, 'Audit Log');
      const row = page.getByRole('main').locator('tbody tr').first();
      await row.scrollIntoViewIfNeeded();
      for (const cell of await row.locator('td').all()) {
        const box = await cell.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      }
      await expect(row.getByRole('button', { name: /View details of/ })).toBeInViewport();
    });

    test('the key dialogs fit a phone', async ({ page }) => {
      const keyName = await keyOfItsOwn(`A11y drawer 390 ${theme}`);
      await page.goto('/api-keys');
      await waitForScreenReady(page, 'API Key Management');
      await page.getByRole('button', { name: 'New API Key' }).click();
      const create = page.getByRole('dialog', { name: 'Create New API Key' });
      await expect(create).toBeVisible();
      await saveScreenshot(page, `api-keys-create-dialog-mobile-${theme}`, test.info());
      await expectNoSeriousViolations(page, `Create New API Key at 390 px (${theme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Details of API key ${keyName}` }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: 'Usage' });
      await expect(drawer.getByRole('img', { name: /requests in the last/ })).toBeVisible();
      await saveScreenshot(page, `api-key-drawer-mobile-${theme}`, test.info());
      const overflow = await drawer.evaluate(
        (element) => element.scrollWidth - element.clientWidth,
      );
      expect(overflow, 'the key drawer scrolls sideways at 390 px').toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page, `API key drawer at 390 px (${theme})`);
    });
  });

  test.describe(`${theme} theme, signed out`, () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('sign-in has no serious or critical axe violations', async ({ page }) => {
      await useTheme(page, theme);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectTheme(page, theme);
      await saveScreenshot(page, `sign-in-${theme}`, test.info());
      await expectNoSeriousViolations(page, `sign-in (${theme})`);
    });
  });
}
