import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { LogsRoute } from './logs';

const LOG = {
  id: '7d1c4c2e-5f0a-4b7e-9d55-3b1f0f1c2a01',
  timestamp: 'garbage',
  endpoint: '/api/12345/patients',
  method: 'DELETE',
  status: 404,
  responseTime: 7,
  source: 'athena',
  apiKeyName: null,
};
const OLDER = { ...LOG, id: '7d1c4c2e-5f0a-4b7e-9d55-3b1f0f1c2a02', endpoint: '/utility/test' };

function Location() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderLogs(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/logs" element={<LogsRoute />} />
        <Route path="/logs/:logId" element={<LogsRoute />} />
      </Routes>
      <Location />
    </>,
    { route, user: sessionUser('admin') },
  );
}

const logCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/admin/logs?'));

describe('Logs screen', () => {
  it('starts at limit 25, shown in the Limit select', async () => {
    const fetchMock = mockFetch({
      'GET /admin/logs': { body: { logs: [], nextCursor: null } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
    });
    renderLogs('/logs');

    expect(screen.getByRole('combobox', { name: 'Limit' })).toHaveTextContent('25 logs');
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveTextContent('All sources');
    expect(
      await screen.findByText('No logs found matching the current filters'),
    ).toBeInTheDocument();
    expect(logCalls(fetchMock)).toEqual(['/admin/logs?limit=25']);
  });

  it('puts applied filters in the URL and lists rows with badges and Unknown time', async () => {
    const fetchMock = mockFetch({
      'GET /admin/logs': { body: { logs: [LOG], nextCursor: null } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
    });
    const user = userEvent.setup();
    renderLogs('/logs');

    expect(await screen.findByText('Unknown time')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Request logs' });
    expect(within(table).getByText('DELETE')).toHaveAttribute('data-variant', 'error');
    expect(within(table).getByText('404 Client Error')).toHaveAttribute('data-variant', 'warning');

    await user.type(screen.getByLabelText('Endpoint'), '/patients');
    await user.type(screen.getByLabelText('Status'), '4xx');
    await user.type(screen.getByLabelText('Slower than (ms)'), '250');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/logs?endpoint=%2Fpatients&status=4xx&minLatencyMs=250',
    );
    expect(logCalls(fetchMock).at(-1)).toBe(
      '/admin/logs?endpoint=%2Fpatients&status=4xx&minLatencyMs=250&limit=25',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/logs/export.csv?endpoint=%2Fpatients&status=4xx&minLatencyMs=250',
    );
  });

  it('refuses a status that is neither a class nor a code, saying what it takes', async () => {
    const fetchMock = mockFetch({
      'GET /admin/logs': { body: { logs: [], nextCursor: null } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
    });
    const user = userEvent.setup();
    renderLogs('/logs');
    await screen.findByText('No logs found matching the current filters');

    await user.type(screen.getByLabelText('Status'), 'teapot');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(screen.getByText('A class like 4xx or a code like 404')).toBeInTheDocument();
    expect(logCalls(fetchMock)).toEqual(['/admin/logs?limit=25']);
  });

  it('reads a shared link: the form shows its filters and a relative range asks from a moment', async () => {
    const fetchMock = mockFetch({
      'GET /admin/logs': { body: { logs: [], nextCursor: null } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
    });
    renderLogs('/logs?status=5xx&method=POST&range=1h&limit=50');

    expect(screen.getByLabelText('Status')).toHaveValue('5xx');
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('POST');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveTextContent('Last hour');
    await screen.findByText('No logs found matching the current filters');
    const [call] = logCalls(fetchMock);
    const params = new URL(call!, 'http://console').searchParams;
    expect(params.get('status')).toBe('5xx');
    expect(params.get('method')).toBe('POST');
    expect(params.get('limit')).toBe('50');
    const from = Date.parse(params.get('from')!);
    expect(Math.abs(Date.now() - 3_600_000 - from)).toBeLessThan(60_000);
  });

  it('loads the next page with the cursor and keeps the rows already shown', async () => {
    const fetchMock = mockFetch({
      'GET /admin/logs': ({ url }) =>
        url.includes('cursor=')
          ? { body: { logs: [OLDER], nextCursor: null } }
          : { body: { logs: [LOG], nextCursor: '1795572486997123_c0ffee' } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
    });
    const user = userEvent.setup();
    renderLogs('/logs');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('/utility/test')).toBeInTheDocument();
    expect(screen.getByText('/api/12345/patients')).toBeInTheDocument();
    expect(logCalls(fetchMock).at(-1)).toBe('/admin/logs?limit=25&cursor=1795572486997123_c0ffee');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opens an entry from its own URL and goes back to the list, filters kept, on close', async () => {
    mockFetch({
      'GET /admin/logs': { body: { logs: [LOG], nextCursor: null } },
      'GET /admin/api-keys': { body: { apiKeys: [] } },
      [`GET /admin/logs/${LOG.id}`]: {
        body: {
          ...LOG,
          timestamp: '2025-03-04T11:55:00.000Z',
          requestId: 'req-1',
          apiKeyId: null,
          requestData: { query: {}, body: null, headers: {} },
          responseData: null,
          responseTruncated: false,
          error: null,
          payload: { capture: 'masked', masked: true, phiAvailable: false, purged: false },
        },
      },
    });
    const user = userEvent.setup();
    renderLogs(`/logs/${LOG.id}?source=athena`);

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('req-1')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/logs?source=athena',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
