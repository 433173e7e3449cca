import { expect, test, type Page } from '@playwright/test';

import { adminApi, createApiKey } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { BOOKS, followTestClock } from '../support/clock';
import {
  chooseOption,
  saveScreenshot,
  toast,
  uniqueName,
  useTheme,
  waitForScreenReady,
  type ThemeName,
} from '../support/ui';

const PATIENTS_TITLE = 'Patients of a practice, filtered by name; 50 per page by default';
async function openEndpoints(page: Page, path = '/endpoints') {
  await page.goto(path);
  await waitForScreenReady(page, 'Endpoints');
}

async function sendDobValidation(page: Page, key: string) {
  await page.getByRole('tab', { name: 'API Tester' }).click();
  await chooseOption(page, 'Category', 'Utility');
  await page.getByRole('button', { name: /DOB Validation/ }).click();
  await expect(page.getByLabel('Method', { exact: true })).toContainText('GET');
  await expect(page.getByLabel('URL', { exact: true })).toHaveValue(
    /\/utility\/validate-dob\?dob=[\d-]+$/,
  );
  await expect(page.getByLabel('Parameter 1 key')).toHaveValue('dob');
  await page.getByLabel('API Key').fill(key);
  await page.getByRole('button', { name: 'Send Request' }).click();
  const response = page.getByRole('region', { name: 'Response' });
  await expect(response.getByText('200 OK')).toBeVisible();
  return response;
}

test.describe('Endpoints documentation', () => {
  test('cards come from the live OpenAPI document, with examples on demand', async ({ page }) => {
    await openEndpoints(page);
    const docs = page.getByRole('region', { name: 'API Documentation' });
    await expect(
      docs.getByText('Overview of available endpoints and integration details'),
    ).toBeVisible();
    await expect(docs.getByRole('tab', { name: 'Common Endpoints' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const patients = docs.getByRole('region', { name: PATIENTS_TITLE });
    await expect(patients.getByText('/api/{practiceId}/patients', { exact: true })).toBeVisible();
    await expect(patients.getByRole('heading', { name: 'Query Parameters' })).toBeVisible();
    await expect(patients.getByRole('row', { name: /firstName/ })).toContainText('No');

    await patients.getByRole('button', { name: 'Example Request' }).click();
    await expect(patients.getByLabel('Example request', { exact: true })).toContainText(
      // athena is not set up on this gateway: the example asks the Mock EHR.
      /curl -X GET '.+\/api\/\d+\/patients\?source=mock'/,
    );
    await expect(patients.getByLabel('Example request', { exact: true })).toContainText(
      'x-api-key: YOUR_API_KEY',
    );
    await patients.getByRole('button', { name: 'Example Response' }).click();
    await expect(patients.getByLabel('Example response', { exact: true })).toContainText(
      '"patients"',
    );

    await docs.getByRole('tab', { name: 'Smart Scheduling' }).click();
    const smart = docs.getByRole('region', {
      name: 'Understand a patient conversation and offer matching open slots',
    });
    await expect(smart.getByRole('heading', { name: 'Parameters' })).toBeVisible();
    await expect(smart.getByRole('row', { name: /^messages / })).toContainText('Yes');

    await docs.getByRole('tab', { name: 'Authentication' }).click();
    await expect(docs.getByText('Invalid API key', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'endpoints-docs-authentication', test.info());
  });

  test('the header search filters the cards', async ({ page }) => {
    await openEndpoints(page);
    await page.getByLabel('Search documentation').fill('validate-dob');
    await page.getByLabel('Search documentation').press('Enter');
    await expect(page).toHaveURL(/\/endpoints\?q=validate-dob$/);
    const docs = page.getByRole('region', { name: 'API Documentation' });
    await expect(docs.getByTestId('endpoint-card')).toHaveCount(1);
    await expect(docs.getByTestId('endpoint-card')).toContainText('/utility/validate-dob');
  });
});

test.describe('Endpoints documentation index, deep links and Try in tester', () => {
  test('the index filters by parameter and opens the card, whose address is a deep link', async ({
    page,
  }) => {
    await openEndpoints(page);
    const index = page.getByRole('navigation', { name: 'Endpoint index' });
    await index.getByRole('searchbox', { name: 'Filter endpoints' }).fill('appointmenttypeid');
    const links = index.getByRole('link');
    await expect(links.filter({ hasText: '/aggregate/patient-open-slots' })).toHaveCount(1);
    await expect(links.filter({ hasText: '/utility/validate-dob' })).toHaveCount(0);
    await index.getByRole('searchbox', { name: 'Filter endpoints' }).fill('validate-dob');
    await expect(links).toHaveCount(1);
    await links.click();
    await expect(page).toHaveURL(/\/endpoints\?docs=common#validateDob$/);
    const card = page.locator('#validateDob');
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport();
    await expect(card).toContainText('Authentication: API key (x-api-key)');
    await expect(card.getByRole('listitem').filter({ hasText: /^200/ })).toBeVisible();
    await card.getByRole('listitem').filter({ hasText: /^400/ }).getByText('Body shape').click();
    await expect(card.getByLabel('400 body shape')).toContainText('error: string');
    await saveScreenshot(page, 'endpoints-docs-index-light-1280', test.info());

    // The same address, opened afresh, shows the same card.
    await page.goto('/endpoints#getPatientOpenSlots');
    await waitForScreenReady(page, 'Endpoints');
    await expect(page.getByRole('tab', { name: 'Smart Scheduling' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.locator('#getPatientOpenSlots')).toBeFocused();
    await expect(page.locator('#getPatientOpenSlots')).toBeInViewport();
  });

  test('Try in tester opens the tester with the operation, and it answers', async ({ page }) => {
    const key = await createApiKey(await adminApi(), uniqueName('try-in-tester', test.info()));
    await openEndpoints(page, '/endpoints#validateDob');
    const card = page.locator('#validateDob');
    await card.getByRole('button', { name: 'Try in tester' }).click();
    await expect(page).toHaveURL(/tab=tester/);
    await expect(page.getByLabel('Method', { exact: true })).toContainText('GET');
    await expect(page.getByLabel('URL', { exact: true })).toHaveValue(
      /\/utility\/validate-dob\?dob=[\d-]+$/,
    );
    await expect(page.getByLabel('Parameter 1 key')).toHaveValue('dob');
    await page.getByLabel('API Key').fill(key.key);
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('region', { name: 'Response' }).getByText('200 OK')).toBeVisible();

    // Back returns to the documentation.
    await page.goBack();
    await expect(page.getByRole('region', { name: 'API Documentation' })).toBeVisible();
  });

  test('at 390 px every section tab is reachable and the index opens on demand', async ({
    page,
  }) => {
    await useTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await openEndpoints(page);
    const sections = page.getByRole('tablist', { name: 'Documentation sections' });
    for (const name of [
      'Common Endpoints',
      'Smart Scheduling',
      'Athena EHR',
      'Mock EHR',
      'Voice Config',
      'Authentication',
    ]) {
      const tab = sections.getByRole('tab', { name });
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
    const index = page.getByRole('navigation', { name: 'Endpoint index' });
    await expect(index).toBeHidden();
    await page.getByRole('button', { name: 'Endpoint index' }).click();
    await expect(index).toBeVisible();
    await saveScreenshot(page, 'endpoints-docs-index-dark-390', test.info());
    await index.getByRole('searchbox', { name: 'Filter endpoints' }).fill('validate-dob');
    await index.getByRole('link').click();
    await expect(index).toBeHidden();
    await expect(page.locator('#validateDob')).toBeInViewport();
    await saveScreenshot(page, 'endpoints-docs-card-dark-390', test.info());
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('Endpoints API tester', () => {
  test('a preset sent with a real API key shows the JSON answer', async ({ page }) => {
    const admin = await adminApi();
    const { key } = await createApiKey(admin, uniqueName('E2E tester', test.info()));
    await admin.dispose();

    await openEndpoints(page);
    const response = await sendDobValidation(page, key);
    await expect(response.getByText(/^\d+ ms$/)).toBeVisible();
    const body = response.getByLabel('Response body');
    await expect(body).toContainText('"valid": true');
    await expect(body).toContainText('"isoDate": "1985-07-14"');
    await expect(
      page.locator('[data-sonner-toast]').filter({
        hasText: 'For full API access, please provide a valid API key',
      }),
    ).toHaveCount(1);
    await saveScreenshot(page, 'endpoints-tester-response', test.info());
  });

  test(
    'a write preset sent twice is answered once: the second answer is a replay',
    {
      tag: BOOKS,
    },
    async ({ page }) => {
      await followTestClock(page);
      const admin = await adminApi();
      const { key } = await createApiKey(admin, uniqueName('E2E idempotency', test.info()));
      await admin.dispose();

      await openEndpoints(page);
      await page.getByRole('tab', { name: 'API Tester' }).click();
      await chooseOption(page, 'Category', 'Custom Aggregation');
      await page.getByRole('button', { name: /Create Patient with Appointment/ }).click();
      await expect(page.getByLabel('Header 1 name')).toHaveValue('Idempotency-Key');
      await expect(page.getByLabel('Header 1 value')).toHaveValue(/^[0-9a-f-]{36}$/);
      await page.getByLabel('API Key').fill(key);
      const response = page.getByRole('region', { name: 'Response' });
      await page.getByRole('button', { name: 'Send Request' }).click();
      await expect(response.getByLabel('Response body')).not.toBeEmpty();
      const first = await response.getByLabel('Response body').textContent();

      await page.getByRole('button', { name: 'Send Request' }).click();
      await response.getByText(/^Response headers/).click();
      const headers = response.getByLabel('Response headers');
      await expect(headers).toContainText('idempotent-replayed');
      await expect(response.getByLabel('Response body')).toHaveText(first ?? '');
      await saveScreenshot(page, 'endpoints-tester-idempotent-replay', test.info());

      // Chosen again, the preset brings a new key: a new booking, not the replay.
      const usedKey = await page.getByLabel('Header 1 value').inputValue();
      await page.getByRole('button', { name: /Create Patient with Appointment/ }).click();
      await expect(page.getByLabel('Header 1 value')).not.toHaveValue(usedKey);

      // The header rows fit a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByLabel('Header 1 name').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await saveScreenshot(page, 'endpoints-tester-headers-390', test.info(), { fullPage: false });
    },
  );

  for (const [theme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    test(`Ctrl+Enter sends; the answer shows size and Server-Timing; the history survives a reload and replays (${theme}, ${width} px)`, async ({
      page,
    }) => {
      const admin = await adminApi();
      const { key } = await createApiKey(admin, uniqueName('E2E history', test.info()));
      await admin.dispose();
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);

      await openEndpoints(page);
      await page.getByRole('tab', { name: 'API Tester' }).click();
      await chooseOption(page, 'Category', 'Utility');
      await page.getByRole('button', { name: /DOB Validation/ }).click();
      await page.getByLabel('API Key').fill(key);
      await page.getByLabel('URL', { exact: true }).press('Control+Enter');
      const response = page.getByRole('region', { name: 'Response' });
      await expect(response.getByText('200 OK')).toBeVisible();
      await expect(response.getByText(/^\d+ B$/)).toBeVisible();
      await expect(
        response.getByRole('img', { name: /in the gateway, no upstream call/ }),
      ).toBeVisible();

      const history = page.getByRole('list', { name: 'Sent requests' });
      const entry = history
        .getByRole('listitem')
        .filter({ hasText: '/utility/validate-dob' })
        .first();
      await expect(entry).toContainText('200 OK');
      await entry.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await saveScreenshot(page, `endpoints-tester-history-${theme}-${width}`, test.info());

      await page.reload();
      await waitForScreenReady(page, 'Endpoints');
      await chooseOption(page, 'Category', 'Standard');
      await page.getByRole('button', { name: /Get Providers/ }).click();
      await entry.getByRole('button', { name: /into the tester/ }).click();
      await expect(page.getByLabel('URL', { exact: true })).toHaveValue(
        /\/utility\/validate-dob\?dob=[\d-]+$/,
      );
      await expect(page.getByLabel('Parameter 1 key')).toHaveValue('dob');
    });
  }

  test('an empty URL is refused and a missing key still sends', async ({ page }) => {
    await openEndpoints(page);
    await page.getByRole('tab', { name: 'API Tester' }).click();
    await page.getByLabel('URL', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page, 'Error')).toContainText('Please enter a URL');
    await expect(page.getByRole('region', { name: 'Response' })).toHaveCount(0);

    await chooseOption(page, 'Category', 'Utility');
    await page.getByRole('button', { name: /CORS Check/ }).click();
    await page.getByRole('button', { name: 'Send Request' }).click();
    const response = page.getByRole('region', { name: 'Response' });
    await expect(response.getByText('401 Client Error')).toBeVisible();
    await expect(response.getByLabel('Response body')).toContainText('Missing API key');

    // The missing-key warning is read first: the info toast waits until it is closed.
    const warning = toast(page, 'Warning');
    await expect(warning).toContainText('No API key provided');
    await expect(toast(page, 'Info')).toHaveCount(0);
    await warning.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast(page, 'Info')).toContainText('For full API access');
  });
});

for (const theme of ['light', 'dark'] as ThemeName[]) {
  test(`endpoints tabs with open examples and a response pass axe (${theme})`, async ({ page }) => {
    const admin = await adminApi();
    const { key } = await createApiKey(admin, uniqueName(`E2E axe ${theme}`, test.info()));
    await admin.dispose();

    await useTheme(page, theme);
    await openEndpoints(page);
    const patients = page.getByRole('region', { name: PATIENTS_TITLE });
    await patients.getByRole('button', { name: 'Example Request' }).click();
    await patients.getByRole('button', { name: 'Example Response' }).click();
    await expect(patients.getByLabel('Example response', { exact: true })).toBeVisible();
    // The card with its examples open, on its own: the whole Documentation tab is scanned by
    // accessibility.spec.ts, and a scan of every card at once outlasts a loaded machine's minute.
    const cardId = await patients.getAttribute('id');
    await expectNoSeriousViolations(page, `documentation card with examples (${theme})`, {
      include: [`[id="${cardId}"]`],
    });

    await sendDobValidation(page, key);
    await chooseOption(page, 'Category', 'Utility');
    await page.getByRole('button', { name: /Test Endpoint/ }).click();
    await expect(page.locator('.cm-editor')).toBeVisible();
    await saveScreenshot(page, `endpoints-tester-editor-${theme}`, test.info());
    await expectNoSeriousViolations(page, `API tester (${theme})`);
  });
}

test.describe('first hour without athena', () => {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    test(`the Dashboard's Athena card leads to how to connect it (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto('/');
      await waitForScreenReady(page, 'Dashboard');
      const athena = page.locator('#athena');
      await expect(athena).toContainText('Not configured on this gateway');
      await athena.getByRole('link', { name: 'How to connect athena' }).click();

      await expect(page).toHaveURL(/\/endpoints\?docs=athena#athena-setup$/);
      const setup = page.locator('#athena-setup');
      await expect(setup).toContainText('Athena is not configured on this gateway');
      await expect(setup).toBeInViewport();
      await saveScreenshot(page, `endpoints-athena-setup-${theme}`, test.info(), {
        fullPage: false,
      });

      // The tester's first request asks the Mock EHR, so Send answers instead of a 503.
      await page.getByRole('tab', { name: 'API Tester' }).click();
      await expect(page).toHaveURL(/tab=tester/);
      await expect(page.getByLabel('Parameter 1 key', { exact: true })).toHaveValue('source');
    });
  }

  test('the Athena setup note fits a 390 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/endpoints?docs=athena#athena-setup');
    await expect(page.locator('#athena-setup')).toBeInViewport();
    await saveScreenshot(page, 'endpoints-athena-setup-390', test.info(), { fullPage: false });
  });
});

test.describe('API tester state', () => {
  test('the request outlives a switch to the docs, Back and a reload', async ({ page }) => {
    await openEndpoints(page);
    await page.getByRole('tab', { name: 'API Tester' }).click();
    await expect(page).toHaveURL(/\/endpoints\?tab=tester$/);
    await chooseOption(page, 'Category', 'Utility');
    await page.getByRole('button', { name: /DOB Validation/ }).click();
    await page.getByLabel('Parameter 1 value').fill('1970-12-31');
    await page.getByLabel('API Key').fill('ehrgw_not-remembered');

    await page.getByRole('tab', { name: 'Documentation' }).click();
    await expect(page).toHaveURL(/\/endpoints\?tab=docs$/);
    await page.getByRole('tab', { name: 'API Tester' }).click();
    await expect(page.getByLabel('URL', { exact: true })).toHaveValue(
      /\/utility\/validate-dob\?dob=[\d-]+$/,
    );
    await expect(page.getByLabel('Parameter 1 value')).toHaveValue('1970-12-31');

    await page.goBack();
    await expect(page).toHaveURL(/\/endpoints\?tab=docs$/);
    await expect(page.getByRole('tab', { name: 'Documentation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.goForward();
    await expect(page).toHaveURL(/\/endpoints\?tab=tester$/);

    await page.reload();
    await waitForScreenReady(page, 'Endpoints');
    await expect(page.getByRole('tab', { name: 'API Tester' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Parameter 1 value')).toHaveValue('1970-12-31');
    // The key is kept only when "Remember for this tab" is ticked.
    await expect(page.getByLabel('API Key')).toHaveValue('');
  });
});
