import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { describeUserAgent, SessionsCard } from './sessions-card';

const session = (id: string, current: boolean, userAgent: string, ip: string) => ({
  id,
  userId: 'u-1',
  username: 'dana',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-11-23T22:00:00.000Z',
  ip,
  userAgent,
  current,
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('describeUserAgent', () => {
  it('names the browser and system', () => {
    expect(describeUserAgent(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeUserAgent(null)).toBe('Unknown browser');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
  });
});

describe('SessionsCard', () => {
  it('marks this browser and signs out another one', async () => {
    const mine = session('aaaaaaaa-0000-4000-8000-000000000001', true, CHROME_LINUX, '10.0.0.5');
    const phone = session(
      'aaaaaaaa-0000-4000-8000-000000000002',
      false,
      SAFARI_IPHONE,
      '192.0.2.7',
    );
    let phoneSignedIn = true;
    const fetchMock = mockFetch({
      'GET /admin/sessions': () => ({
        body: { sessions: phoneSignedIn ? [mine, phone] : [mine] },
      }),
      [`DELETE /admin/sessions/${phone.id}`]: () => {
        phoneSignedIn = false;
        return { status: 204 };
      },
    });
    renderWithProviders(<SessionsCard />);
    const current = (await screen.findByText('Chrome on Linux')).closest('li')!;
    expect(within(current).getByText('This browser')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).toBeNull();

    await userEvent.click(
      screen.getByRole('button', { name: 'Sign out Safari on iOS at 192.0.2.7' }),
    );
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('asks before signing out everywhere', async () => {
    const fetchMock = mockFetch({
      'GET /admin/sessions': { body: { sessions: [] } },
      'DELETE /admin/sessions': { status: 204 },
    });
    renderWithProviders(<SessionsCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/admin/sessions'),
        ),
      ).toBe(true),
    );
  });
});
