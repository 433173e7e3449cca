import type { AlertsResponse } from '@ehr-gateway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { NotificationsMenu } from './notifications-menu';

const athenaDown = {
  id: '3f0c8a52-7d1e-4f6b-9a51-0c2f5e9d4b11',
  kind: 'athena_disconnected',
  severity: 'critical',
  title: 'Athena EHR disconnected',
  message: 'Calls to athena are failing: connection refused',
  link: '/#athena',
  raisedAt: new Date(Date.now() - 120_000).toISOString(),
  clearedAt: null,
  read: false,
} as const;
const keyExpiring = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  kind: 'api_key_expiring',
  severity: 'warning',
  title: 'API key "front desk" expires soon',
  message: 'It expires in 3 days (2026-11-28).',
  link: '/api-keys',
  raisedAt: new Date(Date.now() - 3_600_000).toISOString(),
  clearedAt: null,
  read: false,
} as const;
const resolved = {
  ...athenaDown,
  id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  title: 'Redis unreachable',
  kind: 'redis_unreachable',
  clearedAt: new Date(Date.now() - 60_000).toISOString(),
} as const;

function serve(initial: AlertsResponse) {
  let state = initial;
  const marked: string[] = [];
  mockFetch({
    'GET /admin/alerts': () => ({ body: state }),
    'POST /admin/alerts/read': () => {
      marked.push('all');
      state = { ...state, alerts: state.alerts.map((a) => ({ ...a, read: true })), unread: 0 };
      return { body: { unread: 0 } };
    },
    [`POST /admin/alerts/${athenaDown.id}/read`]: () => {
      marked.push(athenaDown.id);
      state = {
        ...state,
        alerts: state.alerts.map((a) => (a.id === athenaDown.id ? { ...a, read: true } : a)),
        unread: state.unread - 1,
      };
      return { body: { unread: state.unread } };
    },
  });
  return marked;
}

describe('NotificationsMenu', () => {
  it('counts unread open alerts on the bell and lists them with where to act', async () => {
    serve({
      alerts: [athenaDown, keyExpiring, resolved],
      unread: 2,
      evaluatedAt: new Date().toISOString(),
    });
    renderWithProviders(<NotificationsMenu />);
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');

    await userEvent.click(bell);
    const menu = await screen.findByRole('menu');
    const athena = within(menu).getByRole('menuitem', { name: /Athena EHR disconnected/ });
    expect(athena).toHaveAttribute('href', '/#athena');
    expect(athena).toHaveTextContent('connection refused');
    expect(athena).toHaveTextContent(/Raised 2 minutes ago/);
    expect(within(menu).getByRole('menuitem', { name: /front desk/ })).toHaveAttribute(
      'href',
      '/api-keys',
    );
    expect(within(menu).getByRole('menuitem', { name: /Redis unreachable/ })).toHaveTextContent(
      /Resolved/,
    );
    // Resolved alerts are listed but have nothing to mark.
    expect(within(menu).getAllByRole('menuitem', { name: 'Mark as read' })).toHaveLength(2);
  });

  it('marks one read and keeps the list open, then marks all read', async () => {
    const marked = serve({
      alerts: [athenaDown, keyExpiring],
      unread: 2,
      evaluatedAt: new Date().toISOString(),
    });
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const group = await screen.findByRole('group', { name: 'Athena EHR disconnected' });
    await userEvent.click(within(group).getByRole('menuitem', { name: 'Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications: 1 unread' })).toBeVisible();
    expect(screen.getByRole('menu')).toBeVisible();
    expect(marked).toEqual([athenaDown.id]);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications: none unread' })).toBeVisible();
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(marked).toEqual([athenaDown.id, 'all']);
  });

  it('says so when there is nothing to report', async () => {
    serve({ alerts: [], unread: 0, evaluatedAt: new Date().toISOString() });
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Notifications: none unread' }),
    );
    expect(await screen.findByText(/No alerts\./)).toBeVisible();
  });
});
