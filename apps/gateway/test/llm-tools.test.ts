import { readFileSync } from 'node:fs';

import { Ajv } from 'ajv';

import { describe, expect, it } from 'vitest';

import { adminRequest, databaseTargets, useGateway } from './helpers.js';

const VAPI_SECRET = 'vapi-shared-secret-for-tests';
// Vapi's published response schema (copied from shared/reference, where it is documented).
const vapiSchema = JSON.parse(
  readFileSync(new URL('./fixtures/vapi-tool-calls-response.schema.json', import.meta.url), 'utf8'),
) as object;
const validateVapiAnswer = new Ajv({ strict: false }).compile(vapiSchema);

const URL_PATH = '/llm/tools/query-healthcare-entities';
const fn = (name: string, args: unknown) => ({ name, arguments: args });

describe.each(databaseTargets)('Vapi tool endpoint on $name', (target) => {
  const gw = useGateway(target, { settings: { vapiSecret: VAPI_SECRET } });

  const call = (payload: unknown, headers: Record<string, string> = { 'x-api-key': gw.key }) =>
    gw.app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  /** Asserts the answer is one Vapi accepts, and returns it. */
  async function answerOf(payload: unknown) {
    const response = await call(payload);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    if ('results' in body) {
      expect(validateVapiAnswer(body), JSON.stringify(validateVapiAnswer.errors)).toBe(true);
      for (const result of body.results) {
        for (const text of [result.result, result.error].filter(Boolean)) {
          expect(text).not.toMatch(/[\r\n]/);
        }
      }
    }
    return body;
  }

  it('answers toolCallList calls with object arguments, in order, each with name and toolCallId', async () => {
    const body = await answerOf({
      message: {
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'call_1',
            type: 'function',
            function: fn('query_healthcare_entities', { query: { departments: 'pediatrics' } }),
          },
          {
            id: 'call_2',
            type: 'function',
            function: fn('query_healthcare_entities', {
              providers: 'cardiology',
              match_type: 'partial',
            }),
          },
        ],
        toolWithToolCallList: [],
      },
    });
    expect(body.results.map((r: { toolCallId: string }) => r.toolCallId)).toEqual([
      'call_1',
      'call_2',
    ]);
    expect(
      body.results.every((r: { name: string }) => r.name === 'query_healthcare_entities'),
    ).toBe(true);
    const first = JSON.parse(body.results[0].result);
    expect(first.summary).toMatch(/Found 1 department \(Pediatrics\)/);
    expect(first.departments[0]).toMatchObject({ name: 'Pediatrics' });
    const second = JSON.parse(body.results[1].result);
    expect(second.providers.length).toBeGreaterThan(0);
    expect(second.providers.every((p: { specialty: string }) => p.specialty === 'Cardiology')).toBe(
      true,
    );
  });

  it('reads arguments sent as a JSON string (OpenAI style)', async () => {
    const body = await answerOf({
      message: {
        toolCallList: [
          {
            id: 'call_s',
            type: 'function',
            function: fn(
              'query_healthcare_entities',
              JSON.stringify({ search_term: 'Cardiolgy', match_type: 'fuzzy' }),
            ),
          },
        ],
      },
    });
    const result = JSON.parse(body.results[0].result);
    expect(result.total_matches).toBeGreaterThan(0);
    expect(result.departments[0].name).toBe('Cardiology');
  });

  it('reads toolWithToolCallList, the toolCalls alias, and flattened items with parameters', async () => {
    const nested = await answerOf({
      message: {
        toolCallList: [],
        toolWithToolCallList: [
          {
            type: 'function',
            function: { name: 'query_healthcare_entities' },
            toolCall: {
              id: 'call_w',
              type: 'function',
              function: fn('query_healthcare_entities', { departments: 'derm' }),
            },
          },
        ],
      },
    });
    expect(nested.results[0]).toMatchObject({
      toolCallId: 'call_w',
      name: 'query_healthcare_entities',
    });
    expect(JSON.parse(nested.results[0].result).departments[0].name).toBe('Dermatology');

    const alias = await answerOf({
      message: {
        toolCalls: [
          { id: 'call_a', name: 'queryHealthcareEntities', parameters: { locations: 'Boston' } },
        ],
      },
    });
    expect(alias.results[0].toolCallId).toBe('call_a');
    expect(JSON.parse(alias.results[0].result).summary).toMatch(/location/);

    const flat = await answerOf({
      message: {
        toolCallList: [
          {
            id: 'call_f',
            name: 'query_healthcare_entities',
            arguments: { providers: 'zzz-nobody' },
          },
        ],
      },
    });
    expect(JSON.parse(flat.results[0].result).summary).toBe(
      'No matching locations, departments or providers.',
    );
  });

  it('answers the legacy function-call message with {result}', async () => {
    const response = await call({
      message: {
        type: 'function-call',
        functionCall: {
          name: 'query_healthcare_entities',
          parameters: JSON.stringify({ departments: 'neuro' }),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['result']);
    expect(JSON.parse(body.result).departments[0].name).toBe('Neurology');
  });

  it.each([
    [
      'an unknown tool',
      { message: { toolCallList: [{ id: 'x1', function: fn('book_everything', {}) }] } },
      /Unknown tool "book_everything"/,
    ],
    [
      'arguments that are not JSON',
      {
        message: {
          toolCallList: [{ id: 'x2', function: fn('query_healthcare_entities', '{oops') }],
        },
      },
      /not valid JSON/,
    ],
    [
      'arguments that are a JSON array',
      {
        message: {
          toolCallList: [{ id: 'x3', function: fn('query_healthcare_entities', '[1,2]') }],
        },
      },
      /JSON object/,
    ],
    [
      'no search at all',
      { message: { toolCallList: [{ id: 'x4', function: fn('query_healthcare_entities', {}) }] } },
      /at least one of locations, departments, providers/,
    ],
    [
      'an unknown tenant',
      {
        message: {
          toolCallList: [
            {
              id: 'x5',
              function: fn('query_healthcare_entities', { tenant_id: 999, departments: 'a' }),
            },
          ],
        },
      },
      /999/,
    ],
    [
      'a bad match type',
      {
        message: {
          toolCallList: [
            {
              id: 'x6',
              function: fn('query_healthcare_entities', { departments: 'a', match_type: 'regex' }),
            },
          ],
        },
      },
      /match_type/,
    ],
  ])('gives %s a per-call error, never a 500', async (_what, payload, message) => {
    const body = await answerOf(payload);
    expect(body.results).toHaveLength(1);
    expect(body.results[0].result).toBeUndefined();
    expect(body.results[0].error).toMatch(message);
    expect(body.results[0].toolCallId).toMatch(/^x\d$/);
  });

  it('keeps good calls working beside bad ones, and names a call without an id', async () => {
    const body = await answerOf({
      message: {
        toolCallList: [
          { id: 'ok', function: fn('query_healthcare_entities', { departments: 'peds' }) },
          { function: fn('query_healthcare_entities', { departments: 'peds' }) },
          'not even an object',
        ],
      },
    });
    expect(body.results[0].result).toBeDefined();
    expect(body.results[1]).toMatchObject({ toolCallId: '', error: 'Tool call has no id' });
    expect(body.results[2].error).toBeDefined();
  });

  it.each([
    ['a body that is not JSON', '{"message": '],
    ['a JSON array', '[]'],
    ['a message without tool calls', { message: { type: 'tool-calls' } }],
    ['an empty object', {}],
  ])('answers %s with 200, no results and an error', async (_what, payload) => {
    const body = await answerOf(payload);
    expect(body.results).toEqual([]);
    expect(body.error).toEqual(expect.any(String));
  });

  it('accepts X-Vapi-Secret instead of an API key, and refuses a wrong one or none', async () => {
    const payload = {
      message: {
        toolCallList: [
          { id: 's1', function: fn('query_healthcare_entities', { departments: 'cardio' }) },
        ],
      },
    };
    const withSecret = await call(payload, { 'x-vapi-secret': VAPI_SECRET });
    expect(withSecret.statusCode).toBe(200);
    expect(withSecret.json().results[0].result).toBeDefined();
    expect((await call(payload, { 'x-vapi-secret': 'wrong-secret-value-123' })).statusCode).toBe(
      401,
    );
    expect((await call(payload, {})).statusCode).toBe(401);

    await gw.app.requestLogWriter.flush();
    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?source=llm-tools&limit=3',
    });
    const [latest, , viaSecret] = logs.json().logs;
    expect(latest.status).toBe(401);
    expect(viaSecret.apiKeyName).toBe('Vapi shared secret');
  });
});
