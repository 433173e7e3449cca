import type { UserSummary } from '@ehr-gateway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { CreateUserDialog } from './create-user-dialog';
import { UsersCard } from './users-card';

const ADMIN: UserSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'admin',
  displayName: 'Admin User',
  role: 'admin',
  phiAccess: true,
  active: true,
  mustChangePassword: false,
  secondFactor: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastSignInAt: '2026-11-20T10:00:00.000Z',
};
const DEV: UserSummary = {
  ...ADMIN,
  id: '22222222-2222-4222-8222-222222222222',
  username: 'dana',
  displayName: 'Dana Developer',
  role: 'developer',
  phiAccess: false,
  mustChangePassword: true,
  lastSignInAt: null,
};

describe('UsersCard', () => {
  it('lists users with role, PHI and status badges', async () => {
    mockFetch({ 'GET /admin/users': { body: { users: [ADMIN, DEV] } } });
    renderWithProviders(<UsersCard />, { user: { ...sessionUser('admin', true), id: ADMIN.id } });

    const admin = (await screen.findByText('Admin User')).closest('li')!;
    expect(within(admin).getByText('Admin')).toBeInTheDocument();
    expect(within(admin).getByText('PHI access')).toBeInTheDocument();
    expect(within(admin).getByText('You')).toBeInTheDocument();
    const dev = screen.getByText('Dana Developer').closest('li')!;
    expect(within(dev).getByText('Developer')).toBeInTheDocument();
    expect(within(dev).queryByText('PHI access')).toBeNull();
    expect(within(dev).getByText('Awaiting first sign-in')).toBeInTheDocument();
    expect(within(dev).getByText('Never signed in')).toBeInTheDocument();
    expect(within(dev).getByRole('button', { name: 'Deactivate Dana Developer' })).toBeEnabled();
  });

  it('shows an auditor the list without any way to change it', async () => {
    mockFetch({ 'GET /admin/users': { body: { users: [ADMIN, DEV] } } });
    renderWithProviders(<UsersCard />, { user: sessionUser('auditor') });
    await screen.findByText('Dana Developer');
    expect(screen.queryByRole('button', { name: /Edit|Deactivate|Reset password/ })).toBeNull();
  });

  it('asks before deactivating, then sends active: false', async () => {
    const fetchMock = mockFetch({
      'GET /admin/users': { body: { users: [ADMIN, DEV] } },
      [`PATCH /admin/users/${DEV.id}`]: { body: { ...DEV, active: false } },
    });
    renderWithProviders(<UsersCard />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Dana Developer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate User' });
    expect(within(confirm).getByText(/signed out everywhere at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body).toBe(
        JSON.stringify({ active: false }),
      ),
    );
    expect(await screen.findByText('User Deactivated')).toBeInTheDocument();
  });

  it('shows why the gateway refused a change to the last admin', async () => {
    mockFetch({
      'GET /admin/users': { body: { users: [ADMIN] } },
      [`PATCH /admin/users/${ADMIN.id}`]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'LAST_ADMIN',
          message: 'This is the last active administrator: make another user an active admin first',
        },
      },
    });
    renderWithProviders(<UsersCard />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Admin User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(
        'This is the last active administrator: make another user an active admin first',
      ),
    ).toBeInTheDocument();
  });
});

describe('CreateUserDialog', () => {
  it('creates a user and shows the one-time password once', async () => {
    const fetchMock = mockFetch({
      'GET /admin/users': { body: { users: [ADMIN] } },
      'POST /admin/users': {
        status: 201,
        body: {
          user: { ...DEV, username: 'erin', displayName: 'Erin' },
          oneTimePassword: 'otp-value-1234567890',
        },
      },
    });
    renderWithProviders(<CreateUserDialog />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    const create = within(dialog).getByRole('button', { name: 'Create User' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Username'), 'erin');
    await user.type(within(dialog).getByLabelText('Display name'), 'Erin');
    await user.click(within(dialog).getByRole('switch', { name: 'PHI access' }));
    await user.click(create);

    const done = await screen.findByRole('dialog', { name: 'User Created' });
    expect(within(done).getByLabelText('One-time password for erin')).toHaveValue(
      'otp-value-1234567890',
    );
    expect(within(done).getByText(/It cannot be displayed again/)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      username: 'erin',
      displayName: 'Erin',
      role: 'developer',
      phiAccess: true,
    });

    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'New User' }));
    expect(screen.queryByDisplayValue('otp-value-1234567890')).toBeNull();
  });

  it('puts a taken username next to the field', async () => {
    mockFetch({
      'POST /admin/users': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'DUPLICATE',
          message: 'A user named "admin" already exists',
        },
      },
    });
    renderWithProviders(<CreateUserDialog />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(dialog).getByLabelText('Username'), 'admin');
    await user.type(within(dialog).getByLabelText('Display name'), 'Another');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Username')).toHaveAccessibleDescription(
        'A user named "admin" already exists',
      ),
    );
  });

  it('resets a user\u2019s two-step sign-in after asking, and offers it only to those who have one', async () => {
    const enrolled = { ...DEV, secondFactor: true, mustChangePassword: false };
    const fetchMock = mockFetch({
      'GET /admin/users': { body: { users: [ADMIN, enrolled] } },
      [`DELETE /admin/users/${DEV.id}/second-factor`]: { status: 204 },
    });
    renderWithProviders(<UsersCard />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    const row = (await screen.findByText('Dana Developer')).closest('li')!;
    expect(within(row).getByText('Two-step')).toBeInTheDocument();
    const admin = screen.getByText('Admin User').closest('li')!;
    expect(within(admin).queryByRole('button', { name: /Reset two-step/ })).toBeNull();

    await user.click(
      within(row).getByRole('button', { name: 'Reset two-step sign-in for Dana Developer' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset Two-Step Sign-In' });
    expect(within(confirm).getByText(/signed out everywhere at once/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
    expect(await screen.findByText('Two-Step Sign-In Reset')).toBeInTheDocument();
  });
});
