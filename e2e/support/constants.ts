import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e workspace folder (e2e/). */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root. */
export const REPO_ROOT = path.resolve(E2E_DIR, '..');

export const GATEWAY_SERVER = path.join(REPO_ROOT, 'apps/gateway/dist/server.js');
export const CONSOLE_DIST = path.join(REPO_ROOT, 'apps/console/dist');
export const CONSOLE_INDEX = path.join(CONSOLE_DIST, 'index.html');

export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');
export const RESULTS_DIR = path.join(E2E_DIR, 'test-results');
/** The signed-in admin's cookies, written by the setup project. */
export const AUTH_STATE_FILE = path.join(RESULTS_DIR, '.auth', 'admin.json');

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-initial-passphrase';
/** The initial admin's display name, shown in the header. */
export const ADMIN_DISPLAY_NAME = 'Admin User';

/** Set by global-setup once the gateway answers; read by the config in the worker processes. */
export const BASE_URL_ENV = 'E2E_BASE_URL';

export function baseUrl(): string {
  const value = process.env[BASE_URL_ENV];
  if (!value) {
    throw new Error(`${BASE_URL_ENV} is not set: the gateway is started by e2e/global-setup.ts`);
  }
  return value;
}
