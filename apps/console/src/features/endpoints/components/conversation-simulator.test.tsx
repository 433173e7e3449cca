import { GATEWAY_PREFIXES, VAPI_TOOLS_PATH } from '@ehr-gateway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';

import { ConversationSimulator } from './conversation-simulator';

const ORIGIN = 'https://gw.test';

function renderSimulator() {
  const user = userEvent.setup();
  renderWithProviders(<ConversationSimulator origin={ORIGIN} />);
  return user;
}

const argumentsBox = () => screen.getByLabelText<HTMLTextAreaElement>('Arguments (JSON)');

describe('ConversationSimulator', () => {
  it('carries a reference from one tool answer into the next proposal, and New call forgets it', async () => {
    const calls: unknown[] = [];
    mockFetch({
      [`POST ${VAPI_TOOLS_PATH}`]: ({ init }) => {
        calls.push(JSON.parse(String(init.body)));
        return {
          body: { results: [{ result: 'I found Jane Doe. {"patientRef":"ref-1"}' }] },
        };
      },
      [`GET ${GATEWAY_PREFIXES.voiceConfig}/tenants`]: {
        body: { tenants: [{ id: 1, name: 'Main line', ehrSource: 'mock' }] },
      },
    });
    const user = renderSimulator();
    await user.type(screen.getByLabelText('API Key'), 'key-1');
    await user.type(screen.getByLabelText('Caller says'), 'This is Jane Doe{Enter}');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));

    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('This is Jane Doe')).toBeVisible();
    expect(await screen.findByLabelText('verify_patient answer')).toHaveTextContent(
      'Agent hears: I found Jane Doe.',
    );
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).toContain('"tenant_id":1');

    await user.click(screen.getByRole('combobox', { name: 'Tool' }));
    await user.click(await screen.findByRole('option', { name: 'list_appointments' }));
    await user.click(screen.getByRole('button', { name: 'Propose arguments' }));
    expect(JSON.parse(argumentsBox().value)).toEqual({ patientRef: 'ref-1' });

    await user.click(screen.getByRole('button', { name: 'New call' }));
    expect(argumentsBox().value).toBe('{}');
    expect(screen.getByText(/Nothing said yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Propose arguments' }));
    expect(JSON.parse(argumentsBox().value)).toEqual({ patientRef: '' });
  });

  it('lists the phone lines with the EHR each asks, and calls on the line chosen', async () => {
    const calls: string[] = [];
    mockFetch({
      [`POST ${VAPI_TOOLS_PATH}`]: ({ init }) => {
        calls.push(String(init.body));
        return { body: { results: [{ result: 'I found Jane Doe.' }] } };
      },
      [`GET ${GATEWAY_PREFIXES.voiceConfig}/tenants`]: {
        body: {
          tenants: [
            { id: 1, name: 'Main line', ehrSource: 'mock' },
            { id: 4, name: 'Demo Health Network (FHIR)', ehrSource: 'fhir' },
          ],
        },
      },
    });
    const user = renderSimulator();
    await user.type(screen.getByLabelText('API Key'), 'key-1');
    await user.tab();
    const line = await screen.findByRole('combobox', { name: 'Phone line (tenant)' });
    await user.click(line);
    expect(screen.getByRole('option', { name: 'Main line · Mock EHR' })).toBeVisible();
    await user.click(screen.getByRole('option', { name: 'Demo Health Network (FHIR) · FHIR EHR' }));
    expect(line).toHaveTextContent('Demo Health Network (FHIR) · FHIR EHR');

    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(await screen.findByLabelText('verify_patient answer')).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('"tenant_id":4');
  });

  it('says why a call cannot be made instead of sending it', async () => {
    const fetchMock = mockFetch({});
    const user = renderSimulator();
    await user.clear(argumentsBox());
    await user.type(argumentsBox(), 'not json');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The arguments are not valid JSON.');

    await user.clear(argumentsBox());
    await user.type(argumentsBox(), '[[1]');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The arguments must be a JSON object.');

    await user.clear(argumentsBox());
    await user.type(argumentsBox(), '{{}');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an API key with the tools scope.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
