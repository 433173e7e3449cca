import type { LogEntryDetail } from '@ehr-gateway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { errorSummary, LogDetailsDialog } from './log-details-dialog';

const BASE: LogEntryDetail = {
  id: 'log-1',
  timestamp: '2025-03-04T11:55:00.000Z',
  endpoint: '/api/12345/patients',
  method: 'GET',
  status: 200,
  responseTime: 12,
  source: 'mock',
  apiKeyName: 'Voice agent',
  requestId: 'req-1',
  apiKeyId: 'k1',
  route: '/api/{practiceId}/patients',
  upstreamMs: null,
  traceId: null,
  requestData: { query: { limit: '5' }, body: null, headers: { accept: 'application/json' } },
  responseData: { totalCount: 1 },
  responseTruncated: false,
  error: null,
  payload: { capture: 'masked', masked: true, phiAvailable: false, purged: false },
};

describe('errorSummary', () => {
  it('uses the recorded message, else points at the response, else says nothing is known', () => {
    expect(errorSummary({ error: { message: 'Upstream timeout' }, responseData: null })).toBe(
      'Upstream timeout',
    );
    expect(errorSummary({ error: { message: '' }, responseData: null })).toBe('Unknown error');
    expect(errorSummary({ error: null, responseData: { message: 'Not found' } })).toBe(
      'Error details in response data',
    );
    expect(errorSummary({ error: null, responseData: null })).toBe(
      'Error occurred but no details available',
    );
  });
});

describe('LogDetailsDialog', () => {
  it('shows the request, the response and no error block for a success', async () => {
    mockFetch({ 'GET /admin/logs/log-1': { body: BASE } });
    renderWithProviders(<LogDetailsDialog logId="log-1" onOpenChange={() => {}} />);

    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    expect(await within(dialog).findByText('/api/12345/patients')).toBeInTheDocument();
    expect(within(dialog).getByText('Mock EHR')).toBeInTheDocument();
    expect(within(dialog).getByText('200 OK')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy request data' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy response data' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Error Details')).not.toBeInTheDocument();
  });

  it('shows the trace id with a copy button when the request was traced, and no row when not', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    mockFetch({
      'GET /admin/logs/log-1': { body: BASE },
      'GET /admin/logs/log-3': { body: { ...BASE, id: 'log-3', traceId } },
    });
    const { unmount } = renderWithProviders(
      <LogDetailsDialog logId="log-1" onOpenChange={() => {}} />,
    );
    await screen.findByRole('dialog', { name: 'Log Details' });
    expect(screen.queryByText('Trace ID')).toBeNull();
    unmount();

    renderWithProviders(<LogDetailsDialog logId="log-3" onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    expect(await within(dialog).findByText(traceId)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy trace ID' })).toBeVisible();
  });

  it('shows Error Details and the missing-response note for a failure', async () => {
    mockFetch({
      'GET /admin/logs/log-2': {
        body: { ...BASE, id: 'log-2', status: 502, responseData: null, error: null },
      },
    });
    renderWithProviders(<LogDetailsDialog logId="log-2" onOpenChange={() => {}} />);

    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    expect(await within(dialog).findByText('Error Details')).toBeInTheDocument();
    expect(within(dialog).getByText('Error occurred but no details available')).toBeInTheDocument();
    expect(
      within(dialog).getByText('No response data captured for this request'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy response data' })).toBeNull();
  });

  it('says the bodies were masked before storage, with no way around it', async () => {
    mockFetch({ 'GET /admin/logs/log-1': { body: BASE } });
    renderWithProviders(<LogDetailsDialog logId="log-1" onOpenChange={() => {}} />, {
      user: sessionUser('admin', true),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    expect(await within(dialog).findByText('PHI masked.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show PHI' })).toBeNull();
  });

  it('offers Show PHI only to a user with PHI access, and asks the gateway for it', async () => {
    const full = {
      ...BASE,
      payload: { capture: 'full', masked: true, phiAvailable: true, purged: false },
    };
    const fetchMock = mockFetch({
      'GET /admin/logs/log-1': ({ url }) =>
        url.includes('showPhi=true')
          ? {
              body: {
                ...full,
                requestData: { ...BASE.requestData, query: { lastName: 'Lovelace' } },
                payload: { ...full.payload, masked: false },
              },
            }
          : { body: full },
    });
    renderWithProviders(<LogDetailsDialog logId="log-1" onOpenChange={() => {}} />, {
      user: sessionUser('developer', true),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Show PHI' }));
    expect(
      await within(dialog).findByText(
        'Showing patient data. This view was recorded in the audit log.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Lovelace/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('showPhi=true'))).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide PHI' }));
    expect(await within(dialog).findByText('PHI masked.')).toBeInTheDocument();
  });

  it('shows no Show PHI button to a user without PHI access', async () => {
    mockFetch({
      'GET /admin/logs/log-1': {
        body: {
          ...BASE,
          payload: { capture: 'full', masked: true, phiAvailable: false, purged: false },
        },
      },
    });
    renderWithProviders(<LogDetailsDialog logId="log-1" onOpenChange={() => {}} />, {
      user: sessionUser('developer'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log Details' });
    expect(
      await within(dialog).findByText(/users with PHI access can see the full payload/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show PHI' })).toBeNull();
  });
});
