import { describe, expect, it } from 'vitest';

import { createAthenaGovernor, UpstreamBusyError } from './athena-governor.js';
import { createMemoryCounters } from './counters.js';

/** A clock that only moves when the governor sleeps: waits cost no real time. */
function virtualTime() {
  let at = 1_000_000;
  return {
    now: () => at,
    sleep: async (ms: number) => {
      at += ms;
    },
  };
}

const governorFor = (
  time: ReturnType<typeof virtualTime>,
  settings: Partial<{
    maxQps: number;
    maxConcurrency: number;
    queueTimeoutMs: number;
    instances: number;
  }> = {},
  shared = true,
) =>
  createAthenaGovernor({
    settings: { maxQps: 5, maxConcurrency: 50, queueTimeoutMs: 2_000, instances: 1, ...settings },
    windowKey: 'athena-qps:test',
    counters: createMemoryCounters(time.now),
    sharedAcrossInstances: () => shared,
    now: time.now,
    sleep: time.sleep,
  });

describe('athena QPS governor', () => {
  it('grants maxQps turns per sliding second and queues the rest in arrival order', async () => {
    const time = virtualTime();
    const governor = governorFor(time, { queueTimeoutMs: 5_000 });
    const grantedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        const release = await governor.acquire();
        grantedAt.push(time.now());
        release();
      }),
    );
    const start = grantedAt[0]!;
    expect(grantedAt.map((at) => at - start)).toEqual([
      0, 0, 0, 0, 0, 1100, 1100, 1100, 1100, 1100, 2200, 2200,
    ]);
  });

  it('answers UpstreamBusyError with a Retry-After once the queue timeout would pass', async () => {
    const time = virtualTime();
    const governor = governorFor(time, { queueTimeoutMs: 1_000 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 7 }, async () => (await governor.acquire())()),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes.filter(
      (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
    );
    expect(refused).toHaveLength(2);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(UpstreamBusyError);
      // The next slot frees 1.1 s after the first five.
      expect((reason as UpstreamBusyError).retryAfterSeconds).toBe(2);
    }
  });

  it('takes only its share of the allowance when the counts are not shared', async () => {
    const time = virtualTime();
    const governor = governorFor(time, { maxQps: 10, instances: 3, queueTimeoutMs: 0 }, false);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, async () => (await governor.acquire())()),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
  });

  it('holds calls beyond maxConcurrency until one ends', async () => {
    const time = virtualTime();
    const governor = governorFor(time, { maxQps: 100, maxConcurrency: 2 });
    const first = await governor.acquire();
    const second = await governor.acquire();
    let thirdGranted = false;
    const third = governor.acquire().then((release) => {
      thirdGranted = true;
      return release;
    });
    await Promise.resolve();
    expect(thirdGranted).toBe(false);
    expect(governor.inFlight).toBe(2);
    first();
    (await third)();
    second();
    expect(thirdGranted).toBe(true);
    expect(governor.inFlight).toBe(0);
  });
});
