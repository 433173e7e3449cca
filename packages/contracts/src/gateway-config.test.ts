import { describe, expect, it } from 'vitest';

import { ApiRoot, GatewayConfig, PracticeId, UpdateGatewayConfigBody } from './gateway-config.js';
import { DEFAULT_GATEWAY_CONFIG } from './gateway-config-names.js';

describe('gateway config contract', () => {
  it('accepts its own defaults', () => {
    expect(GatewayConfig.parse(DEFAULT_GATEWAY_CONFIG)).toEqual(DEFAULT_GATEWAY_CONFIG);
  });

  it.each(['/api', '/ehr/v2', '/a.b_c~d-e'])('accepts apiRoot %s', (apiRoot) => {
    expect(ApiRoot.parse(apiRoot)).toBe(apiRoot);
  });

  it.each([
    ['api', 'apiRoot must start with /'],
    ['/api/', 'letters, digits'],
    ['/a b', 'letters, digits'],
    ['/', 'letters, digits'],
    ['/admin', 'reserves'],
    ['/Admin/x', 'reserves'],
    ['/healthz', 'reserves'],
    ['/logs', 'reserves'],
  ])('refuses apiRoot %s with one clear message', (apiRoot, message) => {
    const result = ApiRoot.safeParse(apiRoot);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('trims and bounds practiceId to 1–20 digits', () => {
    expect(PracticeId.parse(' 195900 ')).toBe('195900');
    expect(PracticeId.safeParse('1'.repeat(20)).success).toBe(true);
    expect(PracticeId.safeParse('1'.repeat(21)).success).toBe(false);
    expect(PracticeId.safeParse('12a').success).toBe(false);
  });

  it('refuses unknown fields in an update', () => {
    const result = UpdateGatewayConfigBody.safeParse({
      apiRoot: '/api',
      practiceId: '1',
      logLevel: 'info',
      caching: false,
      extra: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
