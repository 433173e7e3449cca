import { describe, expect, it } from 'vitest';

import { fromUsDate } from './us-dates.js';
import { isoInZone, todayIn, wallClockIn, zonedInstant, zonedIso, zonedIsoAfter } from './zones.js';

// US daylight saving in 2027: clocks spring forward at 02:00 on 14 March and fall back at 02:00
// on 7 November.
const ZONES = [
  { zone: 'America/New_York', standard: '-05:00', daylight: '-04:00' },
  { zone: 'America/Chicago', standard: '-06:00', daylight: '-05:00' },
  { zone: 'America/Los_Angeles', standard: '-08:00', daylight: '-07:00' },
];

describe.each(ZONES)('wall clocks in $zone', ({ zone, standard, daylight }) => {
  it('gives each side of the spring-forward change its own offset', () => {
    expect(zonedIso('2027-03-14', '01:30', zone)).toBe(`2027-03-14T01:30:00${standard}`);
    expect(zonedIso('2027-03-14', '03:30', zone)).toBe(`2027-03-14T03:30:00${daylight}`);
  });

  it('reads a time in the spring-forward gap as the hour after it', () => {
    // 02:30 does not exist that night: the slot lands at 03:30 in the new offset.
    expect(zonedIso('2027-03-14', '02:30', zone)).toBe(`2027-03-14T03:30:00${daylight}`);
    expect(zonedInstant('2027-03-14', '02:30', zone).getTime()).toBe(
      zonedInstant('2027-03-14', '03:30', zone).getTime(),
    );
  });

  it('takes the earlier of the two 01:30s of the fall-back night', () => {
    expect(zonedIso('2027-11-07', '01:30', zone)).toBe(`2027-11-07T01:30:00${daylight}`);
    // A slot starting then ends an hour later by the clock on the wall of the second 01:30.
    expect(zonedIsoAfter('2027-11-07', '01:30', 60, zone)).toBe(`2027-11-07T01:30:00${standard}`);
    expect(zonedIso('2027-11-07', '03:00', zone)).toBe(`2027-11-07T03:00:00${standard}`);
  });

  it('turns an athena date and time into an instant and back across both changes', () => {
    for (const [usDate, time] of [
      ['03/13/2027', '09:30'],
      ['03/14/2027', '09:30'],
      ['11/06/2027', '16:45'],
      ['11/07/2027', '16:45'],
    ] as const) {
      const date = fromUsDate(usDate)!;
      const instant = zonedInstant(date, time, zone);
      expect(wallClockIn(zone, instant)).toMatchObject({ date, time });
      expect(isoInZone(instant, zone)).toMatch(new RegExp(`^${date}T${time}:00[-+]\\d{2}:\\d{2}$`));
      expect(new Date(isoInZone(instant, zone)).getTime()).toBe(instant.getTime());
    }
  });
});

describe('today in a time zone', () => {
  it('is already tomorrow in UTC while it is still the evening in the US', () => {
    const fridayEvening = new Date('2026-11-28T02:30:00Z');
    expect(todayIn('America/Los_Angeles', fridayEvening)).toBe('2026-11-27');
    expect(todayIn('UTC', fridayEvening)).toBe('2026-11-28');
    expect(wallClockIn('America/Chicago', fridayEvening)).toEqual({
      date: '2026-11-27',
      time: '20:30',
      hour: 20,
      minute: 30,
    });
  });
});

describe('unknown time zones', () => {
  it('are refused, not turned into invalid dates', () => {
    expect(() => todayIn('Mars/Olympus')).toThrow(RangeError);
    expect(() => zonedIso('2026-03-02', '09:30', 'Mars/Olympus')).toThrow('Unknown time zone');
  });
});
