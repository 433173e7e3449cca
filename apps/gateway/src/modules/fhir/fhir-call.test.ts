import { describe, expect, it } from 'vitest';

import { parseSearchParams } from '@ehr-gateway/fhir-mapping';

import { DAY_MS, localDatesOf, searchWindow } from './fhir-call.js';
import { FhirError } from './fhir-outcome.js';

const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

describe('the local dates a Slot search asks the EHR for', () => {
  const from = new Date('2026-11-30T00:00:00Z');
  const to = new Date('2026-12-07T00:00:00Z');

  it('are the nine days a week from midnight UTC can touch, not ten', () => {
    expect(localDatesOf(from, to)).toEqual({ startDate: '2026-11-29', endDate: '2026-12-07' });
  });

  it('hold the first and last instant of the window in every offset from -12 to +14 hours', () => {
    const window = localDatesOf(from, to);
    const last = new Date(to.getTime() - 1);
    for (const zone of [
      'Etc/GMT+12',
      'Pacific/Honolulu',
      'America/Chicago',
      'Pacific/Kiritimati',
    ]) {
      for (const instant of [from, last]) {
        const date = localDate(instant, zone);
        expect(date >= window.startDate && date <= window.endDate, `${zone} ${date}`).toBe(true);
      }
    }
    // The outermost ones are reached: nothing wider is asked than some zone needs.
    expect(localDate(from, 'Etc/GMT+12')).toBe(window.startDate);
    expect(localDate(last, 'Pacific/Kiritimati')).toBe(window.endDate);
  });

  it('follow a window that ends mid-day', () => {
    expect(localDatesOf(from, new Date('2026-12-01T12:00:00Z'))).toEqual({
      startDate: '2026-11-29',
      endDate: '2026-12-02',
    });
  });
});

describe('the window of a date search', () => {
  const week = {
    search: 'a Slot search',
    maxDays: 31,
    fill: (range: { from: Date | undefined; to: Date | undefined }) => {
      const from = range.from ?? new Date('2026-12-01T00:00:00Z');
      return { from, to: range.to ?? new Date(from.getTime() + 7 * DAY_MS) };
    },
  };

  it('takes the bounds the search gives and fills the open ones', () => {
    const { from, to } = searchWindow(parseSearchParams({ start: 'ge2026-12-10' }), 'start', week);
    expect(from.toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(to.toISOString()).toBe('2026-12-17T00:00:00.000Z');
  });

  it('refuses a window over its longest, naming the parameter', () => {
    const params = parseSearchParams({ start: ['ge2026-01-01', 'lt2026-03-01'] });
    expect(() => searchWindow(params, 'start', week)).toThrow(
      new FhirError(400, 'start: a Slot search may span at most 31 days', ['start']),
    );
  });
});
