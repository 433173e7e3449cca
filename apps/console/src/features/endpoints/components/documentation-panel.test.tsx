import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import type { OpenApiDocument } from '../lib/openapi';

import { DocumentationPanel } from './documentation-panel';

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/{practiceId}/patients': {
      get: {
        operationId: 'listPatients',
        summary: 'Patients of a practice',
        description: 'source=athena (default) or source=mock picks the EHR.',
        tags: ['EHR'],
        parameters: [
          {
            in: 'query',
            name: 'source',
            required: false,
            schema: { type: 'string', enum: ['athena', 'mock'], default: 'athena' },
          },
          {
            in: 'query',
            name: 'lastName',
            required: false,
            description: 'Filter by last name',
            schema: { type: 'string' },
          },
          { in: 'path', name: 'practiceId', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    totalCount: { type: 'integer' },
                    patients: {
                      type: 'array',
                      items: { type: 'object', properties: { id: { type: 'string' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/utility/test': {
      post: {
        operationId: 'testEcho',
        summary: 'Echo a message and data back',
        tags: ['Utility'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { message: { type: 'string', maxLength: 2000 }, data: {} },
                required: ['message'],
              },
            },
          },
        },
        responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/admin/config': {
      get: {
        operationId: 'getGatewayConfig',
        summary: 'Admin config',
        tags: ['Admin: configuration'],
      },
    },
  },
};

function card(title: string) {
  return screen.getByRole('region', { name: title });
}

describe('DocumentationPanel', () => {
  it('renders a card per gateway operation of the OpenAPI document', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    renderWithProviders(<DocumentationPanel practiceId="67890" origin="https://gw.test" />);

    expect(screen.getByRole('heading', { name: 'API Documentation' })).toBeInTheDocument();
    expect(
      screen.getByText('Overview of available endpoints and integration details'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Common Endpoints' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const name of [
      'Smart Scheduling',
      'Athena EHR',
      'Mock EHR',
      'Voice Config',
      'Authentication',
    ]) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }

    const patients = await screen.findByRole('region', { name: 'Patients of a practice' });
    expect(within(patients).getByText('GET')).toBeInTheDocument();
    expect(within(patients).getByText('/api/{practiceId}/patients')).toBeInTheDocument();
    expect(within(patients).getByText('athena')).toBeInTheDocument();
    expect(within(patients).getByRole('heading', { name: 'Query Parameters' })).toBeInTheDocument();
    const lastName = within(patients).getByRole('row', { name: /lastName/ });
    expect(
      within(lastName)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['lastName', 'string', 'No', 'Filter by last name']);
    expect(within(patients).getByRole('row', { name: /practiceId/ })).toHaveTextContent('Yes');

    const echo = card('Echo a message and data back');
    expect(within(echo).getByText('POST')).toBeInTheDocument();
    expect(within(echo).getByText('utility')).toBeInTheDocument();
    expect(within(echo).getByRole('heading', { name: 'Parameters' })).toBeInTheDocument();
    expect(within(echo).getByRole('row', { name: /message/ })).toHaveTextContent('Yes');
    expect(within(echo).getByRole('row', { name: /^data/ })).toHaveTextContent('No');

    // Admin routes are not part of the client documentation.
    expect(screen.queryByText('Admin config')).not.toBeInTheDocument();
  });

  it('reveals the example request and response with their toggles', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    renderWithProviders(<DocumentationPanel practiceId="67890" origin="https://gw.test" />);

    const patients = await screen.findByRole('region', { name: 'Patients of a practice' });
    const requestToggle = within(patients).getByRole('button', { name: 'Example Request' });
    expect(requestToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(patients).queryByText(/curl/)).not.toBeInTheDocument();

    await user.click(requestToggle);
    expect(requestToggle).toHaveAttribute('aria-expanded', 'true');
    const request = within(patients).getByLabelText('Example request');
    expect(request).toHaveTextContent("curl -X GET 'https://gw.test/api/67890/patients'");
    expect(request).toHaveTextContent('x-api-key: YOUR_API_KEY');

    await user.click(within(patients).getByRole('button', { name: 'Example Response' }));
    const response = within(patients).getByLabelText('Example response');
    expect(response).toHaveTextContent('HTTP/1.1 200 OK');
    expect(response).toHaveTextContent('"totalCount": 1');

    await user.click(requestToggle);
    expect(within(patients).queryByLabelText('Example request')).not.toBeInTheDocument();
  });

  it('sets source=mock in the Mock EHR examples and filters cards by the header search', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    renderWithProviders(
      <DocumentationPanel practiceId="67890" origin="https://gw.test" search="patients" />,
    );

    await screen.findByRole('region', { name: 'Patients of a practice' });
    expect(screen.queryByText('Echo a message and data back')).not.toBeInTheDocument();
    expect(screen.getByText(/Showing endpoints matching/)).toHaveTextContent('patients');

    await user.click(screen.getByRole('tab', { name: /Mock EHR/ }));
    const mock = await screen.findByRole('region', { name: 'Patients of a practice' });
    expect(within(mock).getByText('mock')).toBeInTheDocument();
    await user.click(within(mock).getByRole('button', { name: 'Example Request' }));
    expect(within(mock).getByLabelText('Example request')).toHaveTextContent(
      'https://gw.test/api/67890/patients?source=mock',
    );
  });

  it('opens the section asked for, says how to connect athena, and reports tab changes', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    const shown: string[] = [];
    renderWithProviders(
      <DocumentationPanel
        practiceId="67890"
        origin="https://gw.test"
        tab="athena"
        onTabChange={(tab) => shown.push(tab)}
        athenaConfigured={false}
      />,
    );

    expect(screen.getByRole('tab', { name: 'Athena EHR' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const setup = await screen.findByText('Athena is not configured on this gateway');
    expect(setup.parentElement).toHaveAttribute('id', 'athena-setup');
    expect(setup.parentElement).toHaveTextContent('call the Mock EHR with source=mock');

    await user.click(screen.getByRole('tab', { name: 'Mock EHR' }));
    expect(shown).toEqual(['mock']);
  });
});
