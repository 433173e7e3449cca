import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import type { EndpointDoc } from '../lib/doc-tabs';
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
        security: [{ apiKey: [] }],
        responses: {
          '400': {
            description: 'Bad request',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { error: { type: 'string' }, code: { type: 'string' } },
                  required: ['error', 'code'],
                },
              },
            },
          },
          '200': {
            description: 'Default Response',
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

  it('lists every declared answer with its shape and the credentials the route takes', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    renderWithProviders(<DocumentationPanel practiceId="67890" origin="https://gw.test" />);

    const patients = await screen.findByRole('region', { name: 'Patients of a practice' });
    expect(patients).toHaveAttribute('id', 'listPatients');
    expect(patients).toHaveTextContent('Authentication: API key (x-api-key)');
    const answers = within(patients).getAllByRole('listitem');
    expect(answers.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^200Default ResponseBody shape/),
      expect.stringMatching(/^400Bad requestBody shape/),
    ]);
    await user.click(within(answers[1]!).getByText('Body shape'));
    expect(within(patients).getByLabelText('400 body shape')).toHaveTextContent(
      '{ error: string code: string }',
    );
    expect(within(patients).getByLabelText('200 body shape').textContent).toBe(
      '{\n  totalCount?: integer\n  patients?: array of {\n    id?: string\n  }\n}',
    );
  });

  it('indexes the operations by section; the filter searches paths, titles and parameters', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<DocumentationPanel practiceId="67890" origin="https://gw.test" />, {
      route: '/endpoints',
    });

    const index = await screen.findByRole('navigation', { name: 'Endpoint index' });
    await within(index).findAllByRole('link', { name: /Patients of a practice/ });
    const sections = within(index)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(sections).toEqual(['Common Endpoints', 'Athena EHR', 'Mock EHR']);

    const filter = within(index).getByRole('searchbox', { name: 'Filter endpoints' });
    await user.type(filter, 'lastname');
    expect(
      within(index)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'GETPatients of a practice/api/{practiceId}/patients',
      'GETPatients of a practice/api/{practiceId}/patients',
      'GETPatients of a practice/api/{practiceId}/patients',
    ]);
    expect(index).toHaveTextContent('3 endpoints match');
    await user.clear(filter);
    await user.type(filter, 'echo');
    expect(within(index).getAllByRole('link')).toHaveLength(1);
    await user.clear(filter);
    await user.type(filter, 'nothing-like-this');
    expect(index).toHaveTextContent('No endpoint matches “nothing-like-this”.');

    await user.clear(filter);
    const mockSection = within(index).getByRole('region', { name: 'Mock EHR' });
    await user.click(within(mockSection).getByRole('link', { name: /Patients of a practice/ }));
    expect(screen.getByRole('tab', { name: 'Mock EHR' })).toHaveAttribute('aria-selected', 'true');
    const opened = card('Patients of a practice');
    expect(opened).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
    expect(
      within(mockSection).getByRole('link', { name: /Patients of a practice/ }),
    ).toHaveAttribute('aria-current', 'location');
  });

  it('opens the section and card a deep link names', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    Element.prototype.scrollIntoView = vi.fn();
    renderWithProviders(<DocumentationPanel practiceId="67890" origin="https://gw.test" />, {
      route: '/endpoints#testEcho',
    });

    const echo = await screen.findByRole('region', { name: 'Echo a message and data back' });
    await vi.waitFor(() => expect(echo).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Common Endpoints' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      within(echo).getByRole('button', { name: 'Copy link to Echo a message and data back' }),
    ).toBeInTheDocument();
  });

  it('hands the example request to the tester, with the Mock EHR where athena is not set up', async () => {
    mockFetch({ 'GET /openapi.json': { body: DOCUMENT } });
    const user = userEvent.setup();
    const tried: EndpointDoc[] = [];
    renderWithProviders(
      <DocumentationPanel
        practiceId="67890"
        origin="https://gw.test"
        athenaConfigured={false}
        onTryInTester={(doc) => tried.push(doc)}
      />,
    );

    const patients = await screen.findByRole('region', { name: 'Patients of a practice' });
    await user.click(within(patients).getByRole('button', { name: 'Try in tester' }));
    expect(tried[0]?.tryRequest).toEqual({
      method: 'GET',
      url: 'https://gw.test/api/67890/patients',
      query: [['source', 'mock']],
      body: undefined,
    });
    const echo = card('Echo a message and data back');
    await user.click(within(echo).getByRole('button', { name: 'Try in tester' }));
    expect(tried[1]?.tryRequest.method).toBe('POST');
    expect(JSON.parse(tried[1]?.tryRequest.body ?? '')).toMatchObject({
      message: expect.any(String),
    });

    await user.click(within(echo).getByRole('button', { name: 'Example Request' }));
    expect(within(echo).getByRole('button', { name: 'Copy example request' })).toBeInTheDocument();
  });

  it('indexes the FHIR routes under FHIR R4 and opens their cards below the FHIR overview', async () => {
    const slotSearch = {
      operationId: 'fhirSearchSlot',
      summary: 'Search Slot (a searchset Bundle)',
      tags: ['FHIR R4'],
      parameters: [
        { in: 'path' as const, name: 'source', schema: { type: 'string', enum: ['athena'] } },
        { in: 'path' as const, name: 'practiceId', schema: { type: 'string' } },
      ],
      security: [{ apiKey: [] }],
      responses: { '200': { description: 'Default Response' } },
    };
    const document = {
      ...DOCUMENT,
      paths: { ...DOCUMENT.paths, '/fhir/r4/{source}/{practiceId}/Slot': { get: slotSearch } },
    };
    mockFetch({ 'GET /openapi.json': { body: document } });
    const user = userEvent.setup();
    Element.prototype.scrollIntoView = vi.fn();
    renderWithProviders(
      <DocumentationPanel practiceId="67890" origin="https://gw.test" athenaPracticeId="195900" />,
      { route: '/endpoints' },
    );

    const index = await screen.findByRole('navigation', { name: 'Endpoint index' });
    const fhir = await within(index).findByRole('region', { name: 'FHIR R4' });
    await user.click(within(fhir).getByRole('link', { name: /Search Slot/ }));
    expect(screen.getByRole('tab', { name: 'FHIR R4' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'FHIR R4 bases' })).toBeInTheDocument();
    const opened = card('Search Slot (a searchset Bundle)');
    expect(opened).toHaveFocus();
    expect(within(opened).getByText('start')).toBeInTheDocument();
    expect(within(opened).getByText('_count')).toBeInTheDocument();
    await user.click(within(opened).getByRole('button', { name: 'Example Request' }));
    expect(within(opened).getByLabelText('Example request')).toHaveTextContent(
      'https://gw.test/fhir/r4/athena/195900/Slot?status=free',
    );
  });
});
