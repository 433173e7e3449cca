import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { AuthGate } from './auth-gate';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/EHR%20API%20Gateway:dana?secret=JBSWY3DPEHPK3PXP',
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}-abcd`);

describe('Two-step sign-in enrolment', () => {
  it('gates the console under LOCAL_MFA=required until the recovery codes are saved', async () => {
    let enrolled = false;
    const bodies: unknown[] = [];
    const fetchMock = mockFetch({
      'GET /admin/session': () => ({
        body: {
          user: {
            ...sessionUser('developer'),
            secondFactor: enrolled,
            mustEnrolSecondFactor: !enrolled,
          },
        },
      }),
      'POST /admin/session/second-factor': { body: ENROLMENT },
      'POST /admin/session/second-factor/confirm': ({ init }) => {
        bodies.push(JSON.parse(String(init.body)));
        enrolled = true;
        return { body: { recoveryCodes: CODES } };
      },
    });
    renderWithProviders(<AuthGate>{() => <p>The console</p>}</AuthGate>);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The console')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Step Sign-In' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toContain(encodeURIComponent('<svg'));
    expect(screen.getByLabelText('Or type this key into the app')).toHaveValue(ENROLMENT.secret);

    const code = screen.getByLabelText('2. Enter the code the app shows');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('6-digit code');
    expect(bodies).toHaveLength(0);

    await user.type(code, '3 456');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Your Recovery Codes' });
    expect(bodies).toEqual([{ code: '123456' }]);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // The session is not refreshed before the codes are saved: the gate stays.
    expect(screen.queryByText('The console')).toBeNull();
    const sessionCalls = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/admin/session') && init?.method === 'GET',
      ).length;
    expect(sessionCalls()).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('shows why the gateway refused to start an enrolment', async () => {
    mockFetch({
      'GET /admin/session': {
        body: { user: { ...sessionUser('developer'), mustEnrolSecondFactor: true } },
      },
      'POST /admin/session/second-factor': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'MFA_NOT_CONFIGURED',
          message: 'Two-step sign-in is not configured on this gateway (MFA_ENCRYPTION_KEY)',
        },
      },
    });
    renderWithProviders(<AuthGate>{() => <p>The console</p>}</AuthGate>);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set Up Two-Step Sign-In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('MFA_ENCRYPTION_KEY');
  });
});
