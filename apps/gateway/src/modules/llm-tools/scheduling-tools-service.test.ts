import type { PatientDetail, Tenant } from '@ehr-gateway/contracts';
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

function serviceWith(client: Partial<EhrClient>) {
  return createSchedulingToolsService({
    ehr: { forSource: () => client as EhrClient, practiceIdFor: () => '12345' },
    voiceConfig: {
      getTenant: async (id) => ({ id, ehrSource: 'mock', practiceId: null }) as unknown as Tenant,
      getGlobalConfig: async () => ({ value: null }),
    },
    smartScheduling: {
      schedule: async () => {
        throw new Error('not used');
      },
    },
    idempotency: {
      run: async (_scope, _key, _request, work) => ({ ...(await work()), replayed: false }),
    },
    tokens: createToolTokens({ secret: 'unit-test-secret-0123456789-0123456789' }),
  });
}

const ctx = { requestId: 'test' };
const call = (name: 'verify_patient' | 'register_patient', args: Record<string, unknown>) => ({
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
      listDepartments: async () => ({
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
      }),
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
      }),
      ctx,
    );
    expect(outcome).toEqual({
      result:
        'To register you I also need your home ZIP code. Could you tell me? {"registered":false,"ask":"your home ZIP code","reason":"zip: a ZIP code is required by this practice"}',
    });
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
