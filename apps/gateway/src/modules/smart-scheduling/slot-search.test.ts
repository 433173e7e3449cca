import type { Department, OpenSlot, Provider } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import type { EhrClient } from '../ehr/index.js';
import { preferUsual, searchHomeThenElsewhere, searchSlots } from './slot-search.js';

const department = (id: string): Department => ({
  id,
  name: `Clinic ${id}`,
  address: { line1: null, city: null, state: null, zip: null },
  phone: null,
  timezone: 'America/Chicago',
});
const provider = (id: string, homeDepartmentId: string) =>
  ({ id, specialty: 'Family Medicine', homeDepartmentId }) as Provider;
const slot = (
  id: string,
  providerId: string,
  departmentId: string,
  startTime: string,
): OpenSlot => ({
  id,
  departmentId,
  providerId,
  appointmentTypeId: '2',
  appointmentType: 'Office Visit',
  startTime,
  endTime: startTime,
  duration: 20,
});

const SLOTS: Record<string, OpenSlot[]> = {
  '1': [
    slot('late', '10', '1', '2026-11-30T15:00:00-06:00'),
    slot('gone', '10', '1', '2026-11-26T08:00:00-06:00'),
  ],
  '2': [
    slot('earliest', '20', '2', '2026-11-27T08:00:00-06:00'),
    slot('other-kind', '99', '2', '2026-11-26T16:00:00-06:00'),
    slot('evening', '20', '2', '2026-11-27T17:30:00-06:00'),
  ],
};

const client = {
  listOpenSlots: async (_practice: string, search: { departmentId: string }) =>
    SLOTS[search.departmentId] ?? [],
} as unknown as EhrClient;

const query = {
  client,
  practiceId: '1',
  departments: [department('1'), department('2')],
  providers: [provider('10', '1'), provider('20', '2')],
  appointmentTypeId: undefined,
  providerId: null,
  startDate: '2026-11-26',
  endDate: '2026-12-26',
  timePreference: null,
  notBefore: new Date('2026-11-26T15:00:00Z'),
};

describe('the first available slots', () => {
  it('come from every department of the right providers, earliest first, none already begun', async () => {
    const slots = await searchSlots(query, { requestId: 't' });
    expect(slots.map((s) => s.id)).toEqual(['earliest', 'evening', 'late']);
  });

  it('keep to the part of the day asked for', async () => {
    const slots = await searchSlots({ ...query, timePreference: 'evening' }, { requestId: 't' });
    expect(slots.map((s) => s.id)).toEqual(['evening']);
  });

  it("put the usual provider's first when they have any, else offer colleagues'", async () => {
    const slots = await searchSlots(query, { requestId: 't' });
    const usual = [provider('10', '1'), provider('20', '2')];
    expect(preferUsual(slots, 'usual', usual).map((s) => s.id)).toEqual(['late']);
    expect(preferUsual(slots, 'usual', [provider('30', '1')]).map((s) => s.id)).toEqual([
      'earliest',
      'evening',
      'late',
    ]);
    expect(preferUsual(slots, 'primary-care', usual)).toBe(slots);
  });
});

/** A client over SLOTS that records each EHR call; `batches` offers several departments in one. */
function recordingClient(batches: boolean) {
  const calls: string[][] = [];
  const providersAsked: string[][] = [];
  const perDepartment = (departmentId: string) => SLOTS[departmentId] ?? [];
  const client = {
    listOpenSlots: async (_practice: string, search: { departmentId: string }) => {
      calls.push([search.departmentId]);
      return perDepartment(search.departmentId);
    },
    ...(batches && {
      listOpenSlotsIn: async (
        _practice: string,
        search: { departmentIds: string[]; providerIds: string[] },
      ) => {
        calls.push([...search.departmentIds]);
        providersAsked.push([...search.providerIds]);
        return search.departmentIds.flatMap(perDepartment);
      },
    }),
  } as unknown as EhrClient;
  return { client, calls, providersAsked };
}

describe('home departments, then elsewhere', () => {
  const practice = [department('1'), department('2'), department('3')];
  const ctx = { requestId: 't' };

  it('asks an EHR that takes a list of departments once, for home and elsewhere together', async () => {
    const { client, calls, providersAsked } = recordingClient(true);
    const home = { ...query, client, departments: [department('2')] };
    const slots = await searchHomeThenElsewhere(home, practice, ctx);
    expect(slots.map((s) => s.id)).toEqual(['earliest', 'evening']);
    expect(calls).toEqual([['2', '1', '3']]);
    expect(providersAsked).toEqual([['10', '20']]);

    calls.length = 0;
    const emptyHome = { ...query, client, departments: [department('3')] };
    const elsewhere = await searchHomeThenElsewhere(emptyHome, practice, ctx);
    expect(elsewhere.map((s) => s.id)).toEqual(['earliest', 'evening', 'late']);
    expect(calls).toEqual([['3', '1', '2']]);
  });

  it('answers exactly what one call per department answers', async () => {
    for (const homeIds of [['1'], ['2'], ['3'], ['1', '2']]) {
      const departments = homeIds.map(department);
      const batched = recordingClient(true);
      const single = recordingClient(false);
      const [once, perDepartment] = await Promise.all([
        searchHomeThenElsewhere({ ...query, client: batched.client, departments }, practice, ctx),
        searchHomeThenElsewhere({ ...query, client: single.client, departments }, practice, ctx),
      ]);
      expect(once).toEqual(perDepartment);
      expect(batched.calls).toHaveLength(1);
    }
  });

  it('asks another EHR for the home departments, then the others only when those had nothing', async () => {
    const { client, calls } = recordingClient(false);
    await searchHomeThenElsewhere(
      { ...query, client, departments: [department('2')] },
      practice,
      ctx,
    );
    expect(calls).toEqual([['2']]);
    calls.length = 0;
    await searchHomeThenElsewhere(
      { ...query, client, departments: [department('3')] },
      practice,
      ctx,
    );
    expect(calls).toEqual([['3'], ['1'], ['2']]);
  });
});
