import { ADMIN_WEBHOOKS_PREFIX, type WebhookStats } from '@ehr-gateway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { WebhookMetricsCard } from './webhook-metrics-card';

const STATS: WebhookStats = {
  eventsCreated: 1204,
  deliveries: {
    delivered: 1180,
    'http-error': 7,
    timeout: 2,
    'network-error': 1,
    'refused-address': 0,
  },
  lagP50Ms: 212,
  lagP95Ms: 1840,
  pending: 3,
};

describe('the Metrics screen’s webhook figures', () => {
  it('shows events, deliveries, failed attempts, pending and the lag percentiles', async () => {
    mockFetch({ [`GET ${ADMIN_WEBHOOKS_PREFIX}/stats`]: { body: STATS } });
    renderWithProviders(<WebhookMetricsCard />, { user: sessionUser('admin') });

    const figures = await screen.findByLabelText('Webhook delivery figures');
    const figure = (label: string) =>
      within(figures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Events created')).toBe((1204).toLocaleString());
    expect(figure('Delivered')).toBe((1180).toLocaleString());
    expect(figure('Failed attempts')).toBe('10');
    expect(figure('Pending')).toBe('3');
    expect(figure('Lag p50 / p95 (24 h)')).toBe('212 ms / 1840 ms');
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/webhook-endpoints',
    );
  });
});
