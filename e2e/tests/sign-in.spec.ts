import { adminPath } from '@ehr-gateway/contracts';
import { expect, test } from '@playwright/test';

import { ADMIN_DISPLAY_NAME, ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/constants';
import { saveScreenshot, signInThroughForm } from '../support/ui';

// These tests start signed out: no saved session.
test.use({ storageState: { cookies: [], origins: [] } });

test.describe('sign-in', () => {
  test('wrong credentials are refused with "Invalid username or password"', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await signInThroughForm(page, ADMIN_USERNAME, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    // Still on the sign-in screen, nothing of the console shown.
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
    await saveScreenshot(page, 'sign-in-error', test.info());
  });

  test('an unknown user gets the same message', async ({ page }) => {
    await page.goto('/');
    await signInThroughForm(page, 'nobody', ADMIN_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  });

  test('signing in lands on the route the user was going to', async ({ page }) => {
    await page.goto('/logs');
    // The sign-in screen takes the page's place; the address stays.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/logs$/);

    await signInThroughForm(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Request Logs' })).toBeVisible();
    await expect(page).toHaveURL(/\/logs$/);
    await expect(page.getByRole('banner')).toContainText(ADMIN_DISPLAY_NAME);
  });

  test('signing out brings the sign-in screen back', async ({ page }) => {
    await page.goto('/configuration');
    await signInThroughForm(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gateway Configuration' }),
    ).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: ADMIN_DISPLAY_NAME }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The session is really gone: a reload does not get the console back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gateway Configuration' }),
    ).toHaveCount(0);
  });

  test('a session that ends brings the sign-in screen back on the next admin call, keeping the route', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/api-keys');
    await signInThroughForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'API Key Management' })).toBeVisible();

    // The session ends behind the console's back (as when it expires or is revoked).
    const ended = await page.request.delete(adminPath('session'), {
      headers: { origin: baseURL ?? '' },
    });
    expect(ended.ok()).toBe(true);

    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/api-keys$/);

    await signInThroughForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'API Key Management' })).toBeVisible();
    await expect(page).toHaveURL(/\/api-keys$/);
  });
});
