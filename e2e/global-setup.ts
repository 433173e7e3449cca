import type { FullConfig } from '@playwright/test';

import { ensureChromium } from './support/chromium';
import { BASE_URL_ENV } from './support/constants';
import { assertBuilt, startGateway } from './support/gateway';

/**
 * Before any test: the build must exist, Chromium must be found (or installed), and the built
 * gateway is started on a fresh data directory. Returns the teardown that stops it.
 */
export default async function globalSetup(_config: FullConfig) {
  assertBuilt();
  // Workers read CHROMIUM_PATH when they load the config, so a just-installed browser is used.
  process.env.CHROMIUM_PATH = ensureChromium();
  console.log(`Chromium: ${process.env.CHROMIUM_PATH}`);

  const gateway = await startGateway();
  process.env[BASE_URL_ENV] = gateway.baseURL;
  console.log(
    `Gateway: ${gateway.baseURL} (data in ${gateway.workDir}, log in ${gateway.logFile})`,
  );

  return async () => {
    await gateway.stop();
  };
}
