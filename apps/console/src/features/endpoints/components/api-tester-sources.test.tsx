import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';

import { chooseOption, ORIGIN, renderTester as renderTesterAt } from '../test/api-tester-harness';

vi.mock('./json-editor', () => import('../test/json-editor-stand-in'));

const FHIR_BASE = '/fhir/r4/fhir/24680';
const BOOKED_ID = '5b0c6a1e-8f0e-4c35-9d5c-2f7a1b9e4d21';

const renderTester = () =>
  renderTesterAt({ defaultSource: 'mock', athenaPracticeId: '195900', fhirPracticeId: '24680' });

describe('ApiTester: the EHR the presets ask', () => {
  it('offers every EHR source, the FHIR EHR at its own practice with source=fhir', async () => {
    const user = renderTester();
    const sources = screen.getByRole('group', { name: 'EHR the presets ask' });
    expect(
      within(sources)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mock EHR', 'Athena EHR', 'FHIR EHR']);
    await user.click(within(sources).getByRole('button', { name: 'FHIR EHR' }));
    await user.click(screen.getByRole('button', { name: /Get Patients/ }));
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/api/24680/patients?source=fhir`);

    await chooseOption(user, 'Category', 'Custom Aggregation');
    await user.click(screen.getByRole('button', { name: /Smart Scheduling/ }));
    const body = JSON.parse(
      ((await screen.findByLabelText('Request Body (JSON)')) as HTMLTextAreaElement).value,
    );
    expect(body).toMatchObject({ source: 'fhir', practiceId: '24680' });
  });

  it('books at the FHIR EHR, then cancels the Appointment that booking answered with', async () => {
    const fetchMock = mockFetch({
      [`POST ${FHIR_BASE}/Appointment`]: {
        status: 201,
        body: { resourceType: 'Appointment', id: BOOKED_ID, status: 'booked' },
      },
    });
    const user = renderTester();
    await user.click(screen.getByRole('button', { name: 'FHIR EHR' }));
    await chooseOption(user, 'Category', 'FHIR R4');
    const presets = screen.getByRole('region', { name: 'Presets: FHIR R4' });
    expect(
      within(presets)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual([
      `${FHIR_BASE}/metadata`,
      `${FHIR_BASE}/Patient`,
      `${FHIR_BASE}/Slot`,
      `${FHIR_BASE}/Appointment`,
      `${FHIR_BASE}/Appointment/{id from Book}`,
    ]);

    // Before any booking the id is unknown: the preset says to book first.
    await user.click(within(presets).getByRole('button', { name: /Cancel/ }));
    expect(await screen.findByText(/Send the Book preset first/)).toBeInTheDocument();

    await user.click(within(presets).getByRole('button', { name: /Book \(POST/ }));
    expect((screen.getByLabelText('Header 2 value') as HTMLInputElement).value).toMatch(
      /^patient=Patient\/1001&practitioner=Practitioner\/\d+&date=ge\d{4}-\d{2}-\d{2}&date=lt/,
    );
    await user.type(screen.getByLabelText('API Key'), 'ehrgw_test');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('region', { name: 'Response' })).toHaveTextContent('201');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(within(presets).getByRole('button', { name: /Cancel/ }));
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('PATCH');
    expect(screen.getByLabelText('URL')).toHaveValue(
      `${ORIGIN}${FHIR_BASE}/Appointment/${BOOKED_ID}`,
    );
  });
});
