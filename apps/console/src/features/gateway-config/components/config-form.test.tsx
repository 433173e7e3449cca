import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { ConfigForm } from './config-form';

const STORED = { apiRoot: '/api', practiceId: '12345', logLevel: 'info', caching: false };

describe('ConfigForm', () => {
  it('falls back to practice 12345 when the gateway sends none', async () => {
    mockFetch({
      'GET /admin/config': { body: { apiRoot: '/api', logLevel: 'warn', caching: true } },
    });
    renderWithProviders(<ConfigForm />);

    expect(await screen.findByLabelText('Practice ID')).toHaveValue('12345');
    expect(screen.getByRole('switch', { name: 'Caching' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Log Level' })).toHaveTextContent('Warn');
  });

  it('shows a validation error at its field and toasts the failure', async () => {
    mockFetch({
      'GET /admin/config': { body: STORED },
      'PUT /admin/config': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid body',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'apiRoot', message: 'apiRoot must start with /' }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfigForm showReset />);

    const apiRoot = await screen.findByLabelText('API Root');
    await user.clear(apiRoot);
    await user.type(apiRoot, 'admin');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('apiRoot must start with /')).toBeInTheDocument();
    expect(apiRoot).toHaveAttribute('aria-invalid', 'true');
    expect(apiRoot).toHaveAccessibleDescription(/apiRoot must start with \//);
    expect(
      await screen.findByText('Failed to update configuration. Please try again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(apiRoot).toHaveValue('/api');
    expect(screen.queryByText('apiRoot must start with /')).not.toBeInTheDocument();
  });

  it('disables Save while saving and takes the returned config', async () => {
    let release: () => void = () => {};
    mockFetch({
      'GET /admin/config': { body: STORED },
      'PUT /admin/config': ({ init }) =>
        new Promise((resolve) => {
          const sent = JSON.parse(String(init.body)) as typeof STORED;
          // The gateway normalises what it stores (here: trims); the form must show its answer.
          release = () => resolve({ body: { ...sent, practiceId: sent.practiceId.trim() } });
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfigForm />);

    const practice = await screen.findByLabelText('Practice ID');
    await user.clear(practice);
    await user.type(practice, ' 67890 ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled(),
    );
    release();

    expect(await screen.findByText('Configuration Updated')).toBeInTheDocument();
    expect(practice).toHaveValue('67890');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('edits payload capture and retention, and shows the gateway refusing full without a key', async () => {
    const fetchMock = mockFetch({
      'GET /admin/config': {
        body: { ...STORED, payloadCapture: 'masked', payloadRetentionDays: 7 },
      },
      'PUT /admin/config': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION_ERROR',
          message: 'payloadCapture needs PAYLOAD_ENCRYPTION_KEY',
          details: [
            {
              field: 'payloadCapture',
              message: 'full needs PAYLOAD_ENCRYPTION_KEY set on the server',
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfigForm showPayloadSettings />, { user: sessionUser('admin') });

    const capture = await screen.findByRole('combobox', { name: 'Payload Capture' });
    expect(capture).toHaveTextContent('Masked');
    await user.click(capture);
    await user.click(await screen.findByRole('option', { name: 'Full, encrypted' }));
    const retention = screen.getByLabelText('Payload Retention (days)');
    await user.clear(retention);
    await user.type(retention, '14');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('full needs PAYLOAD_ENCRYPTION_KEY set on the server'),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      payloadCapture: 'full',
      payloadRetentionDays: 14,
    });
  });

  it('is read-only for a role that may not change it', async () => {
    mockFetch({ 'GET /admin/config': { body: STORED } });
    renderWithProviders(<ConfigForm showReset showPayloadSettings />, {
      user: sessionUser('developer'),
    });
    expect(await screen.findByLabelText('API Root')).toBeDisabled();
    expect(
      screen.getByText(
        'Read-only: your role (Developer) may not change the gateway configuration.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Payload Capture' })).toBeDisabled();
  });
});
