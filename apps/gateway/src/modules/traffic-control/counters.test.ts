import { describe, expect, it } from 'vitest';

import { createFallbackCounters, createMemoryCounters, type TrafficCounters } from './counters.js';

describe('memory counters', () => {
  it('count a sliding window: a slot frees exactly when the oldest call is windowMs old', async () => {
    let at = 0;
    const counters = createMemoryCounters(() => at);
    expect(await counters.takeFromWindow('k', 2, 1000)).toEqual({
      allowed: true,
      count: 1,
      freesInMs: 1000,
    });
    at = 400;
    expect(await counters.takeFromWindow('k', 2, 1000)).toEqual({
      allowed: true,
      count: 2,
      freesInMs: 600,
    });
    at = 999;
    expect(await counters.takeFromWindow('k', 2, 1000)).toEqual({
      allowed: false,
      count: 2,
      freesInMs: 1,
    });
    at = 1000;
    expect(await counters.takeFromWindow('k', 2, 1000)).toMatchObject({ allowed: true, count: 2 });
  });

  it('count a period until its reset, and take back an uncounted call', async () => {
    let at = 0;
    const counters = createMemoryCounters(() => at);
    const reset = new Date(100);
    expect(await counters.countInPeriod('q', 1, reset)).toEqual({ allowed: true, count: 1 });
    expect(await counters.countInPeriod('q', 1, reset)).toEqual({ allowed: false, count: 2 });
    await counters.uncountInPeriod('q');
    expect(await counters.countInPeriod('q', 2, reset)).toEqual({ allowed: true, count: 2 });
    at = 100;
    expect(await counters.countInPeriod('q', 1, new Date(200))).toEqual({
      allowed: true,
      count: 1,
    });
  });
});

describe('fallback counters', () => {
  it('count in memory while the shared store fails, and report it', async () => {
    let failing = false;
    const events: string[] = [];
    const broken: TrafficCounters = {
      takeFromWindow: () => Promise.reject(new Error('connection refused')),
      countInPeriod: () => Promise.reject(new Error('connection refused')),
      uncountInPeriod: () => Promise.reject(new Error('connection refused')),
    };
    const counters = createFallbackCounters(
      broken,
      createMemoryCounters(() => 0),
      {
        failure: () => {
          failing = true;
          events.push('failure');
        },
        success: () => {
          failing = false;
        },
        get failing() {
          return failing;
        },
      },
    );
    expect(counters.health().store).toBe('redis');
    expect(await counters.takeFromWindow('k', 1, 1000)).toMatchObject({ allowed: true });
    expect(await counters.takeFromWindow('k', 1, 1000)).toMatchObject({ allowed: false });
    expect(events).toEqual(['failure', 'failure']);
    expect(counters.health()).toMatchObject({ store: 'memory', degraded: true });
  });
});
