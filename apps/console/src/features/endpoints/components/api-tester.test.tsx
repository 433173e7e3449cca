import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { FULL_ACCESS_MESSAGE } from '../lib/use-test-sender';
import { chooseOption, fill, ORIGIN, renderTester } from '../test/api-tester-harness';
import { ApiTester } from './api-tester';

vi.mock('./json-editor', () => import('../test/json-editor-stand-in'));

describe('ApiTester', () => {
  it('opens with an operation handed over by the documentation, once', async () => {
    const applied = vi.fn();
    renderWithProviders(
      <ApiTester
        apiRoot="/api"
        practiceId="67890"
        origin={ORIGIN}
        prefill={{
          method: 'POST',
          url: `${ORIGIN}/utility/test`,
          query: [['source', 'mock']],
          body: '{\n  "message": "hi"\n}',
        }}
        onPrefillApplied={applied}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('POST');
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/utility/test?source=mock`);
    expect(screen.getByLabelText('Parameter 1 key')).toHaveValue('source');
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('mock');
    expect(await screen.findByLabelText('Request Body (JSON)')).toHaveValue(
      '{\n  "message": "hi"\n}',
    );
    expect(applied).toHaveBeenCalledTimes(1);
  });

  it('starts with GET to the practice patients path and an empty-object body', async () => {
    const user = renderTester();
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('GET');
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/api/67890/patients`);
    expect(screen.getByLabelText('API Key')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Request Body (JSON)')).not.toBeInTheDocument();

    for (const method of ['POST', 'PUT', 'PATCH']) {
      await chooseOption(user, 'Method', method);
      expect(await screen.findByLabelText('Request Body (JSON)')).toHaveValue('{}');
    }
    await chooseOption(user, 'Method', 'DELETE');
    expect(screen.queryByLabelText('Request Body (JSON)')).not.toBeInTheDocument();
  });

  it('sends the rows that have a key, URL-encoded, with the key, and shows the response', async () => {
    const fetchMock = mockFetch({
      'GET /api/67890/patients': { body: { totalCount: 1, patients: [{ id: '1' }] } },
    });
    const user = renderTester();

    await fill(user, 'Parameter 1 key', 'lastName');
    await fill(user, 'Parameter 1 value', "O'Brien & Sons");
    await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await fill(user, 'Parameter 2 key', 'limit');
    await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await fill(user, 'Parameter 3 value', 'orphan');
    await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await fill(user, 'Parameter 4 key', 'gone');
    await fill(user, 'Parameter 4 value', 'x');
    await user.click(screen.getByRole('button', { name: 'Remove parameter 4' }));
    await fill(user, 'API Key', 'ehrgw_secret');

    expect(screen.queryByRole('region', { name: 'Response' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const response = await screen.findByRole('region', { name: 'Response' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    // A key without a value is sent as such (the gateway names what it lacks); a value alone is not.
    expect(url).toBe(`${ORIGIN}/api/67890/patients?lastName=O'Brien%20%26%20Sons&limit=`);
    expect(screen.getByLabelText('URL')).toHaveValue(url);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBeUndefined();
    expect(init.headers).toMatchObject({ 'x-api-key': 'ehrgw_secret' });

    expect(within(response).getByText('200 OK')).toBeInTheDocument();
    expect(within(response).getByText(/\d+ ms/)).toBeInTheDocument();
    expect(within(response).getByLabelText('Response body').textContent).toBe(
      JSON.stringify({ totalCount: 1, patients: [{ id: '1' }] }, null, 2),
    );
    expect(
      await screen.findByText('For full API access, please provide a valid API key'),
    ).toBeInTheDocument();
  });

  it('refuses an empty URL with an error toast', async () => {
    const fetchMock = mockFetch({});
    const user = renderTester();
    await user.clear(screen.getByLabelText('URL'));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Please enter a URL')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the Mock EHR by default where athena is not configured, so the first Send answers', async () => {
    const fetchMock = mockFetch({
      'GET /api/67890/patients': { body: { patients: [], totalCount: 0 } },
    });
    const user = renderTester({ defaultSource: 'mock' });
    await user.type(screen.getByLabelText('API Key'), 'ehrgw_test');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    await screen.findByRole('region', { name: 'Response' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`${ORIGIN}/api/67890/patients?source=mock`);
  });

  it('keeps the request across a remount (another tab, a reload), the key only when asked', async () => {
    const user = renderTester();
    const url = screen.getByLabelText('URL');
    await user.clear(url);
    await user.type(url, `${ORIGIN}/utility/datetime`);
    await user.type(screen.getByLabelText('API Key'), 'ehrgw_secret');
    cleanup();

    renderTester();
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/utility/datetime`);
    expect(screen.getByLabelText('API Key')).toHaveValue('');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('ehrgw_secret');

    await user.type(screen.getByLabelText('API Key'), 'ehrgw_kept');
    await user.click(screen.getByLabelText('Remember for this tab'));
    cleanup();

    renderTester();
    expect(screen.getByLabelText('API Key')).toHaveValue('ehrgw_kept');
    await user.click(screen.getByLabelText('Remember for this tab'));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('ehrgw_kept');
  });

  it('warns about a missing API key and still sends the request', async () => {
    const fetchMock = mockFetch({
      'GET /api/67890/patients': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Missing API key' },
      },
    });
    const user = renderTester();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(
      await screen.findByText('No API key provided. Some endpoints may require authentication.'),
    ).toBeInTheDocument();
    const response = await screen.findByRole('region', { name: 'Response' });
    // The info toast waits for the warning instead of replacing it at once.
    expect(screen.queryByText(FULL_ACCESS_MESSAGE)).not.toBeInTheDocument();
    act(() => {
      toast.dismiss();
    });
    expect(await screen.findByText(FULL_ACCESS_MESSAGE)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('x-api-key');
    expect(within(response).getByText('401 Client Error')).toBeInTheDocument();
  });

  it('fills method, url, params and body from a preset and sends the body as typed text', async () => {
    const fetchMock = mockFetch({ 'POST /utility/test': { body: { ok: true } } });
    const user = renderTester();

    await chooseOption(user, 'Category', 'Utility');
    await user.click(screen.getByRole('button', { name: /Test Endpoint/ }));
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('POST');
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/utility/test`);
    const body = await screen.findByLabelText('Request Body (JSON)');
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toMatchObject({
      message: expect.any(String),
    });

    await user.clear(body);
    await user.type(body, 'not json{{');
    await user.type(screen.getByLabelText('API Key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('region', { name: 'Response' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('not json{');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });

    await user.click(screen.getByRole('button', { name: /DOB Validation/ }));
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('GET');
    expect(screen.getByLabelText('Parameter 1 key')).toHaveValue('dob');
    expect(screen.queryByLabelText('Request Body (JSON)')).not.toBeInTheDocument();
  });

  it('shows status 0 and the message when the request gets no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = renderTester();
    await user.type(screen.getByLabelText('API Key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const response = await screen.findByRole('region', { name: 'Response' });
    expect(within(response).getByText(/^0 /)).toBeInTheDocument();
    expect(within(response).getByLabelText('Response body')).toHaveTextContent('Failed to fetch');
    expect(await screen.findByText('Request Failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled());
  });

  it('copies the request (key redacted) and shows the checkmark for a second', async () => {
    // user-event provides the clipboard stub.
    const user = renderTester();
    await user.type(screen.getByLabelText('API Key'), 'ehrgw_secret');
    const copy = screen.getByRole('button', { name: 'Copy request' });
    await user.click(copy);

    const text = await navigator.clipboard.readText();
    expect(text).toContain(`GET ${ORIGIN}/api/67890/patients`);
    expect(text).toContain('x-api-key: <your API key>');
    expect(text).not.toContain('ehrgw_secret');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(copy).toHaveAttribute('data-copied', 'true');
    await waitFor(() => expect(copy).not.toHaveAttribute('data-copied'), { timeout: 1500 });
  });

  it('sends the header rows, makes a new Idempotency-Key on request, and redacts a secret header when copying', async () => {
    const fetchMock = mockFetch({ 'GET /api/67890/patients': { body: [] } });
    const user = renderTester();
    await user.type(screen.getByLabelText('API Key'), 'k');

    await user.click(screen.getByRole('button', { name: 'Add Header' }));
    await user.type(screen.getByLabelText('Header 1 name'), 'X-Vapi-Secret');
    const secret = screen.getByLabelText('Header 1 value');
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, 'shared-vapi-secret');
    await user.click(screen.getByRole('button', { name: 'New Idempotency-Key' }));
    expect(screen.getByLabelText('Header 2 name')).toHaveValue('Idempotency-Key');
    const firstKey = (screen.getByLabelText('Header 2 value') as HTMLInputElement).value;
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(screen.getByRole('button', { name: 'New Idempotency-Key' }));
    expect(screen.getByLabelText('Header 2 value')).not.toHaveValue(firstKey);
    expect(screen.queryByLabelText('Header 3 name')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('region', { name: 'Response' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({
      'X-Vapi-Secret': 'shared-vapi-secret',
      'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    await user.click(screen.getByRole('button', { name: 'Copy request' }));
    const text = await navigator.clipboard.readText();
    expect(text).toContain('X-Vapi-Secret: <secret>');
    expect(text).not.toContain('shared-vapi-secret');
    // Without "Remember for this tab" the secret is not written to sessionStorage.
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('shared-vapi-secret');

    await user.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(screen.getByLabelText('Header 1 name')).toHaveValue('Idempotency-Key');
  });

  it('presets that can be chosen twice: a new tenant name and a new Idempotency-Key each time', async () => {
    const user = renderTester();
    await chooseOption(user, 'Category', 'Voice Config');
    await user.click(screen.getByRole('button', { name: /Create Tenant/ }));
    const body = await screen.findByLabelText('Request Body (JSON)');
    const firstName = JSON.parse((body as HTMLTextAreaElement).value).name as string;
    await user.click(screen.getByRole('button', { name: /Create Tenant/ }));
    const secondName = JSON.parse(
      (screen.getByLabelText('Request Body (JSON)') as HTMLTextAreaElement).value,
    ).name as string;
    expect(firstName).toMatch(/^New Clinic Network \w{6}$/);
    expect(secondName).not.toBe(firstName);

    await chooseOption(user, 'Category', 'Custom Aggregation');
    await user.click(screen.getByRole('button', { name: /Create Patient with Appointment/ }));
    expect(screen.getByLabelText('Header 1 name')).toHaveValue('Idempotency-Key');
    const key = (screen.getByLabelText('Header 1 value') as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: /Create Patient with Appointment/ }));
    expect(screen.getByLabelText('Header 1 value')).not.toHaveValue(key);
    // Another preset starts without the write's key.
    await user.click(screen.getByRole('button', { name: /Smart Scheduling/ }));
    expect(screen.queryByLabelText('Header 1 name')).toBeNull();
  });

  it('groups the FHIR R4 presets under their own category, at the EHR chosen for them', async () => {
    const user = renderTester({ defaultSource: 'mock' });
    await chooseOption(user, 'Category', 'FHIR R4');
    const presets = screen.getByRole('region', { name: 'Presets: FHIR R4' });
    expect(
      within(presets)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual([
      '/fhir/r4/mock/67890/metadata',
      '/fhir/r4/mock/67890/Patient',
      '/fhir/r4/mock/67890/Slot',
      '/fhir/r4/mock/67890/Appointment',
      expect.stringMatching(/^\/fhir\/r4\/mock\/67890\/Appointment\/\d{12}$/),
    ]);
    await user.click(within(presets).getByRole('button', { name: /Book/ }));
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('POST');
    expect(screen.getByLabelText('Header 1 name')).toHaveValue('Idempotency-Key');
    expect(screen.getByLabelText('Header 2 name')).toHaveValue('If-None-Exist');
    expect((screen.getByLabelText('Header 2 value') as HTMLInputElement).value).toContain(
      'patient=Patient/1001',
    );
    await user.click(within(presets).getByRole('button', { name: 'Athena EHR' }));
    expect(within(presets).getByRole('button', { name: /CapabilityStatement/ })).toHaveTextContent(
      '/fhir/r4/athena/67890/metadata',
    );
  });

  it('sends on Ctrl+Enter, shows size and the Server-Timing split, and copies cURL with $API_KEY', async () => {
    const fetchMock = mockFetch({
      'GET /api/67890/patients': () => ({ body: [{ id: 1 }] }),
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response('[{"id":1}]', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'server-timing': 'gateway;dur=20, upstream;dur=15',
          },
        }),
    );
    const user = renderTester();
    await user.type(screen.getByLabelText('API Key'), 'ehrgw_secret_key');
    await user.click(screen.getByLabelText('URL'));
    await user.keyboard('{Control>}{Enter}{/Control}');

    const response = await screen.findByRole('region', { name: 'Response' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(response).getByText('10 B')).toBeInTheDocument();
    expect(
      within(response).getByRole('img', {
        name: /20(\.0)? ms in the gateway, of which 15(\.0)? ms waiting on the EHR/,
      }),
    ).toBeInTheDocument();
    expect(within(response).getByText(/Upstream 15/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy as cURL' }));
    const curl = await navigator.clipboard.readText();
    expect(curl).toContain(`curl -X GET '${ORIGIN}/api/67890/patients'`);
    expect(curl).toContain('-H "x-api-key: $API_KEY"');
    expect(curl).not.toContain('ehrgw_secret_key');
  });

  it('keeps a history: path and status in this browser, query and body in this tab only; replay and delete', async () => {
    localStorage.clear();
    mockFetch({ 'POST /utility/test': { body: { ok: true } } });
    const user = renderTester();
    await chooseOption(user, 'Category', 'Utility');
    await user.click(screen.getByRole('button', { name: /Test Endpoint/ }));
    await user.type(screen.getByLabelText('API Key'), 'k');
    await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await user.type(screen.getByLabelText('Parameter 1 key'), 'lastName');
    await user.type(screen.getByLabelText('Parameter 1 value'), 'Zyxwvutson');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('region', { name: 'Response' });

    const history = screen.getByRole('list', { name: 'Sent requests' });
    expect(within(history).getByText(`${ORIGIN}/utility/test`)).toBeInTheDocument();
    expect(within(history).getByText('200 OK')).toBeInTheDocument();
    const kept = JSON.stringify({ ...localStorage });
    expect(kept).toContain('/utility/test');
    expect(kept).not.toContain('Zyxwvutson');
    expect(kept).not.toContain('Hello from the API tester');
    expect(JSON.stringify({ ...sessionStorage })).toContain('Zyxwvutson');

    // Another request replaces the editor; replay brings the first one back whole.
    await chooseOption(user, 'Category', 'Standard');
    await user.click(screen.getByRole('button', { name: /Get Providers/ }));
    await user.click(
      within(history).getByRole('button', {
        name: `Replay: load POST ${ORIGIN}/utility/test into the tester`,
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveTextContent('POST');
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/utility/test?lastName=Zyxwvutson`);
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('Zyxwvutson');
    expect(
      JSON.parse((screen.getByLabelText('Request Body (JSON)') as HTMLTextAreaElement).value),
    ).toMatchObject({ message: 'Hello from the API tester' });

    await user.click(
      within(history).getByRole('button', {
        name: `Delete POST ${ORIGIN}/utility/test from history`,
      }),
    );
    expect(screen.queryByRole('list', { name: 'Sent requests' })).toBeNull();
    expect(screen.getByText('Requests you send appear here.')).toBeInTheDocument();
  });

  it("follows the URL the user types: a preset's parameters go with its URL (issue 23)", async () => {
    const fetchMock = mockFetch({ 'GET /utility/datetime': { body: { now: '2026' } } });
    const user = renderTester({ defaultSource: 'mock' });
    await user.click(screen.getByRole('button', { name: /Get Patients/ }));
    expect(screen.getByLabelText('Parameter 1 key')).toHaveValue('source');

    const url = screen.getByLabelText('URL');
    await user.clear(url);
    await user.type(url, '/utility/datetime?format=yyyy');
    expect(screen.getByLabelText('Parameter 1 key')).toHaveValue('format');
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('yyyy');
    expect(screen.queryByLabelText('Parameter 2 key')).toBeNull();
    expect(screen.getByRole('button', { name: /Get Patients/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('region', { name: 'Response' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/utility/datetime?format=yyyy');

    // Editing a parameter rewrites the URL's query; editing the path keeps the parameters.
    await user.clear(screen.getByLabelText('Parameter 1 value'));
    await user.type(screen.getByLabelText('Parameter 1 value'), 'HH:mm');
    expect(url).toHaveValue('/utility/datetime?format=HH%3Amm');
    await user.click(url);
    await user.keyboard('{Home}{Delete}');
    expect(url).toHaveValue('utility/datetime?format=HH%3Amm');
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('HH:mm');
  });

  it('presets ask the EHR chosen for them: the Mock EHR at the config practice, athena at its own', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ApiTester
        apiRoot="/api"
        practiceId="67890"
        origin={ORIGIN}
        defaultSource="mock"
        athenaPracticeId="195900"
      />,
    );
    const sources = screen.getByRole('group', { name: 'EHR the presets ask' });
    expect(within(sources).getByRole('button', { name: 'Mock EHR' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: /Get Patients/ }));
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/api/67890/patients?source=mock`);
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('mock');

    await user.click(within(sources).getByRole('button', { name: 'Athena EHR' }));
    await user.click(screen.getByRole('button', { name: /Get Patients/ }));
    expect(screen.getByLabelText('URL')).toHaveValue(`${ORIGIN}/api/195900/patients?source=athena`);
    expect(screen.getByLabelText('Parameter 1 value')).toHaveValue('athena');

    await chooseOption(user, 'Category', 'Custom Aggregation');
    await user.click(screen.getByRole('button', { name: /Smart Scheduling/ }));
    const body = JSON.parse(
      (screen.getByLabelText('Request Body (JSON)') as HTMLTextAreaElement).value,
    );
    expect(body).toMatchObject({ source: 'athena', practiceId: '195900' });
    // Utility routes take no source: no choice shown.
    await chooseOption(user, 'Category', 'Utility');
    expect(screen.queryByRole('group', { name: 'EHR the presets ask' })).toBeNull();
  });
});
