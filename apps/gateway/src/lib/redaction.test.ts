import { describe, expect, it } from 'vitest';

import { redactQuery, redactUrl } from './redaction.js';

describe('redaction of credentials sent in the URL', () => {
  it('replaces the values of key-like query parameters, in any case', () => {
    expect(
      redactUrl('/utility/datetime?api_key=ehrgw_abc&format=yyyy&KEY=x&X-Api-Key=y&apikey'),
    ).toBe(
      '/utility/datetime?api_key=[REDACTED]&format=yyyy&KEY=[REDACTED]&X-Api-Key=[REDACTED]&apikey',
    );
    expect(redactUrl('/utility/datetime')).toBe('/utility/datetime');
    expect(redactUrl('/x?%61pi_key=secret')).toBe('/x?%61pi_key=[REDACTED]');
  });

  it('redacts a parsed query the same way', () => {
    expect(redactQuery({ apiKey: 'a', dob: '1990-01-01', token: 't' })).toEqual({
      apiKey: '[REDACTED]',
      dob: '1990-01-01',
      token: '[REDACTED]',
    });
  });
});

describe('anything shaped like a gateway key in a URL', () => {
  const key = `ehrgw_${'Ab1-_x'.repeat(7)}z`;

  it('is redacted in a path, a query under any name, an array parameter and a matrix parameter', () => {
    for (const url of [
      `/utility/datetime?auth=${key}`,
      `/utility/datetime?api_key[]=${key}`,
      `/utility/datetime/${key}`,
      `/utility/datetime;api_key=${key}`,
      `/utility/datetime?x=${encodeURIComponent(key).replace('_', '%5F')}`,
      `/utility/datetime?x=${key.toUpperCase()}`,
    ]) {
      const redacted = redactUrl(url);
      expect(redacted, url).not.toMatch(/Ab1-_x|AB1-_X/);
      expect(redacted, url).toContain('[REDACTED]');
    }
    // The session cookie's name is not a key.
    expect(redactUrl('/admin?c=ehrgw_session')).toBe('/admin?c=ehrgw_session');
  });

  it('is redacted in a parsed query, in names, arrays and nested objects', () => {
    const redacted = JSON.stringify(
      redactQuery({ auth: key, 'api_key[]': [key], filter: { deep: [`x ${key}`] }, [key]: '1' }),
    );
    expect(redacted).not.toContain('Ab1-_x');
  });
});

describe('patient data in a logged URL', () => {
  it('masks parameters named like PHI and values that look like it, and keeps ids', () => {
    expect(
      redactUrl(
        '/aggregate/patient-provider?source=mock&firstname=Linda&last_name=Wright&dob=04%2F19%2F2017&patientId=1001&q=call+617-555-0142',
      ),
    ).toBe(
      '/aggregate/patient-provider?source=mock&firstname=***&last_name=***&dob=***&patientId=1001&q=***',
    );
  });
});
