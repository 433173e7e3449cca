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
