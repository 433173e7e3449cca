import { defineConfig, devices } from '@playwright/test';

import { HEADLESS_CHROMIUM_ARGS, resolveChromium } from './support/chromium';
import { AUTH_STATE_FILE, BASE_URL_ENV, RESULTS_DIR } from './support/constants';

/**
 * Browser tests of the console and gateway, in the system's Chromium, against the production
 * build started by global-setup.ts (a fresh data directory every run).
 *
 * The config is loaded first by the runner and again by each worker; global-setup sets
 * E2E_BASE_URL and CHROMIUM_PATH in between, so the workers see both.
 */
const executablePath = resolveChromium();

const browserUse = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  colorScheme: 'light' as const,
  locale: 'en-US',
  timezoneId: 'UTC',
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [...HEADLESS_CHROMIUM_ARGS],
  },
};

export default defineConfig({
  testDir: './tests',
  outputDir: RESULTS_DIR,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${RESULTS_DIR}/results.json` }]],
  use: {
    baseURL: process.env[BASE_URL_ENV],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'unit',
      testDir: './support',
      testMatch: /.*\.test\.ts$/,
    },
    {
      name: 'setup',
      testMatch: /.*\.setup\.ts$/,
      use: browserUse,
    },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts$/,
      dependencies: ['setup'],
      use: { ...browserUse, storageState: AUTH_STATE_FILE },
    },
  ],
});
