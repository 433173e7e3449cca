import { describe, expect, it } from 'vitest';

import { filtersFromSearch, sameFilters, searchFromFilters } from './log-view-filters';

describe('log view filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters = {
      endpoint: '/api/12345/patients',
      requestId: 'req-1',
      source: 'mock' as const,
      status: '4xx',
      method: 'POST' as const,
      apiKeyId: '7d1c4c2e-5f0a-4b7e-9d55-3b1f0f1c2a01',
      range: 'custom' as const,
      from: '2026-11-20T10:00:00.000Z',
      to: '2026-11-21T10:00:00.000Z',
      minLatencyMs: 250,
      limit: 100,
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('drops what is malformed and the custom bounds of a relative range', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams(
          'status=teapot&method=FETCH&source=elsewhere&limit=0&minLatencyMs=-3&range=1h&from=2026-01-01T00:00:00Z',
        ),
      ),
    ).toEqual({ limit: 25, range: '1h' });
  });

  it('leaves the default page size out of the URL and compares filters whatever their order', () => {
    expect(searchFromFilters({ limit: 25, status: '5xx' }).toString()).toBe('status=5xx');
    expect(
      sameFilters(
        { limit: 25, endpoint: '/x', status: '5xx', method: undefined },
        { status: '5xx', endpoint: '/x', limit: 25 },
      ),
    ).toBe(true);
    expect(sameFilters({ limit: 25 }, { limit: 50 })).toBe(false);
  });
});
