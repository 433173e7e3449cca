import type { WebhookDelivery, WebhookEndpoint } from '@ehr-gateway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { CreateWebhookEndpointDialog } from './create-webhook-endpoint-dialog';
import { WebhookEndpointsCard } from './webhook-endpoints-card';

const ENDPOINT: WebhookEndpoint = {
  id: '11111111-1111-4111-8111-111111111111',
  url: 'https://receiver.example.com/events',
  events: ['appointment.booked', 'appointment.cancelled'],
  description: 'Reminder calls',
  payload: 'id-only',
  phiApproved: false,
  status: 'active',
  failureStreak: 3,
  failingSince: '2026-11-26T09:00:00.000Z',
  disabledAt: null,
  practiceIds: null,
  ownerKeyId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  secretRotatedAt: null,
  previousSecretExpiresAt: null,
};
const DELIVERY: WebhookDelivery = {
  id: '22222222-2222-4222-8222-222222222222',
  endpointId: ENDPOINT.id,
  eventId: '33333333-3333-4333-8333-333333333333',
  eventType: 'appointment.booked',
  status: 'failed',
  attemptCount: 2,
  occurredAt: '2026-11-26T09:00:00.000Z',
  createdAt: '2026-11-26T09:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  lastResponseStatus: 503,
};
const BASE = '/admin/webhooks';

describe('WebhookEndpointsCard', () => {
  it('shows each endpoint with its status, failure streak, payload and events', async () => {
    mockFetch({ [`GET ${BASE}/endpoints`]: { body: { endpoints: [ENDPOINT] } } });
    renderWithProviders(<WebhookEndpointsCard />, { user: sessionUser('admin') });
    const row = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText(/3 failed in a row/)).toBeInTheDocument();
    expect(within(row).getByText('Ids only')).toBeInTheDocument();
    expect(within(row).getByText('appointment.cancelled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('gives an auditor the deliveries but no way to change, test or replay', async () => {
    mockFetch({
      [`GET ${BASE}/endpoints`]: { body: { endpoints: [ENDPOINT] } },
      [`GET ${BASE}/endpoints/${ENDPOINT.id}/deliveries`]: {
        body: { deliveries: [DELIVERY], nextCursor: null },
      },
    });
    renderWithProviders(<WebhookEndpointsCard />, { user: sessionUser('auditor') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${ENDPOINT.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(await within(dialog).findByText('appointment.booked')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send test|Pause/ })).toBeNull();
  });

  it('opens a delivery to its attempts and replays it', async () => {
    const fetchMock = mockFetch({
      [`GET ${BASE}/endpoints`]: { body: { endpoints: [ENDPOINT] } },
      [`GET ${BASE}/endpoints/${ENDPOINT.id}/deliveries`]: {
        body: { deliveries: [DELIVERY], nextCursor: null },
      },
      [`GET ${BASE}/deliveries/${DELIVERY.id}`]: {
        body: {
          delivery: DELIVERY,
          attempts: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              attemptedAt: '2026-11-26T09:00:05.000Z',
              outcome: 'http-error',
              responseStatus: 503,
              durationMs: 120,
              responseExcerpt: 'upstream busy',
              error: null,
            },
          ],
        },
      },
      [`POST ${BASE}/deliveries/${DELIVERY.id}/replay`]: {
        status: 202,
        body: { delivery: { ...DELIVERY, status: 'pending' } },
      },
    });
    renderWithProviders(<WebhookEndpointsCard />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${ENDPOINT.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    await user.click(await within(dialog).findByRole('button', { name: /Show attempts/ }));
    expect(await within(dialog).findByText('upstream busy')).toBeInTheDocument();
    expect(within(dialog).getByText('Error answer')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/replay'))).toBe(true),
    );
    expect(await screen.findByText('Delivery Queued')).toBeInTheDocument();
  });

  it('says so when there is no endpoint', async () => {
    mockFetch({ [`GET ${BASE}/endpoints`]: { body: { endpoints: [] } } });
    renderWithProviders(<WebhookEndpointsCard />, { user: sessionUser('admin') });
    expect(await screen.findByText('No endpoints')).toBeInTheDocument();
  });
});

describe('CreateWebhookEndpointDialog', () => {
  it('creates an id-only endpoint and shows its secret once', async () => {
    const fetchMock = mockFetch({
      [`GET ${BASE}/endpoints`]: { body: { endpoints: [] } },
      [`POST ${BASE}/endpoints`]: {
        status: 201,
        body: { endpoint: ENDPOINT, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIzNA==' },
      },
    });
    renderWithProviders(<CreateWebhookEndpointDialog />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), ENDPOINT.url);
    await user.click(within(dialog).getByLabelText(/patient\.registered/));
    await user.click(within(dialog).getByRole('button', { name: 'Create Endpoint' }));
    const created = await screen.findByRole('dialog', { name: 'Webhook Endpoint Created' });
    expect(within(created).getByLabelText('Signing secret')).toHaveValue(
      'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIzNA==',
    );
    await user.click(within(created).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = JSON.parse(
      String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body),
    );
    expect(body).toEqual({
      url: ENDPOINT.url,
      description: '',
      events: [
        'appointment.booked',
        'appointment.cancelled',
        'appointment.rescheduled',
        'appointment.updated',
        'patient.registered',
      ],
      payload: 'id-only',
    });
  });

  it('shows the field the gateway refused', async () => {
    const fetchMock = mockFetch({
      [`POST ${BASE}/endpoints`]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'WEBHOOK_URL_REFUSED',
          message: 'url: 10.0.0.5 is a private address; deliveries to it are refused',
        },
      },
    });
    renderWithProviders(<CreateWebhookEndpointDialog />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Create Endpoint' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await within(dialog).findByText(/private address/)).toBeInTheDocument();
  });
});
