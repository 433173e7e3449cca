import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, databaseTargets } from './helpers.js';
import { freePort, startReadyGateway, startServer } from './processes.js';

const postgres = databaseTargets.find((target) => target.url);

describe('GATEWAY_WORKERS', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-workers-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses more than one worker on the embedded database, saying why', async () => {
    const server = startServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      GATEWAY_WORKERS: '2',
    });
    const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output()).toContain(
      'GATEWAY_WORKERS: more than one worker needs DATABASE_URL (PostgreSQL); the embedded database runs in one process',
    );
  });

  describe.runIf(postgres)('on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase(postgres!.url!, 'gateway_workers');
    });
    afterAll(() => database.drop());

    it(
      'serves from two workers sharing one port, and stops them all on SIGTERM',
      { timeout: 90_000 },
      async () => {
        const server = await startReadyGateway({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          GATEWAY_WORKERS: '2',
        });
        // Both workers answer: each is a child of the primary listening on the shared socket.
        const workers = server.workerPids();
        expect(workers).toHaveLength(2);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => fetch(`${server.base}/healthz`).then((r) => r.status)),
        );
        expect(answers.every((status) => status === 200)).toBe(true);

        expect(await server.stop()).toBe(0);
      },
    );
  });
});
