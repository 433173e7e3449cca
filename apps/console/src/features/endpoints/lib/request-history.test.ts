import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { HISTORY_LIMIT, useRequestHistory } from './request-history';

const sent = (index: number) => ({
  method: 'GET',
  url: `https://gw.example/api/1/patients?lastName=Name${index}`,
  headerRows: [
    { id: 1, name: 'X-Vapi-Secret', value: 'shared-secret-value' },
    { id: 2, name: 'Idempotency-Key', value: `key-${index}` },
  ],
  body: '{}',
});

describe('useRequestHistory', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the newest 50, without queries, and never a secret header value', () => {
    const { result } = renderHook(() => useRequestHistory());
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) {
      act(() => result.current.add(sent(index), { status: 200, time: 5 }));
    }
    expect(result.current.entries).toHaveLength(HISTORY_LIMIT);
    expect(result.current.entries[0]?.url).toBe('https://gw.example/api/1/patients');
    const newest = result.current.detailOf(result.current.entries[0]!.id);
    expect(newest?.url).toContain('lastName=Name54');
    expect(newest?.headerRows).toEqual([
      { id: 1, name: 'X-Vapi-Secret', value: '' },
      { id: 2, name: 'Idempotency-Key', value: 'key-54' },
    ]);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('shared-secret-value');
    expect(JSON.stringify({ ...localStorage })).not.toContain('lastName');
    // Details of entries that fell off the list are dropped with them.
    expect(
      Object.keys(JSON.parse(sessionStorage.getItem('ehrgw.tester.history-details')!)),
    ).toHaveLength(HISTORY_LIMIT);

    act(() => result.current.clear());
    expect(result.current.entries).toEqual([]);
  });

  it('another tab sees the list but not the details', () => {
    const first = renderHook(() => useRequestHistory());
    act(() => first.result.current.add(sent(1), { status: 201, time: 9 }));
    sessionStorage.clear();
    const other = renderHook(() => useRequestHistory());
    const [entry] = other.result.current.entries;
    expect(entry).toMatchObject({ method: 'GET', status: 201 });
    expect(other.result.current.detailOf(entry!.id)).toBeUndefined();
  });
});
