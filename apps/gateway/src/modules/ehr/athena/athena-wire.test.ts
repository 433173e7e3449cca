import { describe, expect, it } from 'vitest';

import { bool, fromAthenaDate, fromAthenaTime, num, str, toAthenaDate } from './athena-wire.js';

describe('athena wire coercion', () => {
  it('reads ids and numbers sent as strings or numbers', () => {
    expect(str(195900)).toBe('195900');
    expect(str('  12 ')).toBe('12');
    expect(str('')).toBeNull();
    expect(num('15')).toBe(15);
    expect(num(15)).toBe(15);
    expect(num('15 min')).toBeNull();
    expect(num(undefined)).toBeNull();
  });

  it('reads booleans sent as strings or booleans', () => {
    expect(bool('true')).toBe(true);
    expect(bool('FALSE')).toBe(false);
    expect(bool(true)).toBe(true);
    expect(bool('Y')).toBe(true);
    expect(bool('maybe')).toBeNull();
  });

  it('converts mm/dd/yyyy to ISO and back, refusing impossible dates', () => {
    expect(fromAthenaDate('05/30/2023')).toBe('2023-05-30');
    expect(fromAthenaDate('5/3/2023')).toBe('2023-05-03');
    expect(fromAthenaDate('07/15/2020 13:01:49')).toBe('2020-07-15');
    expect(fromAthenaDate('02/30/2023')).toBeNull();
    expect(fromAthenaDate('2023-05-30')).toBeNull();
    expect(toAthenaDate('2023-05-30')).toBe('05/30/2023');
  });

  it('reads HH:MM times', () => {
    expect(fromAthenaTime('09:00')).toBe('09:00');
    expect(fromAthenaTime('9:05')).toBe('09:05');
    expect(fromAthenaTime('25:00')).toBeNull();
  });
});
