import { describe, expect, it } from 'vitest';

import { CreateApiKeyBody } from './api-keys.js';

describe('API key contract', () => {
  it('trims the name and bounds it to 1–100 characters', () => {
    expect(CreateApiKeyBody.parse({ name: '  ci bot ' })).toEqual({ name: 'ci bot' });
    expect(CreateApiKeyBody.safeParse({ name: '   ' }).success).toBe(false);
    expect(CreateApiKeyBody.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(CreateApiKeyBody.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('takes an optional ISO expiry with an offset', () => {
    expect(CreateApiKeyBody.safeParse({ name: 'a', expiresAt: null }).success).toBe(true);
    expect(
      CreateApiKeyBody.safeParse({ name: 'a', expiresAt: '2030-01-01T00:00:00Z' }).success,
    ).toBe(true);
    expect(CreateApiKeyBody.safeParse({ name: 'a', expiresAt: '2030-01-01' }).success).toBe(false);
  });
});
