import type { OpenSlot, PatientDetail, Provider, Tenant } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import type { EhrClient, SlotSearch } from '../../ehr/index.js';
import { createSmartSchedulingModule } from '../../smart-scheduling/index.js';
import { createSchedulingToolsService } from '../scheduling-tools-service.js';
import { createToolTokens } from '../tool-tokens.js';

/** Friday November 27th 2026 at 6:30 in the evening in Chicago (already Saturday in UTC). */
const FRIDAY_EVENING = new Date('2026-11-28T00:30:00Z');

const family: Provider = {
  id: '7',
  firstName: 'Ana',
  lastName: 'Ruiz',
  displayName: 'Dr. Ana Ruiz',
  specialty: 'Family Medicine',
  npi: null,
  providerType: 'MD',
  homeDepartmentId: '1',
};

const patient: PatientDetail = {
  id: '501',
  firstName: 'Karen',
  lastName: 'Allen',
  dob: '1974-09-02',
  gender: 'F',
  phone: null,
  email: null,
  address: { line1: null, city: null, state: null, zip: null },
  departmentId: '1',
  primaryProviderId: null,
};

const slot = (id: string, startTime: string): OpenSlot => ({
  id,
  departmentId: '1',
  providerId: family.id,
  appointmentTypeId: '2',
  appointmentType: 'Sick Visit',
  startTime,
  endTime: startTime,
  duration: 20,
});

/**
 * A practice whose clinic is closed at weekends: this morning's slot is gone by the evening, and
 * the next openings are on Monday. Every slot search is recorded.
 */
function practice(nextOpenings = ['2026-11-30T09:00:00-06:00', '2026-11-30T10:00:00-06:00']) {
  const searches: SlotSearch[] = [];
  let historyReads = 0;
  const slots = [
    slot('s-fri', '2026-11-27T09:00:00-06:00'),
    ...nextOpenings.map((startTime, index) => slot(`s-next-${index}`, startTime)),
  ];
  const client: Partial<EhrClient> = {
    source: 'mock',
    listDepartments: async () => ({
      totalCount: 1,
      departments: [
        {
          id: '1',
          name: 'Main Street',
          address: { line1: null, city: null, state: null, zip: null },
          phone: null,
          timezone: 'America/Chicago',
        },
      ],
    }),
    listProviders: async () => ({ totalCount: 1, providers: [family] }),
    listAppointmentTypes: async () => [
      { id: '1', name: 'Office Visit', shortName: null, duration: 20, patientBookable: true },
      { id: '2', name: 'Sick Visit', shortName: null, duration: 20, patientBookable: true },
    ],
    getPatient: async () => patient,
    findPatients: async () => [patient],
    listAppointments: async () => {
      historyReads += 1;
      return { totalCount: 0, appointments: [] };
    },
    listOpenSlots: async (_practiceId, search) => {
      searches.push(search);
      return slots.filter(
        (s) =>
          s.startTime.slice(0, 10) >= search.startDate &&
          s.startTime.slice(0, 10) <= search.endDate,
      );
    },
  };
  const ehr = { forSource: () => client as EhrClient, practiceIdFor: () => '12345' };
  const getTenant = async (id: number) =>
    ({ id, ehrSource: 'mock', practiceId: null }) as unknown as Tenant;
  // The built-in analyser (no LLM configured), as the gateway runs it.
  const smartScheduling = createSmartSchedulingModule({
    settings: {},
    ehr,
    voiceConfig: { getTenant, listProviders: async () => [] },
    now: () => FRIDAY_EVENING,
  });
  const tools = createSchedulingToolsService({
    ehr,
    voiceConfig: { getTenant, getGlobalConfig: async () => ({ value: null }) },
    smartScheduling,
    idempotency: {
      run: async (_scope, _key, _request, work) => ({ ...(await work()), replayed: false }),
    },
    tokens: createToolTokens({ secret: 'unit-test-secret-0123456789-0123456789' }),
    now: () => FRIDAY_EVENING,
  });
  return { tools, searches, historyReads: () => historyReads };
}

const ctx = { requestId: 'test' };

async function askFor(
  dateFrom: string,
  more: Record<string, unknown> = {},
  nextOpenings?: string[],
) {
  const { tools, searches, historyReads } = practice(nextOpenings);
  const run = async (
    name: 'verify_patient' | 'find_open_slots',
    args: Record<string, unknown>,
    step: number,
  ) => {
    const outcome = await tools.run(
      { name, args, callId: 'call-1', toolCallId: `tool-${step}` },
      ctx,
    );
    if (!('result' in outcome)) {
      throw new Error(outcome.error);
    }
    const brace = outcome.result.indexOf(' {');
    return {
      sentence: outcome.result.slice(0, brace),
      data: JSON.parse(outcome.result.slice(brace + 1)) as Record<string, unknown>,
    };
  };
  const who = await run(
    'verify_patient',
    { firstName: 'Karen', lastName: 'Allen', dob: patient.dob },
    1,
  );
  const found = await run(
    'find_open_slots',
    { patientRef: who.data.patientRef, dateFrom, ...more },
    2,
  );
  return { ...found, searches, historyReads: historyReads() };
}

describe('find_open_slots for "as soon as possible" on a Friday evening', () => {
  it.each(['as soon as possible', 'ASAP'])(
    'offers the earliest openings from now, Monday, in one search and without a word about the weekend (%s)',
    async (dateFrom) => {
      const { sentence, data, searches } = await askFor(dateFrom);
      expect(sentence).toBe(
        'I have Monday November 30th at 9 in the morning with Dr. Ana Ruiz, family medicine, at Main Street; or Monday November 30th at 10 in the morning with Dr. Ana Ruiz, family medicine, at Main Street. Which works best?',
      );
      expect(sentence).not.toMatch(/could not find|Saturday|Sunday/);
      expect(data.offers).toHaveLength(2);
      // One search, of the coming week from the practice's today (the Friday).
      expect(searches).toEqual([
        expect.objectContaining({
          startDate: '2026-11-27',
          endDate: '2026-12-04',
          appointmentTypeId: '2',
        }),
      ]);
    },
  );

  it('searches the month when the week is full, and still offers only the earliest openings', async () => {
    const { sentence, searches } = await askFor('as soon as possible', {}, [
      '2026-12-08T14:00:00-06:00',
    ]);
    expect(sentence).toBe(
      'I have Tuesday December 8th at 2 in the afternoon with Dr. Ana Ruiz, family medicine, at Main Street. Would that work?',
    );
    expect(searches.map((s) => [s.startDate, s.endDate])).toEqual([
      ['2026-11-27', '2026-12-04'],
      ['2026-11-27', '2026-12-27'],
    ]);
  });

  it('still says what was searched when the caller named the days', async () => {
    const { sentence } = await askFor('tomorrow');
    expect(sentence).toMatch(
      /^I could not find an open time .*Saturday November 28th.* The nearest I have is Monday November 30th/,
    );
  });
});

describe("find_open_slots and the patient's history", () => {
  it('reads it for the default providers, and not when the caller named the kind of care or the provider', async () => {
    expect((await askFor('Monday')).historyReads).toBe(1);
    const bySpecialty = await askFor('Monday', { specialty: 'family medicine' });
    expect(bySpecialty.historyReads).toBe(0);
    expect(bySpecialty.data.offers).toHaveLength(2);
    const byName = await askFor('Monday', { providerName: 'Dr. Ruiz' });
    expect(byName.historyReads).toBe(0);
    expect(byName.data.offers).toHaveLength(2);
  });
});
