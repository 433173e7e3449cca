import { describe, expect, it } from 'vitest';

import {
  athenaTimezoneName,
  isTruthyFlag,
  parseAthenaDate,
  standardOffsetHours,
  toAthenaDate,
  toAthenaDateTime,
  utcOffsetHours,
} from './wire-format.js';

describe('wire format', () => {
  it('converts dates to and from mm/dd/yyyy', () => {
    expect(toAthenaDate('2026-03-09')).toBe('03/09/2026');
    expect(parseAthenaDate('03/09/2026')).toBe('2026-03-09');
    expect(parseAthenaDate('3/9/2026')).toBe('2026-03-09');
    for (const bad of [
      '2026-03-09',
      '02/30/2026',
      '13/01/2026',
      '03/09/26',
      '03/09/2026 10:00',
      '',
    ]) {
      expect(parseAthenaDate(bad)).toBeNull();
    }
  });

  it('writes local datetimes as mm/dd/yyyy HH:MM:SS', () => {
    expect(toAthenaDateTime(new Date('2026-03-02T15:04:05Z'), 'America/New_York')).toBe(
      '03/02/2026 10:04:05',
    );
    expect(toAthenaDateTime(new Date('2026-07-01T00:30:00Z'), 'America/Los_Angeles')).toBe(
      '06/30/2026 17:30:00',
    );
  });

  it('names US timezones the athena way and knows their offsets', () => {
    expect(athenaTimezoneName('America/Phoenix')).toBe('US/Arizona');
    expect(athenaTimezoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(utcOffsetHours('America/New_York', '2026-01-15')).toBe(-5);
    expect(utcOffsetHours('America/New_York', '2026-07-15')).toBe(-4);
    expect(standardOffsetHours('America/Denver', 2026)).toBe(-7);
    expect(standardOffsetHours('America/Phoenix', 2026)).toBe(-7);
  });

  it('reads athena flags', () => {
    for (const yes of ['true', 'TRUE', 'Y', 'yes', '1']) {
      expect(isTruthyFlag(yes)).toBe(true);
    }
    for (const no of ['false', 'N', '0', '', undefined]) {
      expect(isTruthyFlag(no)).toBe(false);
    }
  });
});
