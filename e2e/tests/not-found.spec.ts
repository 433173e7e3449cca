import { expect, test } from '@playwright/test';

test.describe('404', () => {
  for (const path of ['/nope', '/metrics/extra', '/logs/extra/segments']) {
    test(`${path} shows 'Page Not Found' with a way home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      // Still inside the console's shell.
      await expect(page.getByRole('banner')).toContainText('EHR API Gateway');

      await page
        .getByRole('main')
        .getByRole('link', { name: /home|dashboard/i })
        .click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  }
});
