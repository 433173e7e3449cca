import { describe, expect, it } from 'vitest';

import { parseServerTiming, toCurl, toFetch } from './request-snippets';
import type { TestRequest } from './send-test-request';

const request: TestRequest = {
  method: 'POST',
  url: 'https://gw.example/aggregate/patient-with-appointment?source=mock',
  headerRows: [
    { id: 1, name: 'Idempotency-Key', value: 'abc-123' },
    { id: 2, name: 'X-Vapi-Secret', value: 'shared-secret-value' },
  ],
  apiKey: 'ehrgw_real_key_value',
  body: '{"note":"it\'s fine"}',
};

describe('request snippets', () => {
  it('writes cURL with the key and secret as shell variables and the body quoted', () => {
    const curl = toCurl(request);
    expect(curl).toContain(
      "curl -X POST 'https://gw.example/aggregate/patient-with-appointment?source=mock'",
    );
    expect(curl).toContain('-H "x-api-key: $API_KEY"');
    expect(curl).toContain('-H "X-Vapi-Secret: $VAPI_SECRET"');
    expect(curl).toContain("-H 'Idempotency-Key: abc-123'");
    expect(curl).toContain(`--data-raw '{"note":"it'\\''s fine"}'`);
    expect(curl).not.toContain('ehrgw_real_key_value');
    expect(curl).not.toContain('shared-secret-value');
  });

  it('writes fetch reading the key from the environment', () => {
    const code = toFetch(request);
    expect(code).toContain('"x-api-key": process.env.API_KEY,');
    expect(code).toContain('"X-Vapi-Secret": process.env.VAPI_SECRET,');
    expect(code).toContain('body: "{\\"note\\":\\"it\'s fine\\"}",');
    expect(code).not.toContain('ehrgw_real_key_value');
  });

  it('leaves the key out when none is typed, and the body out of a GET', () => {
    const curl = toCurl({ ...request, method: 'GET', apiKey: '', headerRows: [] });
    expect(curl).not.toContain('x-api-key');
    expect(curl).not.toContain('--data-raw');
  });

  it('reads Server-Timing durations', () => {
    expect(parseServerTiming('gateway;dur=12.5, upstream;dur=9.25')).toEqual([
      { name: 'gateway', ms: 12.5 },
      { name: 'upstream', ms: 9.25 },
    ]);
    expect(parseServerTiming('cache;desc=hit, gateway;dur=3')).toEqual([
      { name: 'gateway', ms: 3 },
    ]);
    expect(parseServerTiming(undefined)).toEqual([]);
  });
});
