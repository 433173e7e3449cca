import { expect, test, type Page } from '@playwright/test';

import { waitForScreenReady } from '../support/ui';

const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));

test.describe('theme', () => {
  test('the light/dark choice persists across a reload', async ({ page }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    const html = page.locator('html');
    // A fresh browser (light OS preference) starts light; the stored default is 'system'.
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toMatch(/^(system|light)$/);

    const toggle = page.getByRole('banner').getByRole('button', { name: /theme/i });
    await toggle.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect.poll(() => storedTheme(page)).toBe('dark');

    await page.reload();
    await waitForScreenReady(page, 'Dashboard');
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await storedTheme(page)).toBe('dark');
    // It also survives navigating to another screen.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logs' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request Logs' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);

    // And back to light, which persists too.
    await page.getByRole('banner').getByRole('button', { name: /theme/i }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect.poll(() => storedTheme(page)).toBe('light');
    await page.reload();
    await waitForScreenReady(page, 'Request Logs');
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("'system' follows the operating system's preference", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'system'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
