import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { CreateApiKeyDialog } from './create-api-key-dialog';

const FULL_KEY = 'ehrgw_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789wxyz';

function createdAnswer(name: string) {
  return {
    status: 201,
    body: {
      apiKey: {
        id: '0b1e6a8e-3d0c-4c55-9a57-4f1b7d0a0e11',
        name,
        createdAt: '2025-03-04T12:00:00.000Z',
        expiresAt: null,
        key: FULL_KEY,
      },
    },
  };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'New API Key' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New API Key' });
  return { user, dialog };
}

describe('CreateApiKeyDialog', () => {
  it('keeps Generate Key disabled until a name is typed', async () => {
    mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: [] } } });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();

    const generate = within(dialog).getByRole('button', { name: 'Generate Key' });
    expect(generate).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Name'), '   ');
    expect(generate).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Name'), 'Voice agent');
    expect(generate).toBeEnabled();
  });

  it('creates a key, shows it once, and forgets it on "I have saved it"', async () => {
    const fetchMock = mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': ({ init }) =>
        createdAnswer((JSON.parse(String(init.body)) as { name: string }).name),
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Name'), '  Voice agent ');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));

    const created = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(created).getByLabelText('API key')).toHaveValue(FULL_KEY);
    expect(within(created).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(within(created).getByText(/cannot be displayed again/)).toBeInTheDocument();
    expect(await screen.findByText('API Key Created', { selector: '[data-title]' })).toBeVisible();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Voice agent', expiresAt: null });

    await user.click(within(created).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();

    const { dialog: reopened } = await openDialog();
    expect(within(reopened).getByLabelText('Name')).toHaveValue('');
    expect(within(reopened).getByRole('button', { name: 'Generate Key' })).toBeDisabled();
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
  });

  it('keeps the shown key through Escape; "I have saved it" clears it', async () => {
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': createdAnswer('CI'),
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'CI');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));
    const created = await screen.findByRole('dialog', { name: 'API Key Created' });

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'API Key Created' })).toBeInTheDocument();
    await user.click(within(created).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openDialog();
    expect(screen.getByRole('dialog', { name: 'Create New API Key' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
  });

  it('says so when the answer carries no key', async () => {
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': { status: 201, body: { id: 'x' } },
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Odd');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));

    const created = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(within(created).getByText('Key created but format unexpected')).toBeInTheDocument();
    expect(
      await screen.findByText('API key was created but the key format was unexpected.'),
    ).toBeInTheDocument();
  });

  it('reads a top-level key when apiKey.key is missing', async () => {
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': { status: 201, body: { key: FULL_KEY } },
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Flat');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));

    expect(await screen.findByDisplayValue(FULL_KEY)).toBeInTheDocument();
  });

  it('stays on the form and toasts the spec error when creation fails', async () => {
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': { status: 500, body: { message: 'boom' } },
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Broken');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));

    expect(
      await screen.findByText('Failed to create API key. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New API Key' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Broken');
  });

  it('toasts the unexpected-error text when the gateway cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Offline');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));

    expect(
      await screen.findByText('An unexpected error occurred. Please try again.'),
    ).toBeInTheDocument();
  });

  it('sends the chosen scopes, rate limit and quota; every scope is sent as none named', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      'POST /admin/api-keys': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { name: string };
        bodies.push(body);
        return createdAnswer(body.name);
      },
    });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Phone line');
    await user.click(within(dialog).getByRole('button', { name: 'Voice agent' }));
    expect(within(dialog).getByRole('checkbox', { name: /^tools/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^utility/ })).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Rate limit (requests per minute)'), '30');
    await user.type(within(dialog).getByLabelText('Daily quota (requests per day)'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));
    await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(bodies[0]).toEqual({
      name: 'Phone line',
      expiresAt: null,
      scopes: ['ehr:read', 'ehr:write', 'aggregation', 'scheduling', 'voice-config:read', 'tools'],
      rateLimit: 30,
      quota: 2000,
    });
  });

  it('refuses to send a rate limit that is not a whole number, or no scope at all', async () => {
    const fetchMock = mockFetch({ 'GET /admin/api-keys': { body: { apiKeys: [] } } });
    renderWithProviders(<CreateApiKeyDialog />);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Bad limits');
    await user.type(within(dialog).getByLabelText('Rate limit (requests per minute)'), '2.5');
    expect(within(dialog).getByText(/Enter a whole number from 1 to/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));
    await user.clear(within(dialog).getByLabelText('Rate limit (requests per minute)'));
    await user.click(within(dialog).getByRole('button', { name: 'Read-only EHR' }));
    for (const scope of ['ehr:read', 'aggregation', 'utility']) {
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(`^${scope}`) }));
    }
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one scope.');
    await user.click(within(dialog).getByRole('button', { name: 'Generate Key' }));
    expect(
      fetchMock.mock.calls.filter(
        ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
      ),
    ).toHaveLength(0);
  });
});
