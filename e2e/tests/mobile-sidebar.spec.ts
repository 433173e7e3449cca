import { expect, test } from '@playwright/test';

import { saveScreenshot, waitForScreenReady } from '../support/ui';

test.use({ viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true });

test.describe('sidebar at 390 px', () => {
  test('hidden; opened by the menu button, closed by the close button inside it', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');

    // No navigation on screen at first.
    await expect(page.getByRole('link', { name: 'API Keys', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Configuration', exact: true })).toBeHidden();
    await saveScreenshot(page, 'mobile-dashboard', test.info());

    const menu = page.getByRole('banner').getByRole('button', { name: /menu/i });
    await expect(menu).toBeVisible();
    await menu.click();

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    for (const item of ['Dashboard', 'Endpoints', 'Logs', 'Metrics', 'API Keys', 'Configuration']) {
      await expect(drawer.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    // The drawer covers the viewport: a viewport-sized shot shows it as the user sees it.
    await saveScreenshot(page, 'mobile-sidebar-open', test.info(), { fullPage: false });

    const close = drawer.getByRole('button', { name: /close/i });
    await expect(close).toBeVisible();
    await close.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('link', { name: 'API Keys', exact: true })).toBeHidden();
    // Focus goes back to the menu button.
    await expect(menu).toBeFocused();
  });

  test('choosing an item navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'API Keys', exact: true }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Key Management' })).toBeVisible();
    await expect(drawer).toBeHidden();
  });

  test('Escape closes the menu', async ({ page }) => {
    await page.goto('/logs');
    await waitForScreenReady(page, 'Request Logs');
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
