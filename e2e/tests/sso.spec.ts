import { randomBytes } from 'node:crypto';

import { adminPath, type SessionResponse } from '@ehr-gateway/contracts';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { ADMIN_DISPLAY_NAME } from '../support/constants';
import { startDevIdp, type RunningDevIdp } from '../support/dev-idp';
import { freePort, startGateway, type RunningGateway } from '../support/gateway';
import { saveScreenshot, signInThroughForm, useTheme, type ThemeName } from '../support/ui';

/**
 * Single sign-on through the real development IdP (apps/dev-idp, its login page and users in
 * groups) and the second step of a local account, in Chromium. This spec starts its own IdP and a
 * gateway configured for it; the suite's gateway has no single sign-on.
 */
const DEV_IDP_PASSWORD = 'demo-password';
const DISPLAY_NAME = 'Demo IdP';

let idp: RunningDevIdp;
let gateway: RunningGateway;

test.beforeAll(async () => {
  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;
  idp = await startDevIdp(gatewayUrl);
  try {
    gateway = await startGateway({
      port,
      logName: 'gateway-sso.log',
      env: {
        PUBLIC_BASE_URL: gatewayUrl,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_DISPLAY_NAME: DISPLAY_NAME,
        OIDC_ROLE_MAP: 'gw-admins=admin,gw-devs=developer,gw-audit=auditor',
        OIDC_PHI_GROUPS: 'gw-phi',
        MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
    });
  } catch (error) {
    await idp.stop();
    throw error;
  }
});

test.afterAll(async () => {
  await gateway?.stop();
  await idp?.stop();
});

// Signed out, against this spec's gateway.
test.use({ storageState: { cookies: [], origins: [] } });

const at = (path: string) => `${gateway.baseURL}${path}`;

/** Screenshots for the issue: light, dark, and a 390 px wide phone. */
async function shoot(page: Page, name: string, testInfo: TestInfo, variant: ThemeName | '390px') {
  await saveScreenshot(page, `sso-${name}-${variant}`, testInfo);
}

async function signInWithIdp(page: Page, username: string) {
  await page.goto(at('/'));
  await page.getByRole('link', { name: `Sign in with ${DISPLAY_NAME}` }).click();
  await expect(page.getByRole('heading', { name: DISPLAY_NAME })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEV_IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function sessionRole(page: Page) {
  const response = await page.request.get(at(adminPath('session')));
  expect(response.status()).toBe(200);
  return ((await response.json()) as SessionResponse).user;
}

for (const theme of ['light', 'dark'] as const) {
  test(`SSO: a developer signs in through the IdP's login page to the Dashboard (${theme})`, async ({
    page,
  }, testInfo) => {
    await useTheme(page, theme);
    await page.goto(at('/'));
    await expect(page.getByRole('link', { name: `Sign in with ${DISPLAY_NAME}` })).toBeVisible();
    await shoot(page, 'sign-in', testInfo, theme);

    await signInWithIdp(page, 'devon');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Devon Developer');
    const user = await sessionRole(page);
    expect(user).toMatchObject({ role: 'developer', phiAccess: false });

    // Sign-out returns to the sign-in screen.
    await page.getByRole('button', { name: 'Devon Developer' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: `Sign in with ${DISPLAY_NAME}` })).toBeVisible();
  });

  test(`SSO: a user in no mapped group sees the refusal page (${theme})`, async ({
    page,
  }, testInfo) => {
    await useTheme(page, theme);
    await signInWithIdp(page, 'noah');
    await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('none of the groups');
    expect((await page.request.get(at(adminPath('session')))).status()).toBe(401);
    await shoot(page, 'refused', testInfo, theme);
  });
}

test('SSO at 390 px: an admin from gw-admins lands on the Dashboard with PHI access', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at('/'));
  await expect(page.getByRole('link', { name: `Sign in with ${DISPLAY_NAME}` })).toBeVisible();
  await shoot(page, 'sign-in', testInfo, '390px');
  await signInWithIdp(page, 'alice');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await sessionRole(page)).toMatchObject({ role: 'admin', phiAccess: true });
});

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

test('TOTP: a local admin enrols two-step sign-in, then signs in with a code', async ({
  page,
}, testInfo) => {
  await page.goto(at('/'));
  await signInThroughForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: ADMIN_DISPLAY_NAME }).click();
  await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  const card = page.locator('#two-step-sign-in');
  await card.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await card.getByLabel('Or type this key into the app').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await shoot(page, 'enrol-qr', testInfo, 'light');

  await card.getByLabel('2. Enter the code the app shows').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
  const codes = page.getByRole('dialog', { name: 'Save Your Recovery Codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await shoot(page, 'recovery-codes', testInfo, 'light');
  await codes.getByRole('button', { name: 'I have saved it' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: ADMIN_DISPLAY_NAME }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInThroughForm(page);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeVisible();
  await shoot(page, 'code-step', testInfo, 'light');

  // The enrolment's code is spent: the next step's (within the accepted window) signs in.
  await code.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Signing in continues where the browser was: My Account.
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  expect(await sessionRole(page)).toMatchObject({ role: 'admin', secondFactor: true });
});
