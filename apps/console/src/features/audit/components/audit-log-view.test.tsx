import type { AuditEvent } from '@ehr-gateway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { AuditLogView } from './audit-log-view';

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: String(id),
  at: `2026-11-20T10:${String(id).padStart(2, '0')}:00.000Z`,
  actor: { type: 'user', id: 'u-1', name: 'admin' },
  action: 'key-created',
  target: `key-${id}`,
  result: 'success',
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0',
  details: { name: `key ${id}` },
  ...overrides,
});

const VERIFIED = { valid: true, checked: 3, brokenAt: null, reason: null };

describe('AuditLogView', () => {
  it('lists events with actor, action and result, and shows one in detail', async () => {
    mockFetch({
      'GET /admin/audit': {
        body: {
          events: [
            event(3, {
              action: 'sign-in-failed',
              actor: { type: 'anonymous', id: null, name: 'mallory' },
              result: 'failure',
              target: 'mallory',
            }),
            event(2),
          ],
          nextCursor: null,
        },
      },
      'GET /admin/audit/verify': { body: VERIFIED },
    });
    renderWithProviders(<AuditLogView />, { user: sessionUser('auditor') });

    expect(await screen.findByText('Chain verified')).toBeInTheDocument();
    const failed = (await screen.findByRole('cell', { name: 'Sign-in refused' })).closest('tr')!;
    expect(within(failed).getByText('mallory (not signed in)')).toBeInTheDocument();
    expect(within(failed).getByText('Failure')).toBeInTheDocument();

    const user = userEvent.setup();
    const created = screen.getByRole('cell', { name: 'API key created' }).closest('tr')!;
    await user.click(
      within(created).getByRole('button', { name: /View details of API key created/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Audit Event' });
    expect(within(dialog).getByText('#2: API key created')).toBeInTheDocument();
    expect(within(dialog).getByText(/"name": "key 2"/)).toBeInTheDocument();
  });

  it('says where the chain breaks', async () => {
    mockFetch({
      'GET /admin/audit': { body: { events: [event(1)], nextCursor: null } },
      'GET /admin/audit/verify': {
        body: {
          valid: false,
          checked: 4,
          brokenAt: '5',
          reason: 'what it holds does not match its hash (it was changed)',
        },
      },
    });
    renderWithProviders(<AuditLogView />, { user: sessionUser('admin') });
    expect(await screen.findByText('Chain broken at event #5')).toBeInTheDocument();
    expect(
      screen.getByText('what it holds does not match its hash (it was changed)'),
    ).toBeInTheDocument();
  });

  it('filters, pages with the cursor, and exports what the filters select', async () => {
    const fetchMock = mockFetch({
      'GET /admin/audit': ({ url }) =>
        url.includes('cursor=50')
          ? { body: { events: [event(1)], nextCursor: null } }
          : { body: { events: [event(51), event(50)], nextCursor: '50' } },
      'GET /admin/audit/verify': { body: VERIFIED },
    });
    renderWithProviders(<AuditLogView />, { user: sessionUser('admin') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load older events' }));
    expect(await screen.findByText('key-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull();

    await user.type(screen.getByLabelText('Actor'), 'dana');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Request log entry viewed' }));
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes('actor=dana&action=log-viewed')),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/audit/export.csv?actor=dana&action=log-viewed',
    );
  });
});
