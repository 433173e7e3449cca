import { describe, expect, it, vi } from 'vitest';

import type { ClaimedDelivery, DeliveryQueue } from './delivery-queue.js';
import {
  DELIVERY_LEASE_MS,
  PER_ENDPOINT_BATCH,
  PER_ENDPOINT_CONCURRENCY,
  createDeliveryWorker,
} from './delivery-worker.js';
import type { EndpointRow } from './endpoints-repository.js';
import type { SecretSealer } from './webhook-signing.js';
import type { SendResult } from './webhook-sender.js';

const T0 = Date.parse('2026-03-02T15:00:00.000Z');
const ENDPOINT = {
  id: 'e1',
  url: 'https://receiver.example/hook',
  payload: 'id-only',
  secret_sealed: 'sealed',
} as EndpointRow;
const LEASED_UNTIL = new Date(T0 + DELIVERY_LEASE_MS);

const delivery = (n: number): ClaimedDelivery => ({
  id: `d${n}`,
  endpointId: 'e1',
  eventId: `ev${n}`,
  attemptCount: 0,
  event: {
    id: `ev${n}`,
    type: 'appointment.booked',
    source: 'mock',
    practice_id: '195900',
    occurred_at: new Date(T0),
    data_ids: { appointmentId: String(n) },
    data_full_sealed: null,
  },
});

const DELIVERED: SendResult = {
  outcome: 'delivered',
  status: 200,
  durationMs: 5,
  excerpt: '',
  error: null,
};

/** Deliveries `ids` due once; the claim takes `claimMs` of the worker's clock (a stalled database). */
function setup(count: number, claimMs = 0) {
  let clock = T0;
  const claim = vi
    .fn(async (_at: Date, _limits: { leaseMs: number; perEndpoint: number }) => {
      clock += claimMs;
      return {
        endpoints: [ENDPOINT],
        deliveries: [] as ClaimedDelivery[],
        leasedUntil: LEASED_UNTIL,
      };
    })
    .mockImplementationOnce(async () => {
      clock += claimMs;
      return {
        endpoints: [ENDPOINT],
        deliveries: Array.from({ length: count }, (_, n) => delivery(n + 1)),
        leasedUntil: LEASED_UNTIL,
      };
    });
  const record = vi.fn(async () => new Map<string, Date | null>([['e1', null]]));
  let inFlight = 0;
  let mostInFlight = 0;
  const send = vi.fn(async (): Promise<SendResult> => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    return DELIVERED;
  });
  const worker = createDeliveryWorker({
    queue: { claim, record } as unknown as DeliveryQueue,
    sealer: { open: () => 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } as unknown as SecretSealer,
    send,
    disableEndpoint: async () => {},
    now: () => new Date(clock),
  });
  return { worker, claim, send, record, mostInFlight: () => mostInFlight };
}

describe('the delivery worker', () => {
  it('leases a batch per endpoint and sends it while the lease holds', async () => {
    const { worker, claim, send, record } = setup(1);
    await worker.runDue();
    expect(claim.mock.calls[0]![1]).toMatchObject({
      leaseMs: DELIVERY_LEASE_MS,
      perEndpoint: PER_ENDPOINT_BATCH,
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect(record.mock.calls[0]).toEqual([
      [expect.objectContaining({ deliveryId: 'd1', delivered: true, nextAttemptAt: null })],
      { ids: [], leasedUntil: LEASED_UNTIL },
    ]);
  });

  it('sends a round at most PER_ENDPOINT_CONCURRENCY at a time and records it at once', async () => {
    const { worker, send, record, mostInFlight } = setup(10);
    await worker.runDue();
    expect(send).toHaveBeenCalledTimes(10);
    expect(mostInFlight()).toBe(PER_ENDPOINT_CONCURRENCY);
    expect(record).toHaveBeenCalledTimes(1);
    expect((record.mock.calls[0] as unknown[][])[0]).toHaveLength(10);
  });

  it('does not start an attempt its lease might not outlast, and lets it go', async () => {
    const { worker, send, record } = setup(1, DELIVERY_LEASE_MS / 2);
    await worker.runDue();
    expect(send).not.toHaveBeenCalled();
    expect(record.mock.calls[0]).toEqual([[], { ids: ['d1'], leasedUntil: LEASED_UNTIL }]);
  });

  it('records the others when one cannot be attempted, which keeps its lease', async () => {
    const { worker, send, record } = setup(3);
    send.mockRejectedValueOnce(new Error('signing failed'));
    await expect(worker.runDue()).rejects.toThrow('signing failed');
    const [attempts, unsent] = record.mock.calls[0] as unknown as [
      Array<{ deliveryId: string }>,
      { ids: string[] },
    ];
    expect(attempts.map((attempt) => attempt.deliveryId).sort()).toEqual(['d2', 'd3']);
    expect(unsent.ids).toEqual([]);
  });

  it('stops after the round in progress when the gateway stops, backlog or not', async () => {
    const { worker, claim, send } = setup(1);
    claim.mockImplementation(async () => ({
      endpoints: [ENDPOINT],
      deliveries: [delivery(send.mock.calls.length + 1)],
      leasedUntil: LEASED_UNTIL,
    }));
    const run = worker.runDue();
    await vi.waitFor(() => expect(send.mock.calls.length).toBeGreaterThan(2));
    await worker.settle();
    const sent = send.mock.calls.length;
    await run;
    expect(send.mock.calls.length).toBe(sent);
  });
});
