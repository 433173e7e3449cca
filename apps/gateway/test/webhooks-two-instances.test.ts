import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildGateway,
  createApiKey,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const ENDPOINTS = 3;
const EVENTS_PER_ENDPOINT = 15;

/** A loopback receiver that verifies each delivery and counts it by `webhook-id`. */
async function startReceiver() {
  const seen = new Map<string, number>();
  let secret = '';
  let unverified = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(secret).verify(body, request.headers as Record<string, string>);
      } catch {
        unverified += 1;
      }
      const id = String(request.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      // A little time in flight, so both instances' rounds overlap.
      setTimeout(() => response.end('{}'), 15);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    seen,
    unverified: () => unverified,
    setSecret: (value: string) => {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Two instances need a database server; PGlite is embedded in one process by design.
describe.runIf(databaseUrl)(
  'webhook deliveries from two gateway instances on one PostgreSQL',
  () => {
    let storage: TestStorage;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let key: string;
    const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];

    beforeAll(async () => {
      storage = await openTestStorage({ name: 'postgres', url: databaseUrl });
      // One fleet: the same key sealing the endpoints' secrets.
      const settings = { webhooks: { allowPrivate: true, secretsKey: randomBytes(32) } };
      a = await buildGateway(storage, { settings });
      b = await buildGateway(await storage.reopen(), { settings });
      ({ key } = await createApiKey(a, await signIn(a), {
        name: 'events client',
        scopes: ['events'],
      }));
      for (let index = 0; index < ENDPOINTS; index += 1) {
        receivers.push(await startReceiver());
      }
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await Promise.all(receivers.map((receiver) => receiver.close()));
      await storage.dispose();
    });

    it('delivers each event exactly once while both instances deliver at the same time', async () => {
      const queued: string[][] = [];
      for (const receiver of receivers) {
        const created = await a.inject({
          method: 'POST',
          url: '/webhooks/endpoints',
          headers: { 'x-api-key': key },
          payload: { url: receiver.url, events: ['appointment.booked'], description: 'fleet' },
        });
        expect(created.statusCode, created.body).toBe(201);
        const { endpoint, secret } = created.json() as { endpoint: { id: string }; secret: string };
        receiver.setSecret(secret);
        const ids: string[] = [];
        for (let n = 0; n < EVENTS_PER_ENDPOINT; n += 1) {
          // Half the events written through each instance.
          const test = await (n % 2 === 0 ? a : b).inject({
            method: 'POST',
            url: `/webhooks/endpoints/${endpoint.id}/test`,
            headers: { 'x-api-key': key },
          });
          expect(test.statusCode, test.body).toBe(202);
          ids.push(test.json().delivery.eventId);
        }
        queued.push(ids);
      }

      const attempts = await Promise.all([
        a.webhookDelivery.deliverDue(),
        b.webhookDelivery.deliverDue(),
        a.webhookDelivery.deliverDue(),
        b.webhookDelivery.deliverDue(),
      ]);
      // Nothing is left for either: every delivery was claimed once.
      expect(await a.webhookDelivery.deliverDue()).toBe(0);
      expect(await b.webhookDelivery.deliverDue()).toBe(0);

      receivers.forEach((receiver, index) => {
        expect(receiver.unverified()).toBe(0);
        expect([...receiver.seen.keys()].sort()).toEqual([...queued[index]!].sort());
        expect([...receiver.seen.values()].every((count) => count === 1)).toBe(true);
      });
      // Each instance's concurrent runs shared one run; the two instances' attempts add up to N.
      expect(attempts[0]! + attempts[1]!).toBe(ENDPOINTS * EVENTS_PER_ENDPOINT);
    });
  },
);
