import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PASSWORD, createTestDatabase, databaseTargets } from './helpers.js';
import { freePort, startServer, waitUntilReady } from './processes.js';

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
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const server = startServer({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          ADMIN_PASSWORD,
          GATEWAY_WORKERS: '2',
        });
        const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
        await waitUntilReady(base, server);
        // Both workers answer: each is a child of the primary listening on the shared socket.
        const workers = execFileSync('pgrep', ['-P', String(server.child.pid)], {
          encoding: 'utf8',
        })
          .trim()
          .split('\n');
        expect(workers).toHaveLength(2);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => fetch(`${base}/healthz`).then((r) => r.status)),
        );
        expect(answers.every((status) => status === 200)).toBe(true);

        server.child.kill('SIGTERM');
        expect(await exited).toBe(0);
      },
    );
  });
});
