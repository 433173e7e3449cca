import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, waitFor } from './helpers.js';
import { createKeyOverHttp, startReadyGateway } from './processes.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const LOAD_MS = 6_000;
const KILL_AT_MS = 2_000;
const CLIENTS = 8;
const REQUEST_TIMEOUT_MS = 5_000;

describe.runIf(databaseUrl)('a worker killed under load (SIGKILL)', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-kill-'));
    database = await createTestDatabase(databaseUrl!, 'gateway_kill');
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'loses no entry it answered: every answered request has its row',
    { timeout: 120_000 },
    async () => {
      const server = await startReadyGateway({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        GATEWAY_WORKERS: '2',
      });
      const { base } = server;
      try {
        const apiKey = { key: await createKeyOverHttp(base, 'load') };

        const answered = new Set<string>();
        const unanswered = new Set<string>();
        let sequence = 0;
        let running = true;
        const client = async () => {
          while (running) {
            const id = `kill-${(sequence += 1)}`;
            try {
              const response = await fetch(`${base}/utility/datetime`, {
                headers: { 'x-api-key': apiKey.key, 'x-request-id': id },
                // A connection node:cluster handed to the worker as it died is never answered.
                signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
              });
              await response.arrayBuffer();
              answered.add(id);
            } catch {
              unanswered.add(id);
            }
          }
        };
        const load = Promise.all(Array.from({ length: CLIENTS }, client));
        await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
        const [victim] = server.workerPids();
        process.kill(Number(victim), 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, LOAD_MS - KILL_AT_MS));
        running = false;
        await load;
        expect(answered.size).toBeGreaterThan(100);

        // The worker started in the dead one's place takes over its journal and writes it back.
        const direct = new pg.Client({ connectionString: database.url });
        await direct.connect();
        try {
          const stored = await waitFor(
            async () => {
              const { rows } = await direct.query<{ request_id: string }>(
                "select request_id from request_logs where request_id like 'kill-%'",
              );
              const ids = new Set(rows.map((row) => row.request_id));
              return [...answered].every((id) => ids.has(id)) ? ids : false;
            },
            { timeoutMs: 40_000, intervalMs: 500 },
          ).catch(async () => {
            const { rows } = await direct.query('select count(*)::int as n from request_logs');
            throw new Error(
              `answered ${answered.size}, stored ${JSON.stringify(rows)}\n${server.output()}`,
            );
          });
          // Rows = answered: the only rows beyond them are of requests cut off as the worker died
          // (their entries were on disk before the answer could go out).
          const extra = [...stored].filter((id) => !answered.has(id));
          expect(extra.every((id) => unanswered.has(id))).toBe(true);
          expect(server.output()).toContain(`gateway worker ${victim} stopped (SIGKILL)`);
        } finally {
          await direct.end();
        }
      } finally {
        await server.stop();
      }
    },
  );
});
