import { describe, expect, it, vi } from 'vitest';

import type { DeliveriesRepository } from './deliveries-repository.js';
import type { DeliveryQueue } from './delivery-queue.js';
import { DELIVERY_LEASE_MS, createDeliveryWorker } from './delivery-worker.js';
import type { EndpointRow } from './endpoints-repository.js';
import type { SecretSealer } from './webhook-signing.js';

const T0 = Date.parse('2026-03-02T15:00:00.000Z');

/** One due delivery; reading the event takes `readMs` of the worker's clock (a stalled database). */
function setup(readMs: number) {
  let clock = T0;
  const claim = vi.fn(async (_at: Date, _limits: { leaseMs: number }) => [
    { id: 'd1', endpointId: 'e1', eventId: 'ev1', attemptCount: 0 },
  ]);
  const record = vi.fn(async () => ({ failingSince: null }));
  const send = vi.fn(async () => ({
    outcome: 'delivered' as const,
    status: 200,
    durationMs: 5,
    excerpt: '',
    error: null,
  }));
  const worker = createDeliveryWorker({
    queue: { claim, record } as unknown as DeliveryQueue,
    deliveries: {
      findEvent: async () => {
        clock += readMs;
        return {
          id: 'ev1',
          type: 'appointment.booked',
          source: 'mock',
          practice_id: '195900',
          occurred_at: new Date(T0),
          data_ids: { appointmentId: '1' },
          data_full_sealed: null,
        };
      },
    } as unknown as DeliveriesRepository,
    findEndpoint: async () =>
      ({ id: 'e1', url: 'https://receiver.example/hook', payload: 'id-only' }) as EndpointRow,
    sealer: { open: () => 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } as unknown as SecretSealer,
    send,
    disableEndpoint: async () => {},
    now: () => new Date(clock),
  });
  return { worker, claim, send, record };
}

describe('the delivery worker', () => {
  it('leases what it claims and sends it while the lease holds', async () => {
    const { worker, claim, send, record } = setup(1_000);
    claim
      .mockResolvedValueOnce([{ id: 'd1', endpointId: 'e1', eventId: 'ev1', attemptCount: 0 }])
      .mockResolvedValue([]);
    await worker.runDue();
    expect(claim.mock.calls[0]![1]).toMatchObject({ leaseMs: DELIVERY_LEASE_MS });
    expect(send).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('does not start an attempt its lease might not outlast: it would be sent twice', async () => {
    const { worker, claim, send, record } = setup(DELIVERY_LEASE_MS / 2);
    claim
      .mockResolvedValueOnce([{ id: 'd1', endpointId: 'e1', eventId: 'ev1', attemptCount: 0 }])
      .mockResolvedValue([]);
    await worker.runDue();
    expect(send).not.toHaveBeenCalled();
    expect(record).not.toHaveBeenCalled();
  });
});
