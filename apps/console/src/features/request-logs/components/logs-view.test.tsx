import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { LogsView } from './logs-view';

const LOG = {
  id: 'log-1',
  timestamp: 'garbage',
  endpoint: '/api/12345/patients',
  method: 'DELETE',
  status: 404,
  responseTime: 7,
  source: 'athena',
  apiKeyName: null,
};

describe('LogsView', () => {
  it('starts at limit 25, shown in the Limit select', async () => {
    const fetchMock = mockFetch({ 'GET /admin/logs': { body: { logs: [] } } });
    renderWithProviders(<LogsView />);

    expect(screen.getByRole('combobox', { name: 'Limit' })).toHaveTextContent('25 logs');
    expect(screen.getByRole('combobox', { name: 'Source' })).toHaveTextContent('All sources');
    expect(
      await screen.findByText('No logs found matching the current filters'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/admin/logs?limit=25');
  });

  it('applies the endpoint filter and lists rows with badges and Unknown time', async () => {
    const fetchMock = mockFetch({ 'GET /admin/logs': { body: { logs: [LOG] } } });
    const user = userEvent.setup();
    renderWithProviders(<LogsView />);

    expect(await screen.findByText('Unknown time')).toBeInTheDocument();
    expect(screen.getByText('DELETE')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByText('404 Client Error')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByRole('cell', { name: 'Athena EHR' })).toBeInTheDocument();
    expect(screen.getByText('7.0 ms')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Endpoint'), '/patients');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/admin/logs?endpoint=%2Fpatients&limit=25');
  });

  it('refetches when Apply Filters is pressed with unchanged filters', async () => {
    const fetchMock = mockFetch({ 'GET /admin/logs': { body: { logs: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<LogsView />);
    await screen.findByText('No logs found matching the current filters');
    const before = fetchMock.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });
});
