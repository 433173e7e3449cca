import type { Page } from '@playwright/test';

/**
 * Tests that book appointments carry this tag: `npm run test:clock` runs them with every clock
 * moved to awkward moments (a Friday evening, a Sunday, the eves of the daylight-saving changes).
 */
export const BOOKS = '@books';

/** Set by `npm run test:clock` (scripts/test-clock.mjs) for every process of the run. */
const TEST_NOW = 'TEST_NOW';

/**
 * Moves the page's clock to the shifted run's moment, so the browser, the gateway and the
 * sandbox agree on what "today" and "next week" mean. The runner's own clock is shifted by the
 * same `--import` shim as the servers (scripts/shifted-clock.mjs), so its `Date.now()` is the
 * moment, ticking; the page's clock then ticks on from there. Does nothing on the real clock.
 */
export async function followTestClock(page: Page): Promise<void> {
  if (process.env[TEST_NOW]) {
    await page.clock.install({ time: Date.now() });
  }
}
