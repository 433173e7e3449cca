import type {
  OpenSlot,
  PatientDetail,
  Provider,
  SmartSchedulingResult,
  Tenant,
  VoiceToolName,
} from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { HttpError } from '../../lib/http-errors.js';
import type { EhrClient } from '../ehr/index.js';
import { createSchedulingToolsService } from './scheduling-tools-service.js';
import { createToolTokens } from './tool-tokens.js';

const patient = (id: string, phone: string): PatientDetail => ({
  id,
  firstName: 'Maria',
  lastName: 'Garcia',
  dob: '1980-02-02',
  gender: 'F',
  phone,
  email: null,
  address: { line1: null, city: null, state: null, zip: null },
  departmentId: '1',
  primaryProviderId: null,
});

function serviceWith(
  client: Partial<EhrClient>,
  schedule: (body: unknown) => Promise<SmartSchedulingResult> = async () => {
    throw new Error('not used');
  },
) {
  return createSchedulingToolsService({
    ehr: { forSource: () => client as EhrClient, practiceIdFor: () => '12345' },
    voiceConfig: {
      getTenant: async (id) => ({ id, ehrSource: 'mock', practiceId: null }) as unknown as Tenant,
      getGlobalConfig: async () => ({ value: null }),
    },
    smartScheduling: { schedule },
    idempotency: {
      run: async (_scope, _key, _request, work) => ({ ...(await work()), replayed: false }),
    },
    tokens: createToolTokens({ secret: 'unit-test-secret-0123456789-0123456789' }),
  });
}

/** The practice's one department, where a registration puts a new caller. */
const oneDepartment: EhrClient['listDepartments'] = async () => ({
  totalCount: 1,
  departments: [
    {
      id: '1',
      name: 'Main',
      address: { line1: null, city: null, state: null, zip: null },
      phone: null,
      timezone: 'America/Chicago',
    },
  ],
});

const ctx = { requestId: 'test' };
const call = (name: VoiceToolName, args: Record<string, unknown>) => ({
  name,
  args,
  callId: 'call-1',
  toolCallId: 'tool-1',
});

describe('scheduling tools', () => {
  it('asks for the phone number when two patients share a name and date of birth, then tells them apart', async () => {
    const service = serviceWith({
      findPatients: async () => [patient('1', '3125550142'), patient('2', '3125550199')],
    });
    const who = { firstName: 'Maria', lastName: 'Garcia', dob: '1980-02-02' };
    const ambiguous = await service.run(call('verify_patient', who), ctx);
    expect(ambiguous).toEqual({
      result:
        'I found more than one record with that name and date of birth. Can you give me your phone number? {"verified":false,"reason":"ambiguous","ask":"phone"}',
    });
    const known = await service.run(
      call('verify_patient', { ...who, phone: '(312) 555-0199' }),
      ctx,
    );
    expect('result' in known && known.result).toMatch(
      /^Thank you, Maria, I found your record\. \{"verified":true,"patientRef":"[^"]+"\}$/,
    );
    // Neither the record's other details nor its id are said or handed out.
    expect('result' in known && known.result).not.toMatch(/3125550142|"2"|Garcia/);
  });

  it("answers the EHR's refusal of a registration with a question for the caller", async () => {
    const service = serviceWith({
      listDepartments: oneDepartment,
      createPatient: async () => {
        throw new HttpError(400, 'zip: a ZIP code is required by this practice', 'ATHENA_INVALID');
      },
    });
    const outcome = await service.run(
      call('register_patient', {
        firstName: 'Maria',
        lastName: 'Garcia',
        dob: '1980-02-02',
        phone: '312-555-0142',
        spellingConfirmed: true,
      }),
      ctx,
    );
    expect(outcome).toEqual({
      result:
        'To register you I also need your home ZIP code. Could you tell me? {"registered":false,"ask":"your home ZIP code","reason":"zip: a ZIP code is required by this practice"}',
    });
  });

  it('registers a new caller one question at a time, reading the spelling back first', async () => {
    const created: unknown[] = [];
    const service = serviceWith({
      listDepartments: oneDepartment,
      createPatient: async (_practice, patient) => {
        created.push(patient);
        return { patientId: '4242', created: true };
      },
    });
    const said: string[] = [];
    const details: Record<string, unknown> = {};
    for (const [field, value] of [
      ['firstName', 'Maria'],
      ['lastName', 'Garcia'],
      ['dob', '1980-02-02'],
      ['phone', '312-555-0142'],
      ['spellingConfirmed', true],
    ] as const) {
      const outcome = await service.run(call('register_patient', details), ctx);
      said.push('result' in outcome ? outcome.result : outcome.error);
      details[field] = value;
    }
    expect(said).toEqual([
      'What is your first name? {"registered":false,"ask":"firstName"}',
      'And your last name? Could you spell it for me? {"registered":false,"ask":"lastName"}',
      'What is your date of birth? {"registered":false,"ask":"dob"}',
      'What is the best phone number to reach you? {"registered":false,"ask":"phone"}',
      'Let me make sure I have it right: Maria, M-A-R-I-A; Garcia, G-A-R-C-I-A; born February 2, 1980. Is that correct? {"registered":false,"ask":"spellingConfirmed"}',
    ]);
    // Nothing reaches the EHR until the caller has confirmed the spelling.
    expect(created).toEqual([]);
    const done = await service.run(call('register_patient', details), ctx);
    expect('result' in done && done.result).toMatch(
      /^Welcome, Maria\. You're registered with the practice\. \{"registered":true,"patientRef":"[^"]+"\}$/,
    );
    expect(created).toMatchObject([{ firstName: 'Maria', phone: '3125550142', departmentId: '1' }]);
  });

  it('says the scheduling system is away instead of failing the call', async () => {
    const service = serviceWith({
      findPatients: async () => {
        throw new HttpError(503, 'athena is not answering', 'ATHENA_UNAVAILABLE');
      },
    });
    const outcome = await service.run(
      call('verify_patient', { firstName: 'Maria', lastName: 'Garcia', dob: '1980-02-02' }),
      ctx,
    );
    expect(outcome).toEqual({
      error:
        "The practice's scheduling system is not answering right now; offer to transfer the caller to staff",
    });
  });
});

const RUIZ: Provider = {
  id: '71',
  firstName: 'Ana',
  lastName: 'Ruiz',
  displayName: 'Ana Ruiz',
  specialty: 'Pediatrics',
  npi: null,
  providerType: 'MD',
  homeDepartmentId: '21',
};
const SLOT: OpenSlot = {
  id: 's1',
  departmentId: '21',
  providerId: '71',
  appointmentTypeId: '4',
  appointmentType: 'Well Child',
  // Said in UTC here: the answer names no department with a timezone.
  startTime: '2026-12-01T08:30:00-06:00',
  endTime: '2026-12-01T08:50:00-06:00',
  duration: 20,
};

/** A smart-scheduling answer: these providers searched (none: no search ran), these slots found. */
function answer(providers: Provider[], slots: OpenSlot[]): SmartSchedulingResult {
  return {
    success: true,
    smartScheduling: {
      analysis: {
        intent: 'book',
        confidence: { overall: 1, department: 1, provider: 0, appointmentType: 0, dateTime: 1 },
        extractedInfo: {
          specialty: null,
          urgency: 'routine',
          timePreference: 'morning',
          datePreference: null,
          providerName: null,
          appointmentTypeHint: null,
        },
        missingInfo: [],
        aiReasoning: '',
      },
      analyzer: { kind: 'built-in', model: null, fallbackReason: null },
      queryResults: { departments: [], providers, appointmentTypes: [] },
      recommendedParameters: {
        departmentId: null,
        providerId: null,
        appointmentTypeId: null,
        startDate: '2026-11-30',
        endDate: '2026-12-04',
      },
      availableSlots: slots,
    },
    canProceedWithBooking: slots.length > 0,
    nextSteps: [],
  };
}

describe('what find_open_slots says', () => {
  /** Every answer a search gives, in turn; records whether any provider was searched. */
  function searching(...answers: SmartSchedulingResult[]) {
    const searchedWithProviders: boolean[] = [];
    const service = serviceWith({}, async () => {
      const next = answers[Math.min(searchedWithProviders.length, answers.length - 1)]!;
      searchedWithProviders.push(next.smartScheduling.queryResults.providers.length > 0);
      return next;
    });
    return { service, searchedWithProviders };
  }
  const find = (args: Record<string, unknown>) => call('find_open_slots', args);

  it('never says "could not find" unless a search with at least one provider ran', async () => {
    const situations = [
      [answer([], [])],
      [answer([RUIZ], []), answer([RUIZ], [])],
      [answer([RUIZ], []), answer([RUIZ], [SLOT])],
      [answer([RUIZ], [SLOT])],
    ];
    const argsTried = [
      {},
      { specialty: 'pediatrics' },
      { providerName: 'Dr. Nobody' },
      { appointmentType: 'check-up', dateFrom: 'the first thing you have' },
    ];
    for (const answers of situations) {
      for (const args of argsTried) {
        const { service, searchedWithProviders } = searching(...answers);
        const outcome = await service.run(find(args), ctx);
        const said = 'result' in outcome ? outcome.result : outcome.error;
        if (/could not find|no open/i.test(said)) {
          expect(searchedWithProviders, said).toContain(true);
        }
      }
    }
  });

  it('asks for the one missing thing when no provider fits', async () => {
    const { service } = searching(answer([], []));
    expect(await service.run(find({ timeOfDay: 'morning' }), ctx)).toEqual({
      result:
        'Who is the appointment for? May I have their name and date of birth? {"offers":[],"ask":true}',
    });
    expect(await service.run(find({ specialty: 'podiatry' }), ctx)).toEqual({
      result:
        'This practice doesn\'t offer podiatry. Is there another kind of care I can look for? {"offers":[],"ask":true}',
    });
  });

  it('says what it searched and offers the first available when that time is full', async () => {
    const { service, searchedWithProviders } = searching(
      answer([RUIZ], []),
      answer([RUIZ], [SLOT]),
    );
    const outcome = await service.run(find({ dateFrom: 'next week', timeOfDay: 'morning' }), ctx);
    expect(searchedWithProviders).toEqual([true, true]);
    expect('result' in outcome && outcome.result).toMatch(
      /^I could not find an open time with Dr\. Ana Ruiz between Monday November 30th and Friday December 4th in the morning\. The nearest I have is Tuesday December 1st at 2:30 in the afternoon with Dr\. Ana Ruiz, pediatrics\. Would that work\? \{"offers":\[\{"slotToken":"[^"]+","when":"Tuesday December 1st/,
    );
  });
});
