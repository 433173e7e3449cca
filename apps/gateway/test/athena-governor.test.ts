import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HEADERS } from '@ehr-gateway/contracts';

import {
  buildGateway,
  createApiKey,
  databaseTargets,
  openTestStorage,
  signIn,
  type TestStorage,
} from './helpers.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = databaseTargets.find((target) => target.name === 'postgres');

/** athena's allowance in this test; the offered load is five times it. */
const QPS = 4;
/** docs/operations.md: at most one call more than the allowance in any second (network jitter). */
const DOCUMENTED_BURST = 1;
const PRACTICE = '195900';

describe.skipIf(!redisUrl || !postgres)(
  'three gateway instances on one PostgreSQL and Redis stay within athena\u2019s QPS allowance',
  () => {
    let sandbox: FastifyInstance;
    let sandboxUrl: string;
    let storage: TestStorage;
    const gateways: FastifyInstance[] = [];
    let key: string;

    beforeAll(async () => {
      sandbox = buildSandbox({ tokenLimitPerMinute: 1000 });
      await sandbox.listen({ port: 0, host: '127.0.0.1' });
      const address = sandbox.server.address();
      sandboxUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      storage = await openTestStorage(postgres!);
      const settings = {
        redisUrl,
        athena: {
          baseUrl: sandboxUrl,
          clientId: 'sandbox-client',
          clientSecret: 'sandbox-secret',
          practiceId: PRACTICE,
        },
        athenaGovernor: { maxQps: QPS, maxConcurrency: 20, queueTimeoutMs: 1_500, instances: 3 },
      };
      for (let index = 0; index < 3; index += 1) {
        const instanceStorage = index === 0 ? storage : await storage.reopen();
        gateways.push(await buildGateway(instanceStorage, { settings }));
      }
      ({ key } = await createApiKey(gateways[0]!, await signIn(gateways[0]!), { name: 'load' }));
      // Each instance fetches its token first, so the measured second holds data calls only.
      for (const gateway of gateways) {
        await gateway.inject({
          method: 'GET',
          url: `/api/${PRACTICE}/providers`,
          headers: { [HEADERS.apiKey]: key },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await fetch(`${sandboxUrl}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qpsLimit: QPS }),
      });
      await fetch(`${sandboxUrl}/_sandbox/reset`, { method: 'POST' });
    });

    afterAll(async () => {
      await Promise.all(gateways.map((gateway) => gateway.close()));
      await storage?.dispose();
      await sandbox?.close();
    });

    it('never lets athena see more than the allowance, and answers the overflow 503 UPSTREAM_BUSY', async () => {
      const offered = 5 * QPS;
      const seconds = 2;
      const calls: Array<Promise<{ status: number; code?: string; retryAfter?: string }>> = [];
      for (let index = 0; index < offered * seconds; index += 1) {
        const gateway = gateways[index % 3]!;
        calls.push(
          gateway
            .inject({
              method: 'GET',
              // A patient search: never answered from a cache (providers are reference data now).
              url: `/api/${PRACTICE}/patients?lastName=Wright`,
              headers: { [HEADERS.apiKey]: key },
            })
            .then((response) => ({
              status: response.statusCode,
              code:
                response.statusCode === 200
                  ? undefined
                  : (response.json() as { code: string }).code,
              retryAfter: response.headers[HEADERS.retryAfter] as string | undefined,
            })),
        );
        await new Promise((resolve) => setTimeout(resolve, 1_000 / offered));
      }
      const answers = await Promise.all(calls);
      const stats = (await (await fetch(`${sandboxUrl}/_sandbox/stats`)).json()) as {
        dataRequests: number;
        qpsRefused: number;
        peakQps: { received: number };
      };

      expect(stats.peakQps.received).toBeLessThanOrEqual(QPS + DOCUMENTED_BURST);
      const served = answers.filter((answer) => answer.status === 200);
      const busy = answers.filter((answer) => answer.status === 503);
      expect(served.length + busy.length).toBe(answers.length);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.code).toBe('UPSTREAM_BUSY');
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      // The allowance was used, not wasted: roughly QPS per second of the run and the queue.
      expect(served.length).toBeGreaterThanOrEqual(QPS * seconds);
      expect(stats.dataRequests).toBe(served.length + stats.qpsRefused);
    });
  },
);
