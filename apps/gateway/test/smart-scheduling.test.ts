import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { sampleCallerRequest, SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
  useGateway,
} from './helpers.js';

const user = (content: string) => ({ role: 'user', content });
const assistant = (content: string) => ({ role: 'assistant', content });

describe.each(databaseTargets)('smart scheduling on the Mock EHR ($name)', (target) => {
  // An LLM that cannot be reached: every answer must come from the built-in analyser, saying why.
  const gw = useGateway(target, {
    settings: { llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'test-model', timeoutMs: 500 } },
  });

  const schedule = (body: unknown) =>
    gw.app.inject({
      method: 'POST',
      url: '/aggregate/smart-scheduling',
      headers: { 'x-api-key': gw.key },
      payload: body as object,
    });

  it('finds cardiology, its providers and real morning slots for a patient with chest tightness', async () => {
    const response = await schedule({
      messages: [
        assistant('Thanks for calling. How can I help?'),
        user(
          "I've had some chest tightness when I climb stairs and my doctor said I should see a heart specialist.",
        ),
        assistant('I can help with that. When would you like to come in?'),
        user('Sometime next week, mornings are best for me.'),
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const { analysis, analyzer, queryResults, recommendedParameters, availableSlots } =
      body.smartScheduling;
    expect(analysis.intent).toBe('book');
    expect(analysis.extractedInfo.specialty).toBe('Cardiology');
    expect(analysis.extractedInfo.timePreference).toBe('morning');
    expect(analyzer).toEqual({
      kind: 'built-in',
      model: null,
      fallbackReason: expect.stringMatching(/LLM/),
    });
    expect(queryResults.providers.length).toBeGreaterThan(0);
    expect(
      queryResults.providers.every((p: { specialty: string }) => p.specialty === 'Cardiology'),
    ).toBe(true);
    expect(queryResults.departments.map((d: { id: string }) => d.id)).toEqual(['102']);
    expect(recommendedParameters).toMatchObject({
      departmentId: '102',
      appointmentTypeId: expect.any(String),
      startDate: analysis.extractedInfo.datePreference.startDate,
      endDate: analysis.extractedInfo.datePreference.endDate,
    });
    expect(availableSlots.length).toBeGreaterThan(0);
    for (const slot of availableSlots) {
      expect(slot.departmentId).toBe('102');
      expect(Number(slot.startTime.slice(11, 13))).toBeLessThan(12);
      expect(slot.startTime.slice(0, 10) >= recommendedParameters.startDate).toBe(true);
      expect(slot.startTime.slice(0, 10) <= recommendedParameters.endDate).toBe(true);
    }
    expect(body.canProceedWithBooking).toBe(true);
    expect(body.nextSteps.join(' ')).toMatch(/Offer the first available slot/);
  });

  it("the API tester's Smart Scheduling preset finds open slots on a fresh gateway", async () => {
    // The console's preset (apps/console/src/features/endpoints/lib/presets.ts), as it is sent.
    const response = await schedule({
      messages: [user(sampleCallerRequest())],
      practiceId: '12345',
      tenantId: 1,
      source: 'mock',
      patientInfo: {
        firstName: SAMPLE_PATIENT.firstName,
        lastName: SAMPLE_PATIENT.lastName,
        dob: SAMPLE_PATIENT.dob,
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.smartScheduling.availableSlots.length).toBeGreaterThan(0);
    expect(body.canProceedWithBooking).toBe(true);
  });

  it('asks for what is missing when the reason for the visit is unclear', async () => {
    const body = (
      await schedule({ messages: [user('Hi, I need to make an appointment please.')] })
    ).json();
    expect(body.smartScheduling.analysis.intent).toBe('book');
    expect(body.smartScheduling.analysis.missingInfo.length).toBeGreaterThan(0);
    expect(body.canProceedWithBooking).toBe(false);
    expect(body.nextSteps.some((step: string) => step.startsWith('Ask the caller for'))).toBe(true);
  });

  it('sends an emergency to 911 instead of offering slots', async () => {
    const body = (
      await schedule({
        messages: [user("My husband has crushing chest pain and he's sweating and can't breathe")],
      })
    ).json();
    expect(body.smartScheduling.analysis.extractedInfo.urgency).toBe('emergency');
    expect(body.smartScheduling.availableSlots).toEqual([]);
    expect(body.canProceedWithBooking).toBe(false);
    expect(body.nextSteps[0]).toMatch(/911/);
  });

  it('recognises a cancellation and offers no slots', async () => {
    const body = (
      await schedule({
        messages: [user('I need to cancel my appointment with Dr. Haddad on Thursday.')],
      })
    ).json();
    expect(body.smartScheduling.analysis.intent).toBe('cancel');
    expect(body.smartScheduling.availableSlots).toEqual([]);
    expect(body.canProceedWithBooking).toBe(false);
  });

  it.each([
    [{}, 'messages'],
    [{ messages: [] }, 'messages'],
    [{ messages: Array.from({ length: 51 }, () => user('hello')) }, 'messages'],
    [{ messages: [user('x'.repeat(4001))] }, 'messages.0.content'],
    [{ messages: [{ role: 'doctor', content: 'hi' }] }, 'messages.0.role'],
    [{ messages: [user('hi')], tenantId: 'one' }, 'tenantId'],
    [{ messages: [user('hi')], tenantId: 2_147_483_648 }, 'tenantId'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await schedule(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('answers 404 for an unknown tenant', async () => {
    const response = await schedule({ messages: [user('book a physical')], tenantId: 424242 });
    expect(response.statusCode).toBe(404);
  });
});

describe('smart scheduling with an LLM analyser', () => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let llmServer: Server;
  const requests: Array<{ model: string }> = [];

  beforeAll(async () => {
    // A minimal OpenAI-compatible endpoint that answers every chat completion with one analysis.
    llmServer = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        requests.push(JSON.parse(raw) as { model: string });
        const analysis = {
          intent: 'book',
          confidence: {
            overall: 0.9,
            department: 0.9,
            provider: 0.2,
            appointmentType: 0.7,
            dateTime: 0.8,
          },
          extractedInfo: {
            specialty: 'Dermatology',
            urgency: 'routine',
            timePreference: 'morning',
            datePreference: null,
            providerName: null,
            appointmentTypeHint: 'skin check',
          },
          missingInfo: [],
          aiReasoning: 'The caller wants a mole looked at.',
        };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'test-model',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: JSON.stringify(analysis) },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => llmServer.listen(0, '127.0.0.1', resolve));
    const { port } = llmServer.address() as AddressInfo;
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      settings: {
        llm: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model', apiKey: 'sk-test' },
      },
    });
    ({ key } = await createApiKey(app, await signIn(app)));
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await new Promise((resolve) => llmServer.close(resolve));
  });

  it('uses the model\u2019s analysis and offers morning skin-check slots in dermatology', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/aggregate/smart-scheduling',
      headers: { 'x-api-key': key },
      payload: { messages: [{ role: 'user', content: 'Can someone look at a mole on my back?' }] },
    });
    expect(response.statusCode).toBe(200);
    const { smartScheduling, canProceedWithBooking } = response.json();
    expect(smartScheduling.analyzer).toEqual({
      kind: 'llm',
      model: 'test-model',
      fallbackReason: null,
    });
    expect(requests.at(-1)?.model).toBe('test-model');
    expect(smartScheduling.queryResults.departments.map((d: { id: string }) => d.id)).toEqual([
      '148',
    ]);
    expect(smartScheduling.availableSlots.length).toBeGreaterThan(0);
    expect(
      smartScheduling.availableSlots.every(
        (s: { startTime: string; appointmentType: string }) =>
          Number(s.startTime.slice(11, 13)) < 12 && s.appointmentType === 'Skin Check',
      ),
    ).toBe(true);
    expect(canProceedWithBooking).toBe(true);
  });
});
