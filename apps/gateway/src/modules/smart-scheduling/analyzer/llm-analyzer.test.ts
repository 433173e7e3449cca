import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ConversationAnalysis, ConversationMessage } from '@ehr-gateway/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { analyzeConversation } from './builtin-analyzer.js';
import { analyzeWithFallback, createLlmAnalyzer, LlmAnalysisError } from './llm-analyzer.js';
import { analysisJsonSchema } from './llm-prompt.js';

const NOW = new Date('2026-11-23T15:00:00Z');
const OPTIONS = { now: NOW, timezone: 'America/New_York' };
const MESSAGES: ConversationMessage[] = [
  { role: 'user', content: 'I keep getting heart palpitations, can I see a cardiologist?' },
  { role: 'assistant', content: 'Of course. When would you like to come in?' },
  { role: 'user', content: 'Next Tuesday morning please' },
];

const SERVER_ANALYSIS: ConversationAnalysis = {
  intent: 'book',
  confidence: { overall: 0.9, department: 0.95, provider: 0, appointmentType: 0, dateTime: 0.9 },
  extractedInfo: {
    specialty: 'Cardiology',
    urgency: 'routine',
    timePreference: 'morning',
    datePreference: { text: 'Next Tuesday', startDate: '2026-12-01', endDate: '2026-12-01' },
    providerName: null,
    appointmentTypeHint: null,
  },
  missingInfo: [],
  aiReasoning: 'The patient asked for a cardiologist about palpitations, next Tuesday morning.',
};

/** A chat.completion as OpenAI returns it, with `content` as the message. */
function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

type Handler = (res: ServerResponse) => void;

let server: Server;
let baseURL: string;
let respond: Handler;
let requests: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }>;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  // A minimal OpenAI-compatible server: POST /v1/chat/completions answers as the test says.
  server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        sendJson(res, 404, { error: { message: 'not found' } });
        return;
      }
      requests.push({
        path: req.url,
        auth: req.headers.authorization,
        body: JSON.parse(raw) as Record<string, unknown>,
      });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  // The "never answers" test leaves a request open; drop it so close() can finish.
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  respond = (res) => sendJson(res, 200, completion(JSON.stringify(SERVER_ANALYSIS)));
});

const llm = (timeoutMs?: number) =>
  createLlmAnalyzer({ baseURL, apiKey: 'test-key', model: 'test-model', timeoutMs });

describe('LLM analyser', () => {
  it("returns the server's analysis, asking with the model, the conversation and a strict schema", async () => {
    const result = await analyzeWithFallback(MESSAGES, OPTIONS, llm());

    expect(result).toEqual({
      analysis: SERVER_ANALYSIS,
      analyzer: { kind: 'llm', model: 'test-model', fallbackReason: null },
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.auth).toBe('Bearer test-key');
    expect(request!.body.model).toBe('test-model');
    const sent = request!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent[0]!.content).toContain('Today is Monday 2026-11-23');
    expect(sent[0]!.content).toContain('Obstetrics & Gynecology');
    expect(sent[1]!.content).toContain('user: Next Tuesday morning please');
    expect(sent[1]!.content).toContain('assistant: Of course. When would you like to come in?');
    expect(request!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'conversation_analysis', strict: true, schema: analysisJsonSchema() },
    });
  });

  it('spells a specialty the way the practice does', async () => {
    const lowerCase = {
      ...SERVER_ANALYSIS,
      extractedInfo: { ...SERVER_ANALYSIS.extractedInfo, specialty: 'cardiology' },
    };
    respond = (res) => sendJson(res, 200, completion(JSON.stringify(lowerCase)));

    const analysis = await llm().analyze(MESSAGES, OPTIONS);

    expect(analysis.extractedInfo.specialty).toBe('Cardiology');
  });

  it('falls back to the built-in analyser when the answer is not JSON', async () => {
    respond = (res) => sendJson(res, 200, completion('Sure! The patient wants cardiology.'));

    const result = await analyzeWithFallback(MESSAGES, OPTIONS, llm());

    expect(result.analysis).toEqual(analyzeConversation(MESSAGES, OPTIONS));
    expect(result.analyzer).toEqual({
      kind: 'built-in',
      model: null,
      fallbackReason:
        'LLM answered with text that is not JSON (model test-model); used the built-in analyser',
    });
  });

  it('falls back when the JSON does not match the analysis schema', async () => {
    const invalid = { ...SERVER_ANALYSIS, intent: 'maybe-book', confidence: { overall: 2 } };
    respond = (res) => sendJson(res, 200, completion(JSON.stringify(invalid)));

    const result = await analyzeWithFallback(MESSAGES, OPTIONS, llm());

    expect(result.analyzer.kind).toBe('built-in');
    expect(result.analyzer.fallbackReason).toMatch(/^LLM analysis does not match the schema \(/);
    expect(result.analyzer.fallbackReason).toContain('intent');
    expect(result.analysis.extractedInfo.specialty).toBe('Cardiology');
  });

  it('falls back on an HTTP 500, without retrying', async () => {
    respond = (res) => sendJson(res, 500, { error: { message: 'model overloaded' } });

    const result = await analyzeWithFallback(MESSAGES, OPTIONS, llm());

    expect(result.analyzer).toEqual({
      kind: 'built-in',
      model: null,
      fallbackReason:
        'LLM endpoint answered HTTP 500 (model test-model); used the built-in analyser',
    });
    expect(requests).toHaveLength(1);
  });

  it('rejects with an LlmAnalysisError when used directly', async () => {
    respond = (res) => sendJson(res, 503, { error: { message: 'unavailable' } });

    await expect(llm().analyze(MESSAGES, OPTIONS)).rejects.toThrow(
      new LlmAnalysisError('LLM endpoint answered HTTP 503'),
    );
  });

  it('falls back when the server does not answer within the timeout', async () => {
    respond = () => {
      // Never answer: the client's deadline must end the wait.
    };
    // Were the deadline not enforced, this would wait until the test runner gives up.
    const result = await analyzeWithFallback(MESSAGES, OPTIONS, llm(300));

    expect(result.analyzer).toEqual({
      kind: 'built-in',
      model: null,
      fallbackReason:
        'LLM request timed out after 0.3 s (model test-model); used the built-in analyser',
    });
    expect(result.analysis).toEqual(analyzeConversation(MESSAGES, OPTIONS));
  });

  it('falls back when the endpoint cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createLlmAnalyzer({
      baseURL: `http://127.0.0.1:${port}/v1`,
      apiKey: 'test-key',
      model: 'test-model',
    });

    const result = await analyzeWithFallback(MESSAGES, OPTIONS, unreachable);

    expect(result.analyzer.kind).toBe('built-in');
    expect(result.analyzer.fallbackReason).toMatch(/^LLM endpoint could not be reached/);
  });

  it('uses the built-in analyser, with no reason to give, when no LLM is configured', async () => {
    const result = await analyzeWithFallback(MESSAGES, OPTIONS, null);

    expect(result).toEqual({
      analysis: analyzeConversation(MESSAGES, OPTIONS),
      analyzer: { kind: 'built-in', model: null, fallbackReason: null },
    });
  });
});

describe('structured-output schema', () => {
  it('closes every object and requires every property, as strict mode needs', () => {
    const objects: Array<Record<string, unknown>> = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) {
        node.forEach(walk);
      } else if (node !== null && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (record.type === 'object') {
          objects.push(record);
        }
        Object.values(record).forEach(walk);
      }
    };
    const schema = analysisJsonSchema();
    walk(schema);

    expect(schema.$schema).toBeUndefined();
    expect(objects.length).toBeGreaterThanOrEqual(4);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties as object));
    }
  });
});
