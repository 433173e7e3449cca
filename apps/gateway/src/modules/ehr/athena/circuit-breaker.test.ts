import { describe, expect, it } from 'vitest';

import { createCircuitBreaker } from './circuit-breaker.js';

describe('circuit breaker', () => {
  const setup = () => {
    let clock = 0;
    const breaker = createCircuitBreaker({ failureThreshold: 3, openMs: 1000, now: () => clock });
    return { breaker, advance: (ms: number) => (clock += ms) };
  };

  it('opens after the threshold of consecutive failures and refuses calls while open', () => {
    const { breaker } = setup();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.retryInMs()).toBe(1000);
  });

  it('lets one trial call through after the open period; success closes it', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i += 1) {
      breaker.recordFailure();
    }
    advance(1000);
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('reopens at once when the trial call fails', () => {
    const { breaker, advance } = setup();
    for (let i = 0; i < 3; i += 1) {
      breaker.recordFailure();
    }
    advance(1500);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('forgets failures after a success', () => {
    const { breaker } = setup();
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state).toBe('closed');
  });
});
