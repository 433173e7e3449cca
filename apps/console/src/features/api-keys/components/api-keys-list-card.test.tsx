import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { forgetKey, holdKey } from '../lib/held-keys';
import { ApiKeysListCard } from './api-keys-list-card';

const KEYS = [
  {
    id: 'k1',
    name: 'Voice agent',
    createdAt: '2025-03-01T10:00:00.000Z',
    key: 'ehrgw_AbCd…wxyz',
    lastUsedAt: null,
    expiresAt: null,
    practiceIds: null,
    scopes: null,
    rateLimit: null,
    quota: null,
    effectiveRateLimit: null,
    rotatedAt: null,
    previousKeyExpiresAt: null,
  },
  {
    id: 'k2',
    name: 'Billing sync',
    createdAt: '2025-03-02T10:00:00.000Z',
    key: 'ehrgw_EfGh…1234',
    lastUsedAt: '2025-03-03T10:00:00.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    practiceIds: ['195900'],
    scopes: ['ehr:read', 'tools'],
    rateLimit: 60,
    quota: 5000,
    effectiveRateLimit: 60,
    rotatedAt: null,
    previousKeyExpiresAt: null,
  },
];

describe('ApiKeysListCard', () => {
  it('lists keys masked, with last use and expiry', async () => {
    mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: KEYS } } });
    renderWithProviders(<ApiKeysListCard />);

    expect(await screen.findByText('Voice agent')).toBeInTheDocument();
    expect(screen.getByText('ehrgw_AbCd…wxyz')).toBeInTheDocument();
    expect(screen.getByText('Never used')).toBeInTheDocument();
    expect(screen.getByText(/^Last used .* ago$/)).toBeInTheDocument();
    expect(screen.getByText(/^Expires in \d+ d$/)).toBeInTheDocument();
    expect(screen.getByText('All scopes')).toBeInTheDocument();
    expect(screen.getByText('ehr:read')).toBeInTheDocument();
    expect(screen.getByText('tools')).toBeInTheDocument();
    expect(screen.getByText('Limits 60/min · 5,000/day')).toBeInTheDocument();
  });

  it('offers no copy of a key this page never saw in full, and says why', async () => {
    mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: KEYS } } });
    renderWithProviders(<ApiKeysListCard />);
    await screen.findByText('Voice agent');
    expect(screen.queryByRole('button', { name: 'Copy API key Voice agent' })).toBeNull();
    expect(
      screen.getByRole('note', {
        name: /^Copy unavailable for Voice agent: The full key is shown only once/,
      }),
    ).toBeInTheDocument();
  });

  it('copies the full key of a key created on this page', async () => {
    holdKey('k2', 'ehrgw_full-key-held-since-creation');
    mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: KEYS } } });
    renderWithProviders(<ApiKeysListCard />);
    await screen.findByText('Billing sync');
    expect(screen.getByRole('button', { name: 'Copy API key Billing sync' })).toBeInTheDocument();
    forgetKey('k2');
  });

  it('shows the empty message', async () => {
    mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: [] } } });
    renderWithProviders(<ApiKeysListCard />);

    expect(
      await screen.findByText('No API keys found. Generate a new key to get started.'),
    ).toBeInTheDocument();
  });

  it('treats any other shape as empty and warns', async () => {
    mockFetch({ 'GET /admin/api-keys': { body: [{ id: 'k1' }] } });
    renderWithProviders(<ApiKeysListCard />);

    expect(
      await screen.findByText('Received an unexpected data format from the server.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No API keys found. Generate a new key to get started.'),
    ).toBeInTheDocument();
  });

  it('toasts when the list cannot be loaded', async () => {
    mockFetch({ 'GET /admin/api-keys': { status: 500, body: { message: 'down' } } });
    renderWithProviders(<ApiKeysListCard />);

    expect(
      await screen.findByText('Failed to load API keys. Please try again.'),
    ).toBeInTheDocument();
  });

  it('asks before deleting, then removes the key at once', async () => {
    let remaining = KEYS;
    let releaseDelete: () => void = () => {};
    mockFetch({
      'GET /admin/api-keys': () => ({ body: { apiKeys: remaining } }),
      'DELETE /admin/api-keys/k1': () =>
        new Promise((resolve) => {
          releaseDelete = () => {
            remaining = KEYS.filter((key) => key.id !== 'k1');
            resolve({ status: 204 });
          };
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysListCard />);

    await user.click(await screen.findByRole('button', { name: 'Delete API key Voice agent' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this API key? This action cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    // Gone before the server has answered.
    await waitFor(() => expect(screen.queryByText('Voice agent')).not.toBeInTheDocument());
    releaseDelete();
    expect(await screen.findByText('API Key Deleted')).toBeInTheDocument();
    expect(screen.getByText('Billing sync')).toBeInTheDocument();
  });

  it('brings the key back by refetching when the delete fails', async () => {
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: KEYS } },
      'DELETE /admin/api-keys/k1': { status: 500, body: { message: 'nope' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysListCard />);

    await user.click(await screen.findByRole('button', { name: 'Delete API key Voice agent' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(
      await screen.findByText('Failed to delete API key. Please try again.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Voice agent')).toBeInTheDocument();
  });

  it('keeps the confirmation cancellable', async () => {
    const fetchMock = mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: KEYS } } });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysListCard />);

    await user.click(await screen.findByRole('button', { name: 'Delete API key Voice agent' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );

    expect(screen.getByText('Voice agent')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });
});
