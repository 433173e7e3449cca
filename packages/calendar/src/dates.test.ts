import { describe, expect, it } from 'vitest';

import {
  addDays,
  clockTime,
  daysBetween,
  calendarDate,
  lastDayOfMonth,
  minutesOfDay,
  mondayOf,
  parseIsoDate,
  realDate,
  weekday,
} from './dates.js';
import { fromUsDate, parseTypedDate, toUsDate } from './us-dates.js';

describe('calendar dates', () => {
  it('knows which days exist', () => {
    expect(realDate(2028, 2, 29)).toBe('2028-02-29');
    expect(realDate(2027, 2, 29)).toBeNull();
    expect(realDate(2026, 13, 1)).toBeNull();
    expect(realDate(2026, 4, 31)).toBeNull();
    expect(realDate(2026, 1, 0)).toBeNull();
    expect(calendarDate(2026, 13, 1)).toBe('2027-01-01');
    expect(calendarDate(2026, 3, 0)).toBe('2026-02-28');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-2-3')).toBeNull();
    expect(parseIsoDate('2026-12-31')).toBe('2026-12-31');
  });

  it('counts days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14');
    expect(addDays('2027-03-14', 1)).toBe('2027-03-15');
    expect(addDays('2027-11-06', 2)).toBe('2027-11-08');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-23', '2027-01-01')).toBe(39);
    expect(weekday('2026-11-23')).toBe(1);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(lastDayOfMonth(2028, 2)).toBe('2028-02-29');
    expect(clockTime(minutesOfDay('09:45') + 30)).toBe('10:15');
  });
});

describe("athena's mm/dd/yyyy", () => {
  it('reads US dates, padded or not, and refuses days that do not exist', () => {
    expect(fromUsDate('03/02/2026')).toBe('2026-03-02');
    expect(fromUsDate('3/2/2026')).toBe('2026-03-02');
    expect(fromUsDate('03/02/2026 09:30')).toBe('2026-03-02');
    expect(fromUsDate('02/30/2026')).toBeNull();
    expect(fromUsDate('13/01/2026')).toBeNull();
    expect(fromUsDate('2026-03-02')).toBeNull();
  });

  it('writes them back so that a round trip gives the same day', () => {
    for (const date of ['2026-03-02', '1999-12-31', '2028-02-29']) {
      expect(fromUsDate(toUsDate(date))).toBe(date);
    }
    expect(toUsDate('2026-03-02')).toBe('03/02/2026');
  });

  it('reads what a person typed in either form', () => {
    expect(parseTypedDate(' 1990-07-04 ')).toBe('1990-07-04');
    expect(parseTypedDate('7/4/1990')).toBe('1990-07-04');
    expect(parseTypedDate('1990-02-31')).toBeNull();
    expect(parseTypedDate('July 4 1990')).toBeNull();
  });
});
