import { readFile } from 'node:fs/promises';

import { adminPath, HEADERS } from '@ehr-gateway/contracts';
import { expect, request, test, type Browser, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext, waitForLogEntry } from '../support/api';
import { baseUrl } from '../support/constants';
import { saveScreenshot, signInThroughForm, toast, uniqueName } from '../support/ui';

/**
 * The access-control story end to end, as the "done when" tells it: the admin creates a
 * developer without PHI access in the Users screen; the developer signs in with the one-time
 * password, chooses their own, sees masked log bodies and is refused key creation and config
 * changes in the UI and by the API; the admin's actions and the developer's log views are in the
 * Audit Log and its CSV export. Then an auditor's view.
 */

const CHOSEN_PASSWORD = 'a developer passphrase';
const PATIENT_DOB = '1979-03-14';

/** Creates a user in the Users screen and returns the one-time password the dialog shows once. */
async function createUserInConsole(
  page: Page,
  user: { username: string; displayName: string; role: string },
): Promise<string> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Display name').fill(user.displayName);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: user.role, exact: true }).click();
  await expect(dialog.getByRole('switch', { name: 'PHI access' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await dialog.getByRole('button', { name: 'Create User' }).click();
  const created = page.getByRole('dialog', { name: 'User Created' });
  const password = await created.getByLabel(`One-time password for ${user.username}`).inputValue();
  expect(password.length).toBeGreaterThanOrEqual(20);
  await created.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Users' })).toContainText(user.displayName);
  return password;
}

/** A new browser with no session, signed in as the user, past the first-password screen. */
async function firstSignIn(
  browser: Browser,
  username: string,
  oneTimePassword: string,
  screenshot?: string,
) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/');
  await signInThroughForm(page, username, oneTimePassword);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  if (screenshot) {
    await saveScreenshot(page, screenshot);
  }
  await page.getByLabel('Current password').fill(oneTimePassword);
  await page.getByLabel('New password', { exact: true }).fill(CHOSEN_PASSWORD);
  await page.getByLabel('Confirm new password').fill(CHOSEN_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { context, page };
}

/** The same session the browser holds, for calling the admin API directly. */
async function apiAs(page: Page) {
  const base = baseUrl();
  return request.newContext({
    baseURL: base,
    extraHTTPHeaders: { origin: base },
    storageState: await page.context().storageState(),
  });
}

test.describe('roles', () => {
  test.describe.configure({ mode: 'serial' });

  let developer: { username: string; displayName: string };

  test.beforeAll(async () => {
    const admin = await adminApi();
    const { key } = await createApiKey(admin, 'Roles e2e voice agent');
    const gateway = await gatewayContext();
    await gateway.get('/utility/validate-dob', {
      headers: { [HEADERS.apiKey]: key },
      params: { dob: PATIENT_DOB },
    });
    await gateway.dispose();
    await waitForLogEntry(
      admin,
      { endpoint: '/utility/validate-dob' },
      (log) => log.status === 200,
    );
    await admin.dispose();
  });

  test('an admin creates a developer, who sees masked logs and may change nothing', async ({
    page,
    browser,
  }, testInfo) => {
    developer = {
      username: `dev-${testInfo.workerIndex}-${Date.now().toString(36)}`,
      displayName: uniqueName('Dana Developer', testInfo),
    };
    const oneTimePassword = await createUserInConsole(page, { ...developer, role: 'Developer' });

    const { context, page: dev } = await firstSignIn(
      browser,
      developer.username,
      oneTimePassword,
      'password-change-light',
    );

    // The menu shows only what a developer may open.
    const nav = dev.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Logs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

    // Logs: the date of birth was masked before it was stored; no way to unmask it.
    await dev.goto('/logs');
    await dev.getByLabel('Endpoint', { exact: true }).fill('/utility/validate-dob');
    await dev.getByRole('button', { name: 'Apply Filters' }).click();
    await dev
      .getByRole('main')
      .locator('tbody tr')
      .filter({ has: dev.locator('td:nth-child(4)', { hasText: /^\s*200/ }) })
      .first()
      .getByRole('button', { name: /View Details/ })
      .click();
    const details = dev.getByRole('dialog', { name: 'Log Details' });
    await expect(details.getByText('PHI masked.')).toBeVisible();
    await expect(details.getByRole('region', { name: 'Request Data' })).toContainText(
      '"dob": "***"',
    );
    await expect(details).not.toContainText(PATIENT_DOB);
    await expect(details.getByRole('button', { name: 'Show PHI' })).toHaveCount(0);
    await saveScreenshot(dev, 'log-details-masked-light');
    await dev.keyboard.press('Escape');

    // API keys: no way to create or delete in the UI, and the API refuses too.
    await dev.goto('/api-keys');
    await expect(dev.getByText(/Read-only: your role \(Developer\) may not create/)).toBeVisible();
    await expect(dev.getByRole('button', { name: 'New API Key' })).toHaveCount(0);
    await expect(dev.getByRole('button', { name: /^Delete API key/ })).toHaveCount(0);

    // Configuration: read-only, and the API refuses a save.
    await dev.goto('/configuration');
    await expect(dev.getByText(/Read-only: your role \(Developer\) may not change/)).toBeVisible();
    await expect(dev.getByRole('button', { name: 'Save Changes' }).first()).toBeDisabled();
    await saveScreenshot(dev, 'configuration-developer-light');

    // Users: a direct visit says why there is nothing to see.
    await dev.goto('/users');
    await expect(dev.getByText('You do not have access to this page')).toBeVisible();

    const devApi = await apiAs(dev);
    const keyAttempt = await devApi.post(adminPath('apiKeys'), { data: { name: 'sneaky' } });
    expect(keyAttempt.status()).toBe(403);
    expect((await keyAttempt.json()).message).toBe(
      'Your role (developer) may not create, change or delete API keys',
    );
    const config = await (await devApi.get(adminPath('config'))).json();
    const configAttempt = await devApi.put(adminPath('config'), {
      data: { ...config, logLevel: 'debug' },
    });
    expect(configAttempt.status()).toBe(403);
    await devApi.dispose();
    await context.close();
  });

  test('the Audit Log shows the admin’s actions and the developer’s log views, and exports them', async ({
    page,
  }) => {
    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(page.getByText('Chain verified')).toBeVisible();

    const table = page.getByRole('main').getByRole('table');
    const viewed = table
      .getByRole('row')
      .filter({ hasText: 'Request log entry viewed' })
      .filter({ hasText: developer.username });
    await expect(viewed.first()).toBeVisible();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'User created' })
        .filter({ hasText: 'admin' })
        .first(),
    ).toBeVisible();

    await viewed
      .first()
      .getByRole('button', { name: /View details/ })
      .click();
    const event = page.getByRole('dialog', { name: 'Audit Event' });
    await expect(event.getByRole('region', { name: 'Details' })).toContainText('"phiShown": false');
    await saveScreenshot(page, 'audit-event-dialog-light');
    await page.keyboard.press('Escape');

    await page.getByLabel('Actor').fill(developer.username);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'id,at,actor_type,actor_id,actor_name,action,target,result,ip,user_agent,details',
    );
    expect(csv).toContain('"log-viewed"');
    expect(csv).toContain(`"${developer.username}"`);
    expect(csv).not.toContain('"key-created"');
  });

  test('an auditor reads everything, the audit trail included, and changes nothing', async ({
    page,
    browser,
  }, testInfo) => {
    const auditor = {
      username: `auditor-${testInfo.workerIndex}-${Date.now().toString(36)}`,
      displayName: uniqueName('Avery Auditor', testInfo),
    };
    const oneTimePassword = await createUserInConsole(page, { ...auditor, role: 'Auditor' });
    const { context, page: view } = await firstSignIn(browser, auditor.username, oneTimePassword);

    const nav = view.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Audit Log' })).toBeVisible();
    await view.goto('/users');
    await expect(view.getByRole('list', { name: 'Users' })).toContainText(auditor.displayName);
    await expect(view.getByRole('button', { name: 'New User' })).toHaveCount(0);
    await expect(view.getByRole('button', { name: /^(Edit|Deactivate)/ })).toHaveCount(0);
    await view.goto('/audit');
    await expect(view.getByText('Chain verified')).toBeVisible();
    await context.close();
  });

  test('deactivating the developer ends their session at once', async ({ page, browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const dev = await context.newPage();
    await dev.goto('/');
    await signInThroughForm(dev, developer.username, CHOSEN_PASSWORD);
    await expect(dev.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.goto('/users');
    await page.getByRole('button', { name: `Deactivate ${developer.displayName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate User' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'User Deactivated')).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Users' })
        .getByRole('listitem')
        .filter({ hasText: developer.displayName }),
    ).toContainText('Deactivated');

    await dev.goto('/logs');
    await expect(dev.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.close();
  });
});

test.describe('my account', () => {
  test('shows my role and sessions, with sign-out elsewhere', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Admin User' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Admin');
    const sessions = page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByText('This browser')).toBeVisible();
  });
});
