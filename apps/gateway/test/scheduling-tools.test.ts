import { readFileSync } from 'node:fs';

import { HEADERS, VOICE_TOOL_NAMES } from '@ehr-gateway/contracts';
import { SAMPLE_PATIENT } from '@ehr-gateway/synthetic-practice';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signForRetell } from '../src/modules/llm-tools/retell-signature.js';
import { MAX_SPOKEN_CHARS } from '../src/modules/llm-tools/spoken.js';
import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  startSandbox,
  type TestStorage,
} from './helpers.js';

const SANDBOX_SECRET = 'sandbox-secret-value-0123';
const RETELL_API_KEY = 'retell-api-key-for-tests-0123';
const VAPI_PATH = '/llm/tools/query-healthcare-entities';
const validateVapiAnswer = new Ajv({ strict: false }).compile(
  JSON.parse(
    readFileSync(
      new URL('./fixtures/vapi-tool-calls-response.schema.json', import.meta.url),
      'utf8',
    ),
  ) as object,
);

/** The seeded pediatric patient both EHRs know (the synthetic practice). */
const LINDA = {
  firstName: SAMPLE_PATIENT.firstName,
  lastName: SAMPLE_PATIENT.lastName,
  dob: SAMPLE_PATIENT.dob,
};

type Platform = 'vapi' | 'retell';

interface Answer {
  sentence: string;
  data: Record<string, unknown>;
}

/** Splits a tool's answer into the sentence said and the JSON kept for the agent. */
function readAnswer(text: string): Answer {
  const start = text.indexOf(' {');
  const sentence = start === -1 ? text : text.slice(0, start);
  expect(sentence.length).toBeLessThanOrEqual(MAX_SPOKEN_CHARS);
  expect(text).not.toMatch(/[\r\n*#`]/);
  return {
    sentence,
    data: start === -1 ? {} : (JSON.parse(text.slice(start + 1)) as Record<string, unknown>),
  };
}

describe('voice-agent scheduling tools', () => {
  let sandbox: FastifyInstance;
  let storage: TestStorage;
  let app: FastifyInstance;
  let key: string;
  let athenaTenantId: number;

  beforeAll(async () => {
    let sandboxUrl: string;
    ({ sandbox, url: sandboxUrl } = await startSandbox({ clientSecret: SANDBOX_SECRET }));
    storage = await openTestStorage({ name: 'pglite' });
    app = await buildGateway(storage, {
      settings: {
        athena: {
          baseUrl: sandboxUrl,
          clientId: 'sandbox-client',
          clientSecret: SANDBOX_SECRET,
          practiceId: '195900',
        },
        retellApiKey: RETELL_API_KEY,
        toolTokenSecret: 'tool-token-secret-for-the-tests-0123456789',
      },
    });
    const cookie = await signIn(app);
    ({ key } = await createApiKey(app, cookie));
    const tenant = await app.inject({
      method: 'POST',
      url: '/voice-config/tenants',
      headers: { [HEADERS.apiKey]: key },
      payload: { name: 'Athena line', ehrSource: 'athena', practiceId: '195900' },
    });
    expect(tenant.statusCode, tenant.body).toBe(201);
    athenaTenantId = (tenant.json() as { id: number }).id;
  });
  afterAll(async () => {
    await app.close();
    await storage.dispose();
    await sandbox.close();
  });

  /** One tool call as Vapi sends it: a `tool-calls` message with the call's id. */
  function postVapiToolCall(
    callId: string,
    toolCallId: string,
    name: string,
    args: Record<string, unknown>,
  ) {
    return app.inject({
      method: 'POST',
      url: VAPI_PATH,
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key },
      payload: {
        message: {
          type: 'tool-calls',
          call: { id: callId },
          toolCallList: [{ id: toolCallId, type: 'function', function: { name, arguments: args } }],
        },
      },
    });
  }

  /** A phone call: tool calls over one platform, all with the same call id. */
  function phoneCall(platform: Platform, callId: string, tenantId?: number) {
    let sequence = 0;
    return async (
      name: string,
      args: Record<string, unknown>,
      toolCallId = `${callId}-tool-${(sequence += 1)}`,
    ): Promise<Answer> => {
      const withTenant = tenantId === undefined ? args : { ...args, tenant_id: tenantId };
      if (platform === 'vapi') {
        const response = await postVapiToolCall(callId, toolCallId, name, withTenant);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(validateVapiAnswer(body), JSON.stringify(validateVapiAnswer.errors)).toBe(true);
        const [result] = body.results as Array<{ result?: string; error?: string }>;
        expect(result?.error, result?.error).toBeUndefined();
        return readAnswer(result!.result!);
      }
      // Retell retries with the same body; the tool call id travels in it as a field of the call.
      const raw = JSON.stringify({
        call: { call_id: callId, retry_of: toolCallId },
        name,
        args: withTenant,
      });
      const response = await app.inject({
        method: 'POST',
        url: `/llm/tools/retell/${name}`,
        headers: {
          'content-type': 'application/json',
          [HEADERS.retellSignature]: signForRetell(raw, RETELL_API_KEY),
        },
        payload: raw,
      });
      expect(response.statusCode, response.body).toBe(200);
      return readAnswer((response.json() as { result: string }).result);
    };
  }

  describe.each([
    ['vapi', 'mock'],
    ['vapi', 'athena'],
    ['retell', 'mock'],
    ['retell', 'athena'],
  ] as const)('a scripted call over %s against the %s EHR', (platform, source) => {
    it('verifies the caller, finds slots, books, lists, reschedules and cancels', async () => {
      const tenantId = source === 'athena' ? athenaTenantId : undefined;
      const practice = source === 'athena' ? '195900' : '12345';
      const tool = phoneCall(platform, `call-${platform}-${source}`, tenantId);

      const verified = await tool('verify_patient', LINDA);
      expect(verified.sentence).toBe('Thank you, Linda, I found your record.');
      const patientRef = verified.data.patientRef as string;
      // The reference is opaque: no EHR id, no name.
      expect(patientRef).not.toMatch(/Wright|1001|"patientId"/);

      const found = await tool('find_open_slots', {
        specialty: 'pediatrics',
        appointmentType: 'well child visit',
        dateFrom: 'next week',
        timeOfDay: 'morning',
        patientRef,
      });
      const offers = found.data.offers as Array<{ slotToken: string; when: string }>;
      expect(offers.length, found.sentence).toBeGreaterThanOrEqual(2);
      expect(offers[0]!.when).toMatch(
        /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \w+ \d{1,2}(st|nd|rd|th) at \d{1,2}(:\d{2})? in the morning with /,
      );
      expect(found.sentence).toContain(offers[0]!.when);

      const booking = { patientRef, slotToken: offers[0]!.slotToken, reason: 'well child visit' };
      const booked = await tool('book_appointment', booking, `book-${platform}-${source}`);
      expect(booked.data.booked, booked.sentence).toBe(true);
      expect(booked.sentence).toMatch(
        /^You're booked for .+ Your confirmation number is [\d ,]+\.$/,
      );
      const confirmation = booked.data.confirmationNumber as string;

      // A retried tool call books once: the same answer, no second appointment.
      const retried = await tool('book_appointment', booking, `book-${platform}-${source}`);
      expect(retried.data.confirmationNumber).toBe(confirmation);

      // The booking is in the EHR, for this patient.
      const stored = await app.inject({
        method: 'GET',
        url: `/api/${practice}/appointments/${confirmation}?source=${source}`,
        headers: { [HEADERS.apiKey]: key },
      });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toMatchObject({ status: 'Scheduled' });

      // The same slot asked for again (a new tool call) is taken: other times are offered.
      const taken = await tool('book_appointment', booking);
      expect(taken.sentence).toMatch(/^Sorry, that time was just taken\./);
      expect(taken.data).toMatchObject({ booked: false, reason: 'slot_taken' });

      const listed = await tool('list_appointments', { patientRef });
      const upcoming = listed.data.appointments as Array<{ appointment: string; when: string }>;
      expect(upcoming.length, listed.sentence).toBeGreaterThanOrEqual(1);
      const bookedTime = offers[0]!.when.split(' with ')[0]!;
      const mine = upcoming.find((entry) => entry.when.includes(bookedTime))!;
      expect(mine, `${listed.sentence} / ${bookedTime}`).toBeDefined();

      const moved = await tool('reschedule_appointment', {
        patientRef,
        appointment: mine.appointment,
        slotToken: offers[1]!.slotToken,
      });
      expect(moved.data.rescheduled, moved.sentence).toBe(true);
      const old = await app.inject({
        method: 'GET',
        url: `/api/${practice}/appointments/${confirmation}?source=${source}`,
        headers: { [HEADERS.apiKey]: key },
      });
      expect(old.json()).toMatchObject({ status: 'Cancelled' });

      const cancelled = await tool('cancel_appointment', {
        patientRef,
        appointment: moved.data.appointment as string,
      });
      expect(cancelled.sentence).toMatch(/^Your appointment .+ is cancelled\.$/);
      const gone = await app.inject({
        method: 'GET',
        url: `/api/${practice}/appointments/${moved.data.confirmationNumber as string}?source=${source}`,
        headers: { [HEADERS.apiKey]: key },
      });
      expect(gone.json()).toMatchObject({ status: 'Cancelled' });
    });

    it('offers a verified patient who asks only for "the first thing you have" real slots', async () => {
      const tenantId = source === 'athena' ? athenaTenantId : undefined;
      const tool = phoneCall(platform, `call-first-${platform}-${source}`, tenantId);
      const { data } = await tool('verify_patient', LINDA);
      const found = await tool('find_open_slots', {
        dateFrom: 'the first thing you have',
        patientRef: data.patientRef,
      });
      const offers = found.data.offers as Array<{ when: string }>;
      expect(offers.length, found.sentence).toBeGreaterThan(0);
      // Linda is a child: pediatrics, and the earliest first.
      expect(offers[0]!.when, found.sentence).toContain('pediatrics');
      expect(found.sentence).not.toMatch(/could not find/);
    });
  });

  it('says so when it cannot find the caller, and never reads back what they did not say', async () => {
    const tool = phoneCall('vapi', 'call-unknown');
    const unknown = await tool('verify_patient', { ...LINDA, dob: '2017-04-20' });
    expect(unknown.sentence).toBe(
      "I couldn't find you with that name and date of birth. Could you spell your last name for me? If you're new to the practice, I can register you now.",
    );
    expect(unknown.data).toEqual({
      verified: false,
      reason: 'not_found',
      offer: 'register_patient',
    });
  });

  it.each(['mock', 'athena'] as const)(
    'registers an unknown caller against the %s EHR and books them in the same call',
    async (source) => {
      const tool = phoneCall(
        'retell',
        `call-new-${source}`,
        source === 'athena' ? athenaTenantId : undefined,
      );
      const who = { firstName: 'Noor', lastName: `Haddad${source}`, dob: '1991-03-05' };
      const asked = await tool('register_patient', who);
      expect(asked.data).toEqual({ registered: false, ask: 'phone' });
      const spelled = await tool('register_patient', { ...who, phone: '312-555-0177' });
      expect(spelled.sentence).toMatch(/^Let me make sure I have it right: Noor, N-O-O-R; Haddad/);
      const registered = await tool('register_patient', {
        ...who,
        phone: '312-555-0177',
        zip: '60601',
        sex: 'F',
        spellingConfirmed: true,
      });
      expect(registered.data.registered, registered.sentence).toBe(true);
      const patientRef = registered.data.patientRef as string;
      const found = await tool('find_open_slots', { specialty: 'family medicine', patientRef });
      const offers = found.data.offers as Array<{ slotToken: string }>;
      expect(offers.length, found.sentence).toBeGreaterThan(0);
      const booked = await tool('book_appointment', {
        patientRef,
        slotToken: offers[0]!.slotToken,
      });
      expect(booked.data.booked, booked.sentence).toBe(true);
    },
  );

  it('refuses a reference from another call or another tenant', async () => {
    const first = phoneCall('vapi', 'call-a');
    const { data } = await first('verify_patient', LINDA);
    const other = phoneCall('vapi', 'call-b');
    const fromAnotherCall = await other('list_appointments', { patientRef: data.patientRef });
    expect(fromAnotherCall.sentence).toBe('That reference belongs to another call.');
    const fromAnotherTenant = await first('list_appointments', {
      patientRef: data.patientRef,
      tenant_id: athenaTenantId,
    });
    expect(fromAnotherTenant.sentence).toBe('That reference belongs to another call.');
    const forged = await first('list_appointments', { patientRef: `${'x'.repeat(30)}` });
    expect(forged.sentence).toBe('That reference is not one I gave in this call.');
  });

  it('asks for what is missing instead of guessing', async () => {
    const response = await postVapiToolCall('call-bad', 't1', 'verify_patient', {
      firstName: 'Linda',
    });
    const [result] = response.json().results as Array<{ error?: string }>;
    expect(result?.error).toBe(
      'Invalid arguments for verify_patient: lastName: Invalid input: expected string, received undefined; dob: Invalid input: expected string, received undefined',
    );
  });

  it('hands over to staff at the configured number', async () => {
    const tool = phoneCall('retell', 'call-handoff');
    const none = await tool('transfer_to_staff', { reason: 'billing question' });
    expect(none.data).toMatchObject({ transfer: false });
    const saved = await app.inject({
      method: 'POST',
      url: '/voice-config/global-config',
      headers: { [HEADERS.apiKey]: key },
      payload: { key: 'staff_handoff_number', value: '+13125550100' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const handoff = await tool('transfer_to_staff', { reason: 'billing question' });
    expect(handoff).toEqual({
      sentence: 'Let me connect you with someone at the practice.',
      data: { transfer: true, destination: '+13125550100', reason: 'billing question' },
    });
  });

  describe('Retell signatures', () => {
    const raw = JSON.stringify({ call: { call_id: 'sig' }, name: 'verify_patient', args: LINDA });
    const send = (signature?: string) =>
      app.inject({
        method: 'POST',
        url: '/llm/tools/retell/verify_patient',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [HEADERS.retellSignature]: signature } : {}),
        },
        payload: raw,
      });

    it('accepts a fresh signature of the raw body', async () => {
      const response = await send(signForRetell(raw, RETELL_API_KEY));
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatch(/^Thank you, Linda/);
    });

    it('refuses one made with another key, over another body, or none', async () => {
      for (const signature of [
        signForRetell(raw, 'another-retell-key-0123456789'),
        signForRetell(`${raw} `, RETELL_API_KEY),
        'v=123,d=abc',
      ]) {
        const response = await send(signature);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('RETELL_SIGNATURE_INVALID');
      }
      expect((await send()).statusCode).toBe(401);
    });

    it('refuses a signature that fails even when a valid API key comes with it', async () => {
      for (const signature of [signForRetell(raw, 'another-retell-key-0123456789'), 'v=1,d=0']) {
        const response = await app.inject({
          method: 'POST',
          url: '/llm/tools/retell/verify_patient',
          headers: {
            'content-type': 'application/json',
            [HEADERS.apiKey]: key,
            [HEADERS.retellSignature]: signature,
          },
          payload: raw,
        });
        expect(response.statusCode, signature).toBe(401);
        expect(response.json().code).toBe('RETELL_SIGNATURE_INVALID');
      }
      const both = await app.inject({
        method: 'POST',
        url: '/llm/tools/retell/verify_patient',
        headers: {
          'content-type': 'application/json',
          [HEADERS.apiKey]: key,
          [HEADERS.retellSignature]: signForRetell(raw, RETELL_API_KEY),
        },
        payload: raw,
      });
      expect(both.statusCode, both.body).toBe(200);
    });

    it('takes the arguments alone too, with an API key instead of a signature', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/llm/tools/retell/verify_patient',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key },
        payload: LINDA,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatch(/^Thank you, Linda, I found your record\. \{/);
    });

    it('refuses a stale one', async () => {
      const response = await send(signForRetell(raw, RETELL_API_KEY, Date.now() - 10 * 60_000));
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('RETELL_SIGNATURE_STALE');
    });

    it('logs the calls under the tools source, with no patient data', async () => {
      await send(signForRetell(raw, RETELL_API_KEY));
      const cookie = await signIn(app);
      await app.requestLogWriter.flush();
      const logs = await app.inject({
        method: 'GET',
        url: '/admin/logs?source=tools&limit=5',
        headers: { cookie },
      });
      const entries = logs.json().logs as Array<{ id: string; endpoint: string }>;
      expect(entries.length).toBeGreaterThan(0);
      const detail = await app.inject({
        method: 'GET',
        url: `/admin/logs/${entries[0]!.id}`,
        headers: { cookie },
      });
      expect(detail.body).not.toMatch(/Linda|Wright|2017-04-19/);
    });
  });

  describe('definitions', () => {
    it.each(['vapi', 'retell', 'openai'] as const)(
      'for %s: every tool, with schemas that accept the arguments the tests send and refuse bad ones',
      async (platform) => {
        const response = await app.inject({
          method: 'GET',
          url: `/llm/tools/definitions?platform=${platform}`,
          headers: { [HEADERS.apiKey]: key, host: 'gateway.clinic.test' },
        });
        expect(response.statusCode).toBe(200);
        interface Definition {
          name?: string;
          parameters?: object;
          url?: string;
          function?: { name: string; parameters: object };
          server?: { url: string };
        }
        const body = response.json() as { tools: Definition[] };
        const byName = new Map(
          body.tools.map((tool) => [
            tool.name ?? tool.function?.name ?? '',
            tool.parameters ?? tool.function?.parameters ?? {},
          ]),
        );
        expect([...byName.keys()]).toEqual(VOICE_TOOL_NAMES);
        if (platform === 'vapi') {
          expect(body.tools[0]!.server?.url).toBe(`http://gateway.clinic.test${VAPI_PATH}`);
        }
        if (platform === 'retell') {
          expect(body.tools[0]!.url).toBe(
            'http://gateway.clinic.test/llm/tools/retell/verify_patient',
          );
        }
        const ajv = new Ajv({ strict: false });
        const verify = ajv.compile(byName.get('verify_patient')!);
        expect(verify(LINDA)).toBe(true);
        expect(verify({ ...LINDA, dob: '19/04/2017' })).toBe(false);
        expect(verify({ firstName: 'Linda' })).toBe(false);
        const find = ajv.compile(byName.get('find_open_slots')!);
        expect(find({ specialty: 'pediatrics', dateFrom: 'next week', timeOfDay: 'morning' })).toBe(
          true,
        );
        expect(find({ timeOfDay: 'midnight' })).toBe(false);
      },
    );
  });
});
