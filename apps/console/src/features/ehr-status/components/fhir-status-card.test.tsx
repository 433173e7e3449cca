import type { EhrStatus } from '@ehr-gateway/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { FhirStatusCard } from './fhir-status-card';

const CONNECTED: EhrStatus['fhir'] = {
  status: 'connected',
  configured: true,
  vendor: 'oracle',
  practiceId: '12345',
  lastSyncedAt: new Date(Date.now() - 60_000).toISOString(),
  lastTokenAt: new Date(Date.now() - 120_000).toISOString(),
  message: null,
  breakerState: 'closed',
  tokenRefreshes: 1,
};

describe('FhirStatusCard', () => {
  it('shows a connected FHIR EHR with its vendor, practice and last token', () => {
    renderWithProviders(<FhirStatusCard fhir={CONNECTED} loadFailed={false} />);
    expect(screen.getByText('Connected')).toHaveAttribute('data-variant', 'success');
    expect(screen.getByText('Oracle Health')).toBeInTheDocument();
    expect(screen.getByText('12345')).toBeInTheDocument();
    expect(screen.getByText('2 minutes ago')).toBeInTheDocument();
  });

  it('says what to set when the FHIR EHR is not configured', () => {
    renderWithProviders(
      <FhirStatusCard
        fhir={{ ...CONNECTED, status: 'disconnected', configured: false, vendor: null }}
        loadFailed={false}
      />,
    );
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText(/Set FHIR_BASE_URL/)).toBeInTheDocument();
  });

  it('shows why a configured FHIR EHR is disconnected', () => {
    renderWithProviders(
      <FhirStatusCard
        fhir={{
          ...CONNECTED,
          status: 'disconnected',
          message: 'The token endpoint refused the client',
        }}
        loadFailed={false}
      />,
    );
    expect(screen.getByText('Disconnected')).toHaveAttribute('data-variant', 'error');
    expect(screen.getByText('The token endpoint refused the client')).toBeInTheDocument();
  });
});
