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

  it('warns, beside a connected status, when changes made in the EHR do not become events', () => {
    const problem =
      "The FHIR EHR's CapabilityStatement does not declare the _lastUpdated search on Patient: changes made there outside the gateway do not become webhook events";
    renderWithProviders(
      <FhirStatusCard fhir={{ ...CONNECTED, changeFeedProblem: problem }} loadFailed={false} />,
    );
    expect(screen.getByText('Connected')).toHaveAttribute('data-variant', 'success');
    expect(screen.getByRole('note', { name: 'Change feed' })).toHaveTextContent(problem);
  });

  it('says nothing of the change feed when it has no problem', () => {
    renderWithProviders(
      <FhirStatusCard fhir={{ ...CONNECTED, changeFeedProblem: null }} loadFailed={false} />,
    );
    expect(screen.queryByRole('note', { name: 'Change feed' })).not.toBeInTheDocument();
  });
});
