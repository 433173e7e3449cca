import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { StatusCards } from './status-cards';

const FHIR_NOT_CONFIGURED = {
  status: 'disconnected',
  configured: false,
  vendor: null,
  practiceId: null,
  lastSyncedAt: null,
  lastTokenAt: null,
  message: null,
  breakerState: null,
  tokenRefreshes: 0,
};

/** athena connected at 195900, last synced five minutes before the tests' clock. */
const ATHENA_CONNECTED = {
  athena: {
    status: 'connected',
    configured: true,
    practiceId: '195900',
    lastSyncedAt: '2025-03-04T11:55:00Z',
    breakerState: null,
    tokenRefreshes: 0,
    message: null,
  },
  fhir: FHIR_NOT_CONFIGURED,
  mockEhr: { status: 'connected' },
};

describe('StatusCards', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2025-03-04T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows skeletons, then connected Athena with practice and last sync', async () => {
    mockFetch({
      'GET /admin/ehr-status': {
        body: ATHENA_CONNECTED,
      },
      'GET /admin/uptime': {
        body: {
          percent: 99.95,
          since: '2025-02-02T12:00:00.000Z',
          windowDays: 30,
          minutes: 43_201,
          healthyMinutes: 43_180,
        },
      },
    });
    const { container } = renderWithProviders(<StatusCards />);
    expect(container.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    expect(container.querySelector('#athena')).not.toBeNull();

    expect(await screen.findByText('Connected')).toHaveAttribute('data-variant', 'success');
    expect(screen.getByText('Operational')).toBeInTheDocument();
    expect(await screen.findByText('99.95% uptime in the last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Uptime' })).toHaveAttribute('aria-valuenow', '99.95');
    expect(screen.getByText('195900')).toBeInTheDocument();
    expect(screen.getByText(/Last Synced/)).toHaveTextContent('Last Synced: 5 minutes ago');
    expect(screen.getByText('Testing Mode')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Development')).toBeInTheDocument();
    expect(container.querySelector('#mock-ehr')).not.toBeNull();
  });

  it('shows Disconnected with N/A and the reason, and an unavailable mock', async () => {
    mockFetch({
      'GET /admin/ehr-status': {
        body: {
          athena: {
            status: 'disconnected',
            configured: false,
            practiceId: null,
            lastSyncedAt: null,
            breakerState: null,
            tokenRefreshes: 0,
            message: 'not configured',
          },
          fhir: FHIR_NOT_CONFIGURED,
          mockEhr: { status: 'disconnected' },
        },
      },
    });
    renderWithProviders(<StatusCards />);

    expect(await screen.findByText('Disconnected')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText(/Not configured on this gateway/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to connect athena' })).toHaveAttribute(
      'href',
      '/endpoints?docs=athena#athena-setup',
    );
    expect(screen.getByText('Unavailable')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('says since when the samples are younger than 30 days', async () => {
    mockFetch({
      'GET /admin/ehr-status': {
        body: ATHENA_CONNECTED,
      },
      'GET /admin/uptime': {
        body: {
          percent: 100,
          since: '2025-03-02T09:00:00.000Z',
          windowDays: 30,
          minutes: 3_061,
          healthyMinutes: 3_061,
        },
      },
    });
    renderWithProviders(<StatusCards />);
    expect(await screen.findByText(/^100% uptime since /)).toHaveTextContent('Mar');
  });
});
