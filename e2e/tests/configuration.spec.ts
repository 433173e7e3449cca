import { expect, test, type Page } from '@playwright/test';

import { saveScreenshot, toast, waitForScreenReady } from '../support/ui';

// The gateway configuration is global: these tests run one after another in one worker and
// leave it as they found it.
test.describe.configure({ mode: 'serial' });

function settingsCard(page: Page) {
  return page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'API Gateway Settings' }) });
}

async function openConfiguration(page: Page) {
  await page.goto('/configuration');
  await waitForScreenReady(page, 'Gateway Configuration');
  const card = settingsCard(page);
  await expect(card).toBeVisible();
  return {
    card,
    apiRoot: card.getByLabel(/api root/i),
    practiceId: card.getByLabel(/practice id/i),
    caching: card.getByRole('switch', { name: /caching/i }),
    save: card.getByRole('button', { name: 'Save Changes' }),
    reset: card.getByRole('button', { name: 'Reset' }),
  };
}

test.describe('configuration', () => {
  test('the screen shows both cards the spec lists', async ({ page }) => {
    const { apiRoot, practiceId, caching, card } = await openConfiguration(page);
    await expect(apiRoot).toHaveValue('/api');
    await expect(practiceId).toHaveValue(/^\d+$/);
    await expect(caching).toBeVisible();
    await expect(card.getByLabel(/log level/i)).toBeVisible();

    const ehr = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'EHR Integration Settings' }) });
    await expect(ehr).toBeVisible();
    await expect(ehr.getByRole('switch')).toBeChecked();
    await expect(ehr.getByRole('switch')).toBeDisabled();
    await expect(ehr.getByRole('textbox').first()).toBeDisabled();
    await expect(ehr).toContainText(/development/i);
  });

  test('save: Save Changes stores the change, a reload shows it; Reset restores the form', async ({
    page,
  }) => {
    let form = await openConfiguration(page);
    const original = {
      practiceId: await form.practiceId.inputValue(),
      caching: await form.caching.isChecked(),
    };
    const changed = original.practiceId === '424242' ? '434343' : '424242';

    await form.practiceId.fill(changed);
    await form.caching.click();
    await form.save.click();
    await expect(toast(page, 'Configuration Updated')).toBeVisible();
    await expect(form.practiceId).toHaveValue(changed);

    await page.reload();
    form = await openConfiguration(page);
    await expect(form.practiceId).toHaveValue(changed);
    await expect(form.caching).toBeChecked({ checked: !original.caching });

    // Reset throws away unsaved edits and brings back what is stored.
    await form.practiceId.fill('999999');
    await form.apiRoot.fill('/something-else');
    await form.caching.click();
    await form.reset.click();
    await expect(form.practiceId).toHaveValue(changed);
    await expect(form.apiRoot).toHaveValue('/api');
    await expect(form.caching).toBeChecked({ checked: !original.caching });

    // Put it back as it was.
    await form.practiceId.fill(original.practiceId);
    await form.caching.click();
    await form.save.click();
    await expect(toast(page, 'Configuration Updated')).toBeVisible();
    await page.reload();
    form = await openConfiguration(page);
    await expect(form.practiceId).toHaveValue(original.practiceId);
    await expect(form.caching).toBeChecked({ checked: original.caching });
  });

  test('validation: the server refuses bad values and the message shows at the field', async ({
    page,
  }) => {
    const form = await openConfiguration(page);
    const stored = await form.practiceId.inputValue();

    await form.practiceId.fill('abc');
    await form.save.click();
    await expect(toast(page, 'Error')).toContainText(
      'Failed to update configuration. Please try again.',
    );
    await expect(form.practiceId).toHaveAttribute('aria-invalid', 'true');
    await expect(form.practiceId).toHaveAccessibleDescription(/digits/i);
    const practiceError = form.card.getByText(/practiceId must be 1 to 20 digits/i);
    await expect(practiceError).toBeVisible();
    await saveScreenshot(page, 'configuration-validation-error', test.info());

    // The message sits at its field: just below the input, not elsewhere on the page.
    const inputBox = await form.practiceId.boundingBox();
    const errorBox = await practiceError.boundingBox();
    expect(inputBox && errorBox).toBeTruthy();
    if (inputBox && errorBox) {
      expect(errorBox.y).toBeGreaterThanOrEqual(inputBox.y);
      expect(errorBox.y - (inputBox.y + inputBox.height)).toBeLessThan(80);
    }

    // Typing a fix clears the message; a bad apiRoot gets its own.
    await form.practiceId.fill(stored);
    await expect(practiceError).toHaveCount(0);
    await form.apiRoot.fill('nope');
    await form.save.click();
    await expect(form.apiRoot).toHaveAttribute('aria-invalid', 'true');
    await expect(form.apiRoot).toHaveAccessibleDescription(/apiRoot must start with \//);
    await expect(form.card.getByText('apiRoot must start with /')).toBeVisible();
    await expect(form.practiceId).not.toHaveAttribute('aria-invalid', 'true');

    // Nothing was stored.
    await page.reload();
    const after = await openConfiguration(page);
    await expect(after.apiRoot).toHaveValue('/api');
    await expect(after.practiceId).toHaveValue(stored);
  });
});
