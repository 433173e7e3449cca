import { describe, expect, it } from 'vitest';

import { AthenaError } from './athena-failure.js';
import { callWithPolicies, withDefaults } from './athena-http.js';
import type { AthenaResponse } from './athena-transport.js';
import { createCircuitBreaker } from './circuit-breaker.js';

const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  ({
    status,
    ok: status < 400,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    text: async () => JSON.stringify(body),
  }) satisfies AthenaResponse;

/** The shared policies on a clock that only moves when the call sleeps. */
function policies(overrides: { maxRetries?: number; failureThreshold?: number } = {}) {
  let at = 1_000_000;
  const slept: number[] = [];
  const outcomes: boolean[] = [];
  const now = () => at;
  const breaker = createCircuitBreaker({
    failureThreshold: overrides.failureThreshold ?? 5,
    openMs: 30_000,
    now,
  });
  const settings = withDefaults({
    baseUrl: 'https://ehr.example.org',
    clientId: 'client',
    clientSecret: 'secret',
    breaker,
    maxRetries: overrides.maxRetries,
    now,
    random: () => 0.5,
    sleep: async (ms) => {
      slept.push(ms);
      at += ms;
    },
    onOutcome: ({ ok }) => outcomes.push(ok),
  });
  return { call: callWithPolicies(settings, 'Test EHR'), slept, outcomes, breaker };
}

/** An attempt that answers the given responses in turn, counting its tries. */
function answers(...responses: AthenaResponse[]) {
  const attempt = async () => {
    attempt.tries += 1;
    return responses[Math.min(attempt.tries - 1, responses.length - 1)]!;
  };
  attempt.tries = 0;
  return attempt;
}

describe('a call under the shared retry and breaker policies', () => {
  it("waits as long as the EHR's Retry-After says, then answers the retry", async () => {
    const { call, slept, outcomes } = policies();
    const attempt = answers(answer(429, {}, { 'retry-after': '2' }), answer(200, { ok: 1 }));
    const { body } = await call(attempt);
    expect(body).toEqual({ ok: 1 });
    expect(slept).toEqual([2_000]);
    expect(outcomes).toEqual([true]);
  });

  it('backs off with jitter when no Retry-After is given, up to maxRetries', async () => {
    const { call, slept } = policies({ maxRetries: 2 });
    const attempt = answers(answer(503));
    await expect(call(attempt)).rejects.toBeInstanceOf(AthenaError);
    expect(attempt.tries).toBe(3);
    // Half of the exponential ceiling (250 ms, then 500 ms) with random() = 0.5.
    expect(slept).toEqual([125, 250]);
  });

  it("answers at once, passing the EHR's Retry-After on, when it is beyond the retry ceiling", async () => {
    const { call, slept } = policies();
    const attempt = answers(answer(429, {}, { 'retry-after': '60' }));
    await expect(call(attempt)).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 60,
    });
    expect(attempt.tries).toBe(1);
    expect(slept).toEqual([]);
  });

  it('opens the circuit after repeated failures and then refuses without trying', async () => {
    const { call, breaker } = policies({ failureThreshold: 2 });
    const down = answers(answer(500));
    await expect(call(down)).rejects.toMatchObject({ kind: 'upstream-error' });
    await expect(call(down)).rejects.toMatchObject({ kind: 'upstream-error' });
    expect(breaker.state).toBe('open');
    const untried = answers(answer(200));
    await expect(call(untried)).rejects.toMatchObject({
      kind: 'circuit-open',
      retryAfterSeconds: 30,
    });
    expect(untried.tries).toBe(0);
  });

  it('does not count refused credentials against the breaker', async () => {
    const { call, breaker } = policies({ failureThreshold: 1 });
    const refused = async () => {
      throw new AthenaError('credentials', 'Test EHR refused the client credentials');
    };
    await expect(call(refused)).rejects.toMatchObject({ kind: 'credentials' });
    expect(breaker.state).toBe('closed');
  });
});
