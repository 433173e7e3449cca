import { describe, expect, it } from 'vitest';

import { streakOf, type AttemptRecord } from './delivery-queue.js';

const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const attempt = (seconds: number, delivered: boolean): AttemptRecord => ({
  deliveryId: `d${seconds}`,
  endpointId: 'e1',
  at: new Date(T0 + seconds * 1000),
  outcome: delivered ? 'delivered' : 'http-error',
  status: delivered ? 200 : 500,
  durationMs: 5,
  excerpt: null,
  error: null,
  nextAttemptAt: delivered ? null : new Date(T0 + 60_000),
  delivered,
});

describe("a round's failure streak", () => {
  it('is cleared by a success that ended last', () => {
    expect(streakOf([attempt(2, true), attempt(1, false)])).toEqual({
      cleared: true,
      failures: 0,
      since: null,
    });
  });

  it('counts only the failures after the last success, from the first of them', () => {
    expect(streakOf([attempt(3, false), attempt(1, true), attempt(2, false)])).toEqual({
      cleared: true,
      failures: 2,
      since: new Date(T0 + 2000),
    });
  });

  it('adds to the streak when nothing succeeded', () => {
    expect(streakOf([attempt(5, false), attempt(4, false)])).toEqual({
      cleared: false,
      failures: 2,
      since: new Date(T0 + 4000),
    });
  });
});
