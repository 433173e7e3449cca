import { adminPath } from '@ehr-gateway/contracts';

import { expect, test } from '@playwright/test';

import { adminApi, createApiKey } from '../support/api';
import { saveScreenshot, useTheme, waitForScreenReady } from '../support/ui';

const DAY_MS = 86_400_000;

test.describe('notifications', () => {
  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    test(`a key about to expire rings the bell; the alert leads to API Keys and can be marked read (${theme}, ${width} px)`, async ({
      page,
    }) => {
      const admin = await adminApi();
      const name = `E2E expiring ${theme} ${Date.now().toString(36)}`;
      const key = await createApiKey(admin, name, {
        expiresAt: new Date(Date.now() + 2 * DAY_MS + 60_000).toISOString(),
      });
      try {
        await page.setViewportSize({ width, height: 800 });
        await useTheme(page, theme);
        const alertItem = page.getByRole('menuitem', { name: new RegExp(name) });
        // Alerts are evaluated at most every 10 s per instance: look until this one is raised.
        await expect(async () => {
          await page.goto('/');
          await waitForScreenReady(page, 'Dashboard');
          await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
          await expect(alertItem).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 30_000 });

        await expect(alertItem).toHaveAttribute('href', '/api-keys');
        await expect(alertItem).toContainText('in 2 days');
        await expect(alertItem).toContainText('(unread)');
        await saveScreenshot(page, `notifications-${theme}-${width}`, test.info());

        const group = page.getByRole('group', { name: new RegExp(name) });
        await group.getByRole('menuitem', { name: 'Mark as read' }).click();
        await expect(alertItem).not.toContainText('(unread)');
        await expect(group.getByRole('menuitem', { name: 'Mark as read' })).toHaveCount(0);

        await alertItem.click();
        await expect(page).toHaveURL(/\/api-keys$/);
        await expect(
          page.getByRole('heading', { level: 1, name: 'API Key Management' }),
        ).toBeVisible();
      } finally {
        await admin.delete(adminPath('apiKey', { id: key.id }));
        await admin.dispose();
      }
    });
  }

  test('the API Status card shows uptime measured from health samples', async ({ page }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    await expect(page.getByRole('meter', { name: 'Uptime' })).toBeVisible();
    await expect(
      page.getByText(/^\d+(\.\d+)?% uptime (since .+|in the last 30 days)$/),
    ).toBeVisible();
  });
});
