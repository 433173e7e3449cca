import { describe, expect, it } from 'vitest';

import { createCorsPolicy } from '../../lib/cors-policy.js';
import { HttpError } from '../../lib/http-errors.js';
import { createUtilityService, describeNow, validateDob } from './utility-service.js';

// Local time, as the service compares calendar dates in the server's time zone.
const NOW = new Date(2024, 5, 15, 14, 30, 45);

describe('validateDob', () => {
  it('accepts YYYY-MM-DD and gives the ISO and athena forms and the age', () => {
    expect(validateDob('1990-07-04', NOW)).toEqual({
      input: '1990-07-04',
      valid: true,
      isoDate: '1990-07-04',
      athenaDate: '07/04/1990',
      age: 33,
      reason: null,
    });
  });

  it('accepts MM/DD/YYYY, with or without leading zeros', () => {
    expect(validateDob('07/04/1990', NOW)).toMatchObject({
      valid: true,
      isoDate: '1990-07-04',
      athenaDate: '07/04/1990',
      age: 33,
    });
    expect(validateDob('7/4/1990', NOW)).toMatchObject({
      valid: true,
      isoDate: '1990-07-04',
      athenaDate: '07/04/1990',
    });
    expect(validateDob('1990-7-4', NOW)).toMatchObject({ valid: true, isoDate: '1990-07-04' });
  });

  it.each([
    ['02/30/2020', 'February 2020 has no day 30'],
    ['2023-02-29', 'February 2023 has no day 29'],
    ['1900-02-29', 'February 1900 has no day 29'],
    ['04/31/2001', 'April 2001 has no day 31'],
    ['2001-01-00', 'January 2001 has no day 0'],
    ['2020-13-01', 'There is no month 13: months run from 1 to 12'],
    ['13/01/2020', 'There is no month 13: months run from 1 to 12'],
    ['2020-00-10', 'There is no month 0: months run from 1 to 12'],
  ])('refuses the impossible date %s', (input, reason) => {
    expect(validateDob(input, NOW)).toEqual({
      input,
      valid: false,
      isoDate: null,
      athenaDate: null,
      age: null,
      reason,
    });
  });

  it('accepts the leap day of a leap year', () => {
    expect(validateDob('2024-02-29', NOW)).toMatchObject({
      valid: true,
      isoDate: '2024-02-29',
      athenaDate: '02/29/2024',
      age: 0,
    });
    expect(validateDob('02/29/2000', NOW)).toMatchObject({ valid: true, age: 24 });
  });

  it('refuses a date in the future, but accepts today', () => {
    expect(validateDob('2024-06-16', NOW)).toMatchObject({
      valid: false,
      reason: 'Date of birth is in the future',
      age: null,
    });
    expect(validateDob('01/01/2100', NOW)).toMatchObject({
      valid: false,
      reason: 'Date of birth is in the future',
    });
    expect(validateDob('2024-06-15', NOW)).toMatchObject({ valid: true, age: 0 });
  });

  it('refuses a date before 1900, and accepts 1900-01-01', () => {
    expect(validateDob('1899-12-31', NOW)).toMatchObject({
      valid: false,
      reason: 'Date of birth is before 1900',
    });
    expect(validateDob('0050-01-01', NOW)).toMatchObject({
      valid: false,
      reason: 'Date of birth is before 1900',
    });
    expect(validateDob('1900-01-01', NOW)).toMatchObject({ valid: true, age: 124 });
  });

  it.each([
    'yesterday',
    '2024/06/01',
    '06-01-2024',
    '20240601',
    '24-06-01',
    '1990-07-04T00:00',
    '',
  ])('refuses the unparseable %j', (input) => {
    expect(validateDob(input, NOW)).toEqual({
      input,
      valid: false,
      isoDate: null,
      athenaDate: null,
      age: null,
      reason: 'Unrecognised date format: use YYYY-MM-DD or MM/DD/YYYY',
    });
  });

  it('counts a year of age on the birthday itself, not the day before', () => {
    const dob = '2000-03-10';
    expect(validateDob(dob, new Date(2024, 2, 9, 23, 59, 59)).age).toBe(23);
    expect(validateDob(dob, new Date(2024, 2, 10, 0, 0, 0)).age).toBe(24);
    expect(validateDob(dob, new Date(2024, 2, 10, 23, 59, 59)).age).toBe(24);
    expect(validateDob('12/31/1999', new Date(2024, 11, 30, 12)).age).toBe(24);
    expect(validateDob('12/31/1999', new Date(2024, 11, 31, 12)).age).toBe(25);
  });
});

describe('describeNow', () => {
  it('reports the time in ISO, athena and epoch forms, without a format', () => {
    const now = new Date(2024, 0, 2, 3, 4, 5);
    const info = describeNow(now, undefined);
    expect(info).toEqual({
      iso: now.toISOString(),
      athenaDate: '01/02/2024',
      athenaTime: '03:04',
      epochMs: now.getTime(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      format: null,
      formatted: null,
    });
  });

  it('formats the time with a valid date-fns format', () => {
    const now = new Date(2024, 11, 25, 18, 7, 9);
    expect(describeNow(now, 'yyyy-MM-dd')).toMatchObject({
      format: 'yyyy-MM-dd',
      formatted: '2024-12-25',
    });
    expect(describeNow(now, "EEEE, MMMM do 'at' HH:mm:ss").formatted).toBe(
      'Wednesday, December 25th at 18:07:09',
    );
  });

  it.each(['yyyy-MM-dd foo', 'YYYY-MM-DD'])(
    'refuses the bad format %j with a 400 naming the field',
    (format) => {
      let thrown: unknown;
      try {
        describeNow(NOW, format);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      const error = thrown as HttpError;
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(/^format: not a valid date-fns format: /);
      expect(error.details).toEqual([{ field: 'format', message: expect.any(String) }]);
    },
  );
});

describe('utility service', () => {
  const clock = new Date('2026-03-04T05:06:07.089Z');
  const service = createUtilityService({
    cors: createCorsPolicy(['https://allowed.example']),
    now: () => clock,
  });

  it('validates a date of birth against the injected clock', () => {
    expect(service.validateDob('2026-12-31')).toMatchObject({
      valid: false,
      reason: 'Date of birth is in the future',
    });
    expect(service.datetime(undefined).iso).toBe('2026-03-04T05:06:07.089Z');
  });

  it("checks an origin against the CORS policy and the gateway's own origin", () => {
    const own = 'http://gateway.example:8080';
    expect(service.corsCheck('https://allowed.example', own)).toMatchObject({
      origin: 'https://allowed.example',
      allowed: true,
      reason: 'Listed in CORS_ORIGINS.',
      allowedOrigins: ['https://allowed.example'],
      headers: { 'access-control-allow-origin': 'https://allowed.example' },
    });
    expect(service.corsCheck('https://evil.example', own)).toEqual({
      origin: 'https://evil.example',
      allowed: false,
      reason: expect.stringMatching(/^Not in CORS_ORIGINS/),
      allowedOrigins: ['https://allowed.example'],
      headers: { vary: 'Origin' },
    });
    expect(service.corsCheck(own, own)).toMatchObject({
      allowed: true,
      reason: 'Same origin as the gateway: its own pages need no CORS.',
    });
    expect(service.corsCheck(undefined, own)).toMatchObject({
      origin: null,
      allowed: true,
      reason: expect.stringMatching(/^No Origin header/),
    });
  });

  it('echoes a message and data with the time received and the request id', () => {
    expect(service.echo({ message: 'hi', data: { a: [1] } }, 'req-42')).toEqual({
      message: 'hi',
      data: { a: [1] },
      receivedAt: '2026-03-04T05:06:07.089Z',
      requestId: 'req-42',
    });
    expect(service.echo({}, 'req-43')).toEqual({
      message: null,
      data: null,
      receivedAt: '2026-03-04T05:06:07.089Z',
      requestId: 'req-43',
    });
  });
});
