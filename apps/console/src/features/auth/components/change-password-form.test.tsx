import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { ChangePasswordForm } from './change-password-form';

async function fill(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordForm', () => {
  it.each([
    ['short', 'short', 'New password', 'Must be at least 12 characters'],
    ['with the username', 'my name is dana!', 'New password', 'Must not contain your username'],
    ['unconfirmed', 'a long passphrase', 'Confirm new password', 'Does not match the new password'],
  ])('refuses a %s password before asking the gateway', async (_, next, field, message) => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ChangePasswordForm username="dana" />);
    await fill(
      'old password here',
      next,
      field === 'Confirm new password' ? 'something else' : next,
    );
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the change and shows the gateway’s answer next to the field', async () => {
    mockFetch({
      'POST /admin/session/password': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'currentPassword is not your current password',
          details: [{ field: 'currentPassword', message: 'is not your current password' }],
        },
      },
    });
    renderWithProviders(<ChangePasswordForm username="dana" />);
    await fill('wrong password', 'a long passphrase');
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Is not your current password',
      ),
    );
  });

  it('clears the form when the password changed', async () => {
    const fetchMock = mockFetch({
      'POST /admin/session/password': { body: { user: sessionUser('developer') } },
    });
    renderWithProviders(<ChangePasswordForm username="dana" />);
    await fill('old password here', 'a long passphrase');
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      currentPassword: 'old password here',
      newPassword: 'a long passphrase',
    });
  });
});
