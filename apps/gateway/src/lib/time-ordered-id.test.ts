import { describe, expect, it } from 'vitest';

import { timeOrderedId } from './time-ordered-id.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a version 7 UUID carrying the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time, and ids of the same millisecond differ', () => {
    const ids = Array.from({ length: 1000 }, (_, index) =>
      timeOrderedId(1_700_000_000_000 + index),
    );
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 1000 }, () => timeOrderedId(1_700_000_000_000));
    expect(new Set(same).size).toBe(1000);
    expect(same.every((id) => UUID_V7.test(id))).toBe(true);
  });
});
