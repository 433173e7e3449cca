import { expect, test } from '@playwright/test';

import { ADMIN_DISPLAY_NAME } from '../support/constants';
import { waitForScreenReady } from '../support/ui';

const SCREENS = [
  { path: '/', heading: 'Dashboard', nav: 'Dashboard' },
  { path: '/endpoints', heading: 'Endpoints', nav: 'Endpoints' },
  { path: '/logs', heading: 'Request Logs', nav: 'Logs' },
  { path: '/api-keys', heading: 'API Key Management', nav: 'API Keys' },
  { path: '/configuration', heading: 'Gateway Configuration', nav: 'Configuration' },
] as const;

test.describe('every route renders its spec heading', () => {
  for (const screen of SCREENS) {
    test(`${screen.path} shows '${screen.heading}' and is highlighted in the sidebar`, async ({
      page,
    }) => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      await expect(sidebar.getByRole('link', { name: screen.nav, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // Exactly one item is current.
      await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }

  test("/endpoints has the tabs 'Documentation' (default) and 'API Tester'", async ({ page }) => {
    await page.goto('/endpoints');
    await expect(page.getByRole('heading', { level: 1, name: 'Endpoints' })).toBeVisible();
    const documentation = page.getByRole('tab', { name: 'Documentation' });
    const tester = page.getByRole('tab', { name: 'API Tester' });
    await expect(documentation).toHaveAttribute('aria-selected', 'true');
    await expect(tester).toHaveAttribute('aria-selected', 'false');
    await tester.click();
    await expect(tester).toHaveAttribute('aria-selected', 'true');
    await expect(documentation).toHaveAttribute('aria-selected', 'false');
  });

  test('the sidebar navigates between the screens', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const screen of [...SCREENS.slice(1), SCREENS[0]]) {
      await sidebar.getByRole('link', { name: screen.nav, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path === '/' ? '/' : screen.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    }
  });
});

test.describe('shell', () => {
  test('header: title, environment badge, search, theme toggle, notifications bell, user label', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('EHR API Gateway', { exact: true })).toBeVisible();
    await expect(header.getByText('prod', { exact: true })).toBeVisible();
    await expect(header.getByRole('searchbox')).toBeVisible();
    await expect(header.getByRole('button', { name: /theme/i })).toBeVisible();
    // The bell counts real alerts (see alerts.spec.ts): its label always says how many are unread.
    const bell = header.getByRole('button', { name: /^Notifications: (none|\d+) unread$/ });
    await expect(bell).toBeVisible();
    await expect(header).toContainText(ADMIN_DISPLAY_NAME);
  });

  test('sidebar: the spec groups and items', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const group of ['GATEWAY', 'EHR INTEGRATIONS', 'SETTINGS']) {
      await expect(sidebar.getByText(group, { exact: true })).toBeVisible();
    }
    const items: [string, RegExp][] = [
      ['Dashboard', /\/$/],
      ['Endpoints', /\/endpoints$/],
      ['Logs', /\/logs$/],
      ['Metrics', /\/metrics$/],
      ['Athena EHR', /#athena$/],
      ['FHIR EHR', /#fhir-ehr$/],
      ['Mock EHR', /#mock-ehr$/],
      ['API Keys', /\/api-keys$/],
      ['Configuration', /\/configuration$/],
      ['Webhooks', /\/webhook-endpoints$/],
    ];
    for (const [name, href] of items) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test("the sidebar's EHR links jump to the Dashboard's cards", async ({ page }) => {
    await page.goto('/configuration');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Mock EHR' })
      .click();
    await expect(page).toHaveURL(/\/#mock-ehr$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#mock-ehr')).toBeInViewport();
  });

  test('the Dashboard shows the spec panels', async ({ page }) => {
    await page.goto('/');
    await waitForScreenReady(page, 'Dashboard');
    const main = page.getByRole('main');
    for (const title of [
      'API Status',
      'Athena EHR',
      'FHIR EHR',
      'Mock EHR',
      'Recent API Requests',
      'API Key Management',
      'Gateway Configuration',
    ]) {
      await expect(main.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(main.getByText('Operational', { exact: true })).toBeVisible();
    await expect(
      main.getByText(/^\d+(\.\d+)?% uptime (since .+|in the last 30 days)$/),
    ).toBeVisible();
    await expect(main.getByText('Testing Mode', { exact: true })).toBeVisible();
    await expect(main.getByText('Environment: Development')).toBeVisible();

    await main.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(/\/logs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Request Logs' })).toBeVisible();
  });
});
