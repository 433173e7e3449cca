import { expect, test } from '@playwright/test';

test.describe('404', () => {
  for (const path of ['/metrics', '/nope', '/logs/extra/segments']) {
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

  test("the sidebar's Metrics item leads to the 404 page", async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Metrics', exact: true })
      .click();
    await expect(page).toHaveURL(/\/metrics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});
