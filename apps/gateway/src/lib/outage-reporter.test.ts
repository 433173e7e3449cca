import { describe, expect, it } from 'vitest';

import { createOutageReporter } from './outage-reporter.js';

describe('outage reporter', () => {
  it('logs the first failure, then at most once a minute, then the recovery once', () => {
    const lines: string[] = [];
    let clock = 0;
    const log = {
      warn: (_fields: object, message: string) => void lines.push(`warn ${message}`),
      info: (_fields: object, message: string) => void lines.push(`info ${message}`),
    };
    const reporter = createOutageReporter(log, 'Redis', { now: () => clock });
    for (let i = 0; i < 4_000; i += 1) {
      reporter.failure(new Error('ECONNREFUSED'));
      clock += 4; // 4,000 failures in 16 s
    }
    expect(lines).toEqual(['warn Redis unavailable']);
    clock += 60_000;
    reporter.failure(new Error('ECONNREFUSED'));
    reporter.success();
    reporter.success();
    expect(lines).toEqual([
      'warn Redis unavailable',
      'warn Redis still unavailable',
      'info Redis available again',
    ]);
    expect(reporter.failing).toBe(false);
  });
});
