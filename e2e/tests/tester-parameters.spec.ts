import { expect, test } from '@playwright/test';

import { adminApi, createApiKey } from '../support/api';
import { chooseOption, uniqueName, waitForScreenReady } from '../support/ui';

// Issue 23: a preset's query rows stayed when the user typed another URL, so the request carried
// `source` to a route that does not take it and the gateway answered 400 "unknown field source".
test('the parameters follow the URL the user types, not the preset chosen before', async ({
  page,
}) => {
  const admin = await adminApi();
  const { key } = await createApiKey(admin, uniqueName('E2E tester URL', test.info()));
  await admin.dispose();

  await page.goto('/endpoints?tab=tester');
  await waitForScreenReady(page, 'Endpoints');
  await chooseOption(page, 'Category', 'Standard');
  await page.getByRole('button', { name: 'Mock EHR' }).click();
  await page.getByRole('button', { name: /Get Patients/ }).click();
  await expect(page.getByLabel('Parameter 1 key')).toHaveValue('source');
  await page.getByLabel('API Key').fill(key);

  const url = page.getByLabel('URL', { exact: true });
  await url.fill('/utility/datetime?format=yyyy');
  await expect(page.getByLabel('Parameter 1 key')).toHaveValue('format');
  await expect(page.getByLabel('Parameter 1 value')).toHaveValue('yyyy');
  await expect(page.getByLabel('Parameter 2 key')).toHaveCount(0);

  const sent = page.waitForRequest((request) => request.url().includes('/utility/datetime'));
  await url.press('Control+Enter');
  expect(new URL((await sent).url()).search).toBe('?format=yyyy');
  const response = page.getByRole('region', { name: 'Response' });
  await expect(response.getByText('200 OK')).toBeVisible();
  await expect(response.getByLabel('Response body')).not.toContainText('source');
});
