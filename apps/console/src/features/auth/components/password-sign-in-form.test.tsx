import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { SECOND_FACTOR_ERRORS } from '@ehr-gateway/contracts';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { PasswordSignInForm } from './password-sign-in-form';

const refusal = (code: string, message: string) => ({
  status: 401,
  body: { statusCode: 401, error: 'Unauthorized', code, message },
});

describe('PasswordSignInForm', () => {
  it('asks for the code after the right password, then sends it with the password', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockFetch({
      'POST /admin/session': ({ init }) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        if (body.code === undefined) {
          return refusal(SECOND_FACTOR_ERRORS.required, 'Enter the code');
        }
        if (body.code === '111111') {
          return refusal(SECOND_FACTOR_ERRORS.invalid, 'That code is wrong');
        }
        return { body: { user: sessionUser('admin') } };
      },
    });
    renderWithProviders(<PasswordSignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'dana');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Code');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/recovery codes/)).toBeInTheDocument();

    await user.type(code, '111 111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is wrong or was already used',
    );

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[1]).toEqual({ username: 'dana', password: 'a long passphrase', code: '111111' });
    expect(bodies[2]).toEqual({ username: 'dana', password: 'a long passphrase', code: '654321' });
  });

  it('goes back to the password with Back, forgetting it', async () => {
    mockFetch({ 'POST /admin/session': refusal(SECOND_FACTOR_ERRORS.required, 'Enter the code') });
    renderWithProviders(<PasswordSignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'dana');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Username')).toHaveValue('dana');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('still says a wrong password is wrong', async () => {
    mockFetch({
      'POST /admin/session': refusal('INVALID_CREDENTIALS', 'Invalid username or password'),
    });
    renderWithProviders(<PasswordSignInForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'dana');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});
