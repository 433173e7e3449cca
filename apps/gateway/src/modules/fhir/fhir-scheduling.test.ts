import type { Bundle } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';

import type { OpenSlot } from '@ehr-gateway/contracts';
import { nextPageUrl } from '@ehr-gateway/fhir-mapping';

import type { EhrClient } from '../ehr/index.js';
import type { FhirCall } from './fhir-call.js';
import { createSlotSearch } from './fhir-scheduling.js';
import { parseFhirSearch, searchPage } from './fhir-search.js';

/** Slots of one department every 30 minutes, round the clock, from `first` on. */
function slotsFrom(first: string, count: number): OpenSlot[] {
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.parse(first) + index * 30 * 60_000);
    return {
      id: String(1000 + index),
      departmentId: '1',
      providerId: '101',
      appointmentTypeId: '5',
      appointmentType: 'Annual Physical',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      duration: 30,
    };
  });
}

/** A FHIR call to an EHR that holds the given slots (and asks nothing else). */
function callWith(slots: OpenSlot[]): FhirCall {
  const client = {
    listDepartments: () =>
      Promise.resolve({ totalCount: 1, departments: [{ id: '1', name: 'Downtown' }] }),
    listOpenSlots: () => Promise.resolve(slots),
  } as unknown as EhrClient;
  return {
    source: 'mock',
    practiceId: '12345',
    client,
    ctx: { requestId: 'test' },
    mapping: { source: 'mock', practiceId: '12345' },
  };
}

const search = createSlotSearch(() => new Date('2026-03-01T00:00:00Z'));
const BASE = 'https://gw.test/fhir/r4/mock/12345';

async function page(call: FhirCall, rawQuery: string): Promise<Bundle> {
  const query = Object.fromEntries(
    [...new URLSearchParams(rawQuery).keys()].map((key) => [
      key,
      new URLSearchParams(rawQuery).getAll(key),
    ]),
  );
  const parsed = parseFhirSearch('Slot', query, false);
  return searchPage('Slot', parsed, await search(call, parsed), { baseUrl: BASE, rawQuery });
}

const starts = (bundle: Bundle) =>
  (bundle.entry ?? []).map((entry) => (entry.resource as { start: string }).start);

describe('Slot search', () => {
  it('reads start=ge<day> (a date without a time) as that day from 00:00 UTC', async () => {
    // Slots from 22:00 UTC the day before on: the first two start before the UTC day.
    const call = callWith(slotsFrom('2026-03-01T22:00:00Z', 12));
    const day = await page(call, 'start=ge2026-03-02&start=lt2026-03-03&_count=100');
    expect(Date.parse(starts(day)[0]!)).toBe(Date.parse('2026-03-02T00:00:00Z'));
    expect(day.total).toBe(8);
    // The same window written with times and Z; a time with an offset is that instant.
    const utc = await page(call, 'start=ge2026-03-01T00:00:00Z&start=lt2026-03-03T00:00:00Z');
    expect(utc.total).toBe(12);
    const same = await page(call, 'start=ge2026-03-02T00:00:00Z&start=lt2026-03-03T00:00:00Z');
    expect(starts(same)).toEqual(starts(day));
    const local = await page(call, 'start=ge2026-03-01T18:00:00-05:00&start=lt2026-03-03');
    expect(local.total).toBe(10);
  });

  it(`answers ${20} slots a page by default and at most 100, with next links to the rest`, async () => {
    const call = callWith(slotsFrom('2026-03-02T00:00:00Z', 250));
    const window = 'status=free&start=ge2026-03-02&start=lt2026-03-09';
    const first = await page(call, window);
    expect(first.entry).toHaveLength(20);
    expect(first.total).toBe(250);
    expect(nextPageUrl(first)).toMatch(/_cursor=/);

    const capped = await page(call, `${window}&_count=500`);
    expect(capped.entry).toHaveLength(100);
    const seen = starts(capped);
    let next = nextPageUrl(capped);
    while (next) {
      const following = await page(call, next.split('?')[1]!);
      seen.push(...starts(following));
      next = nextPageUrl(following);
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });
});
