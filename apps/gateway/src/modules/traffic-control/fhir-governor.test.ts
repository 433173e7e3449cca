import { describe, expect, it } from 'vitest';

import { UpstreamBusyError, createTrafficControlModule } from './index.js';

const log = { warn: () => undefined, info: () => undefined };

/** The module with FHIR_MAX_QPS = 3 and a clock the test moves (nothing sleeps). */
function trafficControl(clock: { now: number }) {
  return createTrafficControlModule({
    log,
    now: () => new Date(clock.now),
    settings: {
      redisUrl: undefined,
      defaultKeyRateLimit: 100,
      athena: {
        baseUrl: undefined,
        clientId: undefined,
        clientSecret: undefined,
        practiceId: undefined,
      },
      // A queue timeout shorter than the window: a call without a turn is refused, not delayed.
      athenaGovernor: { maxQps: 50, maxConcurrency: 20, queueTimeoutMs: 50, instances: 1 },
      fhir: {
        baseUrl: 'https://fhir.example.org/r4',
        clientId: 'client',
        privateKey: undefined,
        previousPublicKey: undefined,
        clientSecret: 'secret',
        scopes: 'system/*.rs',
        vendor: 'generic',
        practiceId: '1',
        timeoutMs: 1_000,
        maxQps: 3,
      },
    },
  });
}

describe('the FHIR EHR governor (FHIR_MAX_QPS)', () => {
  it('grants FHIR_MAX_QPS turns in a window, refuses the next with Retry-After, and grants again after', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const control = trafficControl(clock);
    let granted = 0;
    const refused: unknown[] = [];
    for (let call = 0; call < 5; call += 1) {
      await control.fhirGovernor.acquire().then(
        (release) => {
          granted += 1;
          release();
        },
        (error: unknown) => refused.push(error),
      );
    }
    expect(granted).toBe(3);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toBeInstanceOf(UpstreamBusyError);
    expect((refused[0] as UpstreamBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    // athena's allowance is its own window: FHIR traffic does not use it up.
    const athena = await control.athenaGovernor.acquire();
    athena();

    clock.now += 1_200;
    const again = await control.fhirGovernor.acquire();
    again();
    await control.stop();
  });
});
