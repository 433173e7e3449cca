import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

import { ADMIN_PASSWORD, ADMIN_USERNAME, SCREENSHOTS_DIR } from './constants';

export type ThemeName = 'light' | 'dark';

/**
 * How long a screen may take to show its heading after a navigation: as long as the navigation
 * itself may take (playwright.config's navigationTimeout). The heading waits for the console's
 * shell and the route's own chunk; on a loaded 2-core CI machine that took over 10 s twice.
 */
const SCREEN_HEADING_TIMEOUT_MS = 20_000;

/** Waits until the screen has its heading and nothing is loading (no skeleton, no busy region). */
export async function waitForScreenReady(page: Page, heading?: string | RegExp): Promise<void> {
  await expect(
    heading === undefined
      ? page.getByRole('heading', { level: 1 }).first()
      : page.getByRole('heading', { level: 1, name: heading }),
  ).toBeVisible({ timeout: SCREEN_HEADING_TIMEOUT_MS });
  await expect(
    page.locator('[data-slot="skeleton"], [aria-busy="true"], [role="progressbar"]'),
  ).toHaveCount(0);
}

/**
 * Saves a full-page screenshot to e2e/artifacts/screenshots/<name>.png (the suite's screenshots
 * of each screen) and attaches it to the test's report.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  testInfo?: TestInfo,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  await testInfo?.attach(name, { path: file, contentType: 'image/png' });
  return file;
}

/** A toast (sonner) with the given title; only one is shown at a time. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({
    has: page.locator('[data-title]').getByText(title, { exact: typeof title === 'string' }),
  });
}

/** Makes every page of this test start in the given theme, as if the user had chosen it. */
export async function useTheme(page: Page, theme: ThemeName): Promise<void> {
  await page.addInitScript((value) => {
    window.localStorage.setItem('theme', value);
  }, theme);
}

export async function signInThroughForm(
  page: Page,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks an option of a labelled select (native or a listbox popup). */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const control = page.getByLabel(label, { exact: true });
  const tag = await control.evaluate((element) => element.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(control).toContainText(option);
}

/** A unique, readable name for things a test creates, so parallel tests never collide. */
export function uniqueName(prefix: string, testInfo: TestInfo): string {
  return `${prefix} ${testInfo.workerIndex}-${Date.now().toString(36)}`;
}
