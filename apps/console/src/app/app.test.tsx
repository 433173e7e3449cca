import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { mockFetch, type MockResponse } from '@/test/mock-fetch';
import { sessionUser } from '@/test/render';

import { ConsoleApp } from './console-app';
import { AppProvider } from './provider';

const USER = { user: sessionUser('admin', true) };
const SYSTEM = {
  environment: 'prod',
  version: '0.1.0',
  athena: { configured: false, baseUrl: null, clientIdMasked: null },
  mockEhr: { enabled: true },
  trafficControl: {
    store: 'memory',
    degraded: false,
    message: null,
    athenaMaxQps: 10,
    defaultKeyRateLimit: null,
  },
};

function renderApp(path: string) {
  const handle: { router: ReturnType<typeof createMemoryRouter> | null } = { router: null };
  render(
    <AppProvider client={createQueryClient()}>
      <ConsoleApp
        createRouter={(routes) =>
          (handle.router = createMemoryRouter(routes, { initialEntries: [path] }))
        }
      />
    </AppProvider>,
  );
  return handle;
}

describe('console app', () => {
  it('asks for sign-in without a session, then shows the page that was asked for', async () => {
    let signedIn = false;
    const fetchMock = mockFetch({
      'GET /admin/session': () => (signedIn ? { body: USER } : { status: 401, body: {} }),
      'POST /admin/session': ({ init }): MockResponse => {
        const { password } = JSON.parse(String(init.body)) as { password: string };
        if (password !== 'right') {
          return { status: 401, body: { message: 'Invalid username or password' } };
        }
        signedIn = true;
        return { body: USER };
      },
      'GET /admin/system': { body: SYSTEM },
      'GET /admin/logs': { body: { logs: [] } },
    });
    const router = renderApp('/logs');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Request Logs' })).toBeInTheDocument();
    expect(router.router?.state.location.pathname).toBe('/logs');
    expect(await screen.findByText('Admin User')).toBeInTheDocument();
    expect(
      await screen.findByText('No logs found matching the current filters'),
    ).toBeInTheDocument();
    const logsCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/admin/logs'));
    expect(String(logsCall?.[0])).toBe('/admin/logs?limit=25');
  });

  it('signs out from the user menu back to the sign-in screen, on the same route', async () => {
    let signedIn = true;
    mockFetch({
      'GET /admin/session': () => (signedIn ? { body: USER } : { status: 401, body: {} }),
      'DELETE /admin/session': () => {
        signedIn = false;
        return { status: 204 };
      },
      'GET /admin/system': { body: SYSTEM },
      'GET /admin/logs': { body: { logs: [] } },
    });
    const router = renderApp('/logs');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: USER.user.displayName }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.router?.state.location.pathname).toBe('/logs');
  });

  it('shows the lockout message on 429', async () => {
    mockFetch({
      'GET /admin/session': { status: 401, body: {} },
      'POST /admin/session': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Wait 5 minutes.',
        },
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Wait 5 minutes.',
    );
  });

  it('returns to the sign-in screen, keeping the route, when a call answers 401', async () => {
    mockFetch({
      'GET /admin/session': { body: USER },
      'GET /admin/system': { body: SYSTEM },
      'GET /admin/api-keys': { status: 401, body: { message: 'Session expired' } },
    });
    const router = renderApp('/api-keys');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.router?.state.location.pathname).toBe('/api-keys');
    // A 401 is a sign-in matter, not a load failure.
    expect(
      screen.queryByText('Failed to load API keys. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it('shows Page Not Found for unknown paths, inside the shell', async () => {
    mockFetch({ 'GET /admin/session': { body: USER }, 'GET /admin/system': { body: SYSTEM } });
    renderApp('/metrics/nothing-here');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the Metrics screen, with a way to make traffic when there is none yet', async () => {
    const none = {
      count: 0,
      errors: 0,
      clientErrors: 0,
      serverErrors: 0,
      rateLimited: 0,
      errorRate: 0,
      latency: { p50: null, p95: null, p99: null },
      upstream: { count: 0, p50: null, p95: null, p99: null },
    };
    mockFetch({
      'GET /admin/session': { body: USER },
      'GET /admin/system': { body: SYSTEM },
      'GET /admin/ehr-status': { status: 503, body: {} },
      'GET /admin/metrics': {
        body: {
          from: '2026-11-25T10:00:00.000Z',
          to: '2026-11-25T11:00:00.000Z',
          interval: '1m',
          groupBy: 'status',
          totals: none,
          previous: none,
          series: [],
          groups: [],
        },
      },
    });
    renderApp('/metrics');

    expect(await screen.findByRole('heading', { name: 'Metrics' })).toBeInTheDocument();
    expect(await screen.findByText('No traffic yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API Tester' })).toHaveAttribute(
      'href',
      '/endpoints?tab=tester',
    );
    expect(screen.getByRole('button', { name: '1h (Last hour)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const metrics = screen.getAllByRole('link', { name: 'Metrics' })[0]!;
    expect(metrics).toHaveAttribute('aria-current', 'page');
  });

  it('shows the Endpoints heading with its tabs, Documentation first', async () => {
    mockFetch({ 'GET /admin/session': { body: USER }, 'GET /admin/system': { body: SYSTEM } });
    renderApp('/endpoints');

    expect(await screen.findByRole('heading', { name: 'Endpoints' })).toBeInTheDocument();
    // Scoped to the page's own tab list: the Documentation tab has its own section tabs.
    const tabs = within(screen.getByRole('tablist', { name: 'Endpoints views' })).getAllByRole(
      'tab',
    );
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Documentation',
      'API Tester',
      'Voice Agent',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByText('prod')).toBeInTheDocument());
  });

  it('shows the documentation search the Endpoints page is filtered by', async () => {
    mockFetch({ 'GET /admin/session': { body: USER }, 'GET /admin/system': { body: SYSTEM } });
    renderApp('/endpoints?q=patients');

    expect(await screen.findByRole('searchbox', { name: 'Search documentation' })).toHaveValue(
      'patients',
    );
  });
});
