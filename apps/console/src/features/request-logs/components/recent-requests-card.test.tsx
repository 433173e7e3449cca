import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { RecentRequestsCard } from './recent-requests-card';

describe('RecentRequestsCard', () => {
  it('asks for the latest 5 and says when there are none', async () => {
    const fetchMock = mockFetch({ 'GET /admin/logs': { body: { logs: [] } } });
    renderWithProviders(<RecentRequestsCard />);

    expect(await screen.findByText('No logs available')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/admin/logs?limit=5');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/logs');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Timestamp',
      'Endpoint',
      'Method',
      'Status',
      'Response Time',
      'Source',
    ]);
  });
});
