import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders, sessionUser } from '@/test/render';

import { EndpointsRoute } from './endpoints';

function Location() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

const athena = (configured: boolean) => ({
  athena: {
    status: configured ? 'connected' : 'disconnected',
    configured,
    practiceId: configured ? '195900' : null,
    lastSyncedAt: null,
    breakerState: null,
    tokenRefreshes: 0,
    message: configured ? null : 'not configured',
  },
  fhir: {
    status: 'disconnected',
    configured: false,
    vendor: null,
    practiceId: null,
    lastSyncedAt: null,
    lastTokenAt: null,
    message: 'not configured',
    breakerState: null,
    tokenRefreshes: 0,
  },
  mockEhr: { status: 'connected' },
});

function renderEndpoints(route: string, athenaConfigured: boolean) {
  mockFetch({
    'GET /admin/config': { body: { apiRoot: '/api', practiceId: '12345' } },
    'GET /admin/ehr-status': { body: athena(athenaConfigured) },
    'GET /openapi.json': { body: { openapi: '3.1.0', paths: {} } },
  });
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/endpoints" element={<EndpointsRoute />} />
      </Routes>
      <Location />
    </>,
    { route, user: sessionUser('developer') },
  );
}

describe('Endpoints route', () => {
  it('opens the view in the URL and puts the view chosen there, so Back returns', async () => {
    const user = userEvent.setup();
    renderEndpoints('/endpoints?tab=tester', true);

    expect(screen.getByRole('tab', { name: 'API Tester' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Documentation' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/endpoints?tab=docs',
    );
    await user.click(screen.getByRole('tab', { name: 'API Tester' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/endpoints?tab=tester',
    );
  });

  it("fills the tester's default request with source=mock where athena is not configured", async () => {
    renderEndpoints('/endpoints?tab=tester', false);
    expect(await screen.findByDisplayValue('mock')).toBeInTheDocument();
    expect(screen.getByDisplayValue('source')).toBeInTheDocument();
  });
});
