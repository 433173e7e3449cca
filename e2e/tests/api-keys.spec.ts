import { HEADERS } from '@ehr-gateway/contracts';
import { expect, test, type Page } from '@playwright/test';

import { adminApi, createApiKey, gatewayContext } from '../support/api';
import { saveScreenshot, toast, uniqueName, waitForScreenReady } from '../support/ui';

const DELETE_CONFIRMATION =
  'Are you sure you want to delete this API key? This action cannot be undone.';

/** One key in the API Keys page's list, found by its (unique) name. */
function keyRow(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: name });
}

/** Creates a key through the 'New API Key' dialog; leaves the 'API Key Created' step open. */
async function createThroughDialog(page: Page, name: string) {
  await page.getByRole('button', { name: 'New API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New API Key' });
  await expect(dialog).toBeVisible();
  const generate = dialog.getByRole('button', { name: 'Generate Key' });
  await expect(generate).toBeDisabled();
  await dialog.getByLabel('Name').fill(name);
  await expect(generate).toBeEnabled();
  await generate.click();

  const created = page.getByRole('dialog', { name: 'API Key Created' });
  await expect(created).toBeVisible();
  const keyField = created.getByLabel('API key', { exact: true });
  await expect(keyField).toHaveValue(/^ehrgw_/);
  const key = await keyField.inputValue();
  return { created, key };
}

async function gatewayStatus(key: string) {
  const gateway = await gatewayContext();
  try {
    const response = await gateway.get('/utility/datetime', { headers: { [HEADERS.apiKey]: key } });
    return response.status();
  } finally {
    await gateway.dispose();
  }
}

test.describe('API keys', () => {
  test('create: the key is shown once, then only masked in the list', async ({ page }) => {
    const name = uniqueName('E2E create', test.info());
    await page.goto('/api-keys');
    await waitForScreenReady(page, 'API Key Management');

    const { created, key } = await createThroughDialog(page, name);
    expect(key.length).toBeGreaterThan(20);
    await expect(created).toContainText('cannot be displayed again');
    await expect(created.getByRole('button', { name: /copy/i })).toBeVisible();
    await expect(toast(page, 'API Key Created')).toBeVisible();
    await saveScreenshot(page, 'api-key-created', test.info());

    // The key works against the gateway.
    expect(await gatewayStatus(key)).toBe(200);

    await created.getByRole('button', { name: 'I have saved it' }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Listed, masked: the prefix and last four, never the secret middle.
    const row = keyRow(page, name);
    await expect(row).toBeVisible();
    const rowText = (await row.innerText()).trim();
    expect(rowText).not.toContain(key);
    expect(rowText).not.toContain(key.slice(6, -4));
    expect(rowText).toContain(key.slice(-4));
    expect(rowText).toMatch(/ehrgw_/);

    // After Close the full key is nowhere on the page, not even in a hidden input.
    await expect(page.locator('body')).not.toContainText(key);
    const inputValues = await page
      .locator('input, textarea')
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
    expect(inputValues).not.toContain(key);

    // Reopening starts from an empty form, not from the last key.
    await page.getByRole('button', { name: 'New API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New API Key' });
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Generate Key' })).toBeDisabled();
    await expect(page.locator('body')).not.toContainText(key);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // And after a reload the list still shows it masked only.
    await page.reload();
    await expect(keyRow(page, name)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(key);
  });

  test('copy: the new key goes to the clipboard with a "Copied" toast', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = uniqueName('E2E copy', test.info());
    await page.goto('/api-keys');
    await waitForScreenReady(page, 'API Key Management');

    const { created, key } = await createThroughDialog(page, name);
    await created.getByRole('button', { name: /copy/i }).click();

    await expect(toast(page, 'Copied')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The list copies the full key while this page holds it from creation, never the masked one.
    await created.getByRole('button', { name: 'I have saved it' }).first().click();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await keyRow(page, name)
      .getByRole('button', { name: `Copy API key ${name}` })
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // After a reload the page no longer has it, and says so instead of copying the masked text.
    await page.reload();
    await waitForScreenReady(page, 'API Key Management');
    await expect(keyRow(page, name).getByRole('button', { name: /^Copy API key/ })).toHaveCount(0);
    await expect(
      keyRow(page, name).getByRole('note', { name: new RegExp(`^Copy unavailable for ${name}`) }),
    ).toBeVisible();
  });

  test('delete: asks first, the key leaves the list and stops working', async ({ page }) => {
    const name = uniqueName('E2E delete', test.info());
    const admin = await adminApi();
    const { key } = await createApiKey(admin, name);
    await admin.dispose();
    expect(await gatewayStatus(key)).toBe(200);

    await page.goto('/api-keys');
    await waitForScreenReady(page, 'API Key Management');
    const row = keyRow(page, name);
    await expect(row).toBeVisible();

    // Cancel keeps it.
    await row.getByRole('button', { name: /^delete/i }).click();
    let confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(DELETE_CONFIRMATION);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toBeVisible();

    // Delete removes it.
    await row.getByRole('button', { name: /^delete/i }).click();
    confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(DELETE_CONFIRMATION);
    await saveScreenshot(page, 'api-key-delete-confirm', test.info());
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

    await expect(toast(page, 'API Key Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await waitForScreenReady(page, 'API Key Management');
    await expect(keyRow(page, name)).toHaveCount(0);

    // The gateway no longer accepts it.
    expect(await gatewayStatus(key)).toBe(401);
  });
});
