import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { expect, test as setup } from '@playwright/test';

import { ADMIN_DISPLAY_NAME, AUTH_STATE_FILE } from '../support/constants';
import { signInThroughForm } from '../support/ui';

// Signs in once through the sign-in screen; the chromium project reuses the session cookie.
setup('sign in as the initial admin', async ({ page }) => {
  await page.goto('/');
  await signInThroughForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(ADMIN_DISPLAY_NAME);
  await mkdir(path.dirname(AUTH_STATE_FILE), { recursive: true });
  await page.context().storageState({ path: AUTH_STATE_FILE });
});
