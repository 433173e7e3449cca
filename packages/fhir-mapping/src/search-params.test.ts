import { describe, expect, it } from 'vitest';

import {
  dateParamsToRange,
  formatDateParam,
  matchesDateParam,
  parseDateParam,
} from './date-params.js';
import {
  FhirSearchError,
  formatTokenParam,
  paramValues,
  parseCountParam,
  parseReferenceParam,
  parseSearchParams,
  parseTokenParam,
  splitOrValues,
} from './search-params.js';

describe('parseSearchParams', () => {
  it('keeps repeated parameters and modifiers, from any query form', () => {
    const query = 'start=ge2026-03-02&start=lt2026-03-09&name:exact=Ann&status=free';
    const fromString = parseSearchParams(query);
    expect(fromString).toEqual([
      { name: 'start', modifier: null, value: 'ge2026-03-02' },
      { name: 'start', modifier: null, value: 'lt2026-03-09' },
      { name: 'name', modifier: 'exact', value: 'Ann' },
      { name: 'status', modifier: null, value: 'free' },
    ]);
    expect(parseSearchParams(new URLSearchParams(query))).toEqual(fromString);
    expect(
      parseSearchParams({
        start: ['ge2026-03-02', 'lt2026-03-09'],
        'name:exact': 'Ann',
        status: 'free',
        ignored: undefined,
      }),
    ).toEqual(fromString);
    expect(paramValues(fromString, 'start')).toEqual(['ge2026-03-02', 'lt2026-03-09']);
    expect(paramValues(fromString, 'name')).toEqual([]);
    expect(paramValues(fromString, 'name', 'exact')).toEqual(['Ann']);
  });

  it('splits OR lists on unescaped commas only', () => {
    expect(splitOrValues('a,b,c')).toEqual(['a', 'b', 'c']);
    expect(splitOrValues('a\\,b,c')).toEqual(['a\\,b', 'c']);
    expect(splitOrValues('one')).toEqual(['one']);
  });
});

describe('token, reference and _count parameters', () => {
  it('reads code, system|code, |code and system|', () => {
    expect(parseTokenParam('free')).toEqual({ system: undefined, code: 'free' });
    expect(parseTokenParam('http://loinc.org|1234-5')).toEqual({
      system: 'http://loinc.org',
      code: '1234-5',
    });
    expect(parseTokenParam('|abc')).toEqual({ system: '', code: 'abc' });
    expect(parseTokenParam('urn:x|')).toEqual({ system: 'urn:x', code: undefined });
    expect(parseTokenParam('a\\|b')).toEqual({ system: undefined, code: 'a|b' });
    expect(() => parseTokenParam('|', 'identifier')).toThrow(FhirSearchError);
    expect(() => parseTokenParam('|', 'identifier')).toThrow(/^identifier: /);
  });

  it('writes tokens with escapes', () => {
    expect(formatTokenParam('urn:x', 'a,b')).toBe('urn:x|a\\,b');
    expect(formatTokenParam(undefined, 'free')).toBe('free');
    expect(parseTokenParam(formatTokenParam('urn:a|b', 'c|d'))).toEqual({
      system: 'urn:a|b',
      code: 'c|d',
    });
  });

  it('reads references as Type/id, a bare id or an absolute URL', () => {
    expect(parseReferenceParam('Patient/1001')).toEqual({ resourceType: 'Patient', id: '1001' });
    expect(parseReferenceParam('1001', 'patient', 'Patient')).toEqual({
      resourceType: 'Patient',
      id: '1001',
    });
    expect(parseReferenceParam('https://ehr.example/fhir/r4/Practitioner/e.9-x')).toEqual({
      resourceType: 'Practitioner',
      id: 'e.9-x',
    });
    expect(() => parseReferenceParam('Patient/', 'patient')).toThrow('patient: "Patient/"');
  });

  it('reads _count with a default and a ceiling', () => {
    expect(parseCountParam(undefined)).toBe(20);
    expect(parseCountParam('5')).toBe(5);
    expect(parseCountParam('0')).toBe(0);
    expect(parseCountParam('1000')).toBe(100);
    expect(parseCountParam('7', { max: 5, fallback: 3 })).toBe(5);
    expect(() => parseCountParam('-1')).toThrow('_count: must be a whole number');
    expect(() => parseCountParam('ten')).toThrow(FhirSearchError);
  });
});

describe('date parameters', () => {
  const utc = (text: string) => new Date(text);

  it('reads a prefix and the precision of the value as a range', () => {
    expect(parseDateParam('ge2026-03-02')).toEqual({
      prefix: 'ge',
      value: '2026-03-02',
      precision: 'day',
      lower: utc('2026-03-02T00:00:00Z'),
      upper: utc('2026-03-03T00:00:00Z'),
    });
    expect(parseDateParam('2026-02')).toMatchObject({
      prefix: 'eq',
      precision: 'month',
      lower: utc('2026-02-01T00:00:00Z'),
      upper: utc('2026-03-01T00:00:00Z'),
    });
    expect(parseDateParam('lt2026')).toMatchObject({
      precision: 'year',
      upper: utc('2027-01-01T00:00:00Z'),
    });
    expect(parseDateParam('gt2026-03-02T09:30:00-05:00')).toMatchObject({
      precision: 'second',
      lower: utc('2026-03-02T14:30:00Z'),
      upper: utc('2026-03-02T14:30:01Z'),
    });
    expect(parseDateParam('le2026-03-02T09:30Z')).toMatchObject({
      precision: 'minute',
      lower: utc('2026-03-02T09:30:00Z'),
    });
    expect(parseDateParam('2026-03-02T09:30:00.25Z')).toMatchObject({
      precision: 'millisecond',
      lower: utc('2026-03-02T09:30:00.250Z'),
    });
  });

  it('reads values without an offset in the given timezone', () => {
    expect(parseDateParam('ge2026-03-02', 'start', 'America/New_York').lower).toEqual(
      utc('2026-03-02T05:00:00Z'),
    );
    expect(parseDateParam('2026-07-01T08:00', 'start', 'America/Denver').lower).toEqual(
      utc('2026-07-01T14:00:00Z'),
    );
  });

  it('refuses what is not a date, naming the parameter', () => {
    for (const bad of [
      'tomorrow',
      '2026-02-30',
      '2026-13',
      'ge',
      'xx2026-01-01',
      '2026-03-02T25:00Z',
      '2026-03-02T10:00+5',
    ]) {
      expect(() => parseDateParam(bad, 'start')).toThrow(/^start: /);
    }
  });

  it('matches instants as FHIR compares a point with a range', () => {
    const at = utc('2026-03-02T15:00:00Z');
    const check = (raw: string) => matchesDateParam(parseDateParam(raw), at);
    expect(check('eq2026-03-02')).toBe(true);
    expect(check('ne2026-03-02')).toBe(false);
    expect(check('ge2026-03-02')).toBe(true);
    expect(check('gt2026-03-02')).toBe(false);
    expect(check('le2026-03-02')).toBe(true);
    expect(check('lt2026-03-02')).toBe(false);
    expect(check('lt2026-03-03')).toBe(true);
    expect(check('gt2026-03-01')).toBe(true);
    expect(check('sa2026-03-01')).toBe(true);
    expect(check('eb2026-03-03')).toBe(true);
    expect(check('ge2026-03-02T15:00:00Z')).toBe(true);
    expect(check('gt2026-03-02T15:00:00Z')).toBe(false);
  });

  it('combines repeated parameters into one interval', () => {
    const range = (...raw: string[]) =>
      dateParamsToRange(
        raw.map((value) => parseDateParam(value, 'start')),
        'start',
      );
    expect(range('ge2026-03-02', 'lt2026-03-09')).toEqual({
      from: utc('2026-03-02T00:00:00Z'),
      to: utc('2026-03-09T00:00:00Z'),
    });
    expect(range('gt2026-03-02', 'le2026-03-05')).toEqual({
      from: utc('2026-03-03T00:00:00Z'),
      to: utc('2026-03-06T00:00:00Z'),
    });
    expect(range('2026-03')).toEqual({
      from: utc('2026-03-01T00:00:00Z'),
      to: utc('2026-04-01T00:00:00Z'),
    });
    expect(range('ge2026-03-01', 'ge2026-03-04')).toEqual({
      from: utc('2026-03-04T00:00:00Z'),
      to: undefined,
    });
    expect(range()).toEqual({ from: undefined, to: undefined });
    expect(() => range('ne2026-03-02')).toThrow('start: the ne prefix');
  });

  it('writes prefixed instants and dates', () => {
    expect(formatDateParam('ge', utc('2026-03-02T05:00:00Z'))).toBe('ge2026-03-02T05:00:00Z');
    expect(formatDateParam('lt', utc('2026-03-02T05:00:00.500Z'))).toBe(
      'lt2026-03-02T05:00:00.500Z',
    );
    expect(formatDateParam('lt', '2026-03-09')).toBe('lt2026-03-09');
    expect(parseDateParam(formatDateParam('ge', utc('2026-03-02T05:00:00Z'))).lower).toEqual(
      utc('2026-03-02T05:00:00Z'),
    );
  });
});
