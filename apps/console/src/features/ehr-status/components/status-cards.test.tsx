import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { StatusCards } from './status-cards';

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
        body: {
          athena: {
            status: 'connected',
            configured: true,
            practiceId: '195900',
            lastSyncedAt: '2025-03-04T11:55:00Z',
            breakerState: null,
            tokenRefreshes: 0,
            message: null,
          },
          mockEhr: { status: 'connected' },
        },
      },
    });
    const { container } = renderWithProviders(<StatusCards />);
    expect(container.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(0);
    expect(container.querySelector('#athena')).not.toBeNull();

    expect(await screen.findByText('Connected')).toHaveAttribute('data-variant', 'success');
    expect(screen.getByText('Operational')).toBeInTheDocument();
    expect(screen.getByText('98% uptime in the last 30 days')).toBeInTheDocument();
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
});
