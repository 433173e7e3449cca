import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type StorageOptions } from '../src/db/database.js';
import { createTestDatabase, databaseTargets } from './helpers.js';
import { createKeyOverHttp, startReadyGateway } from './processes.js';

describe.each(databaseTargets)('graceful stop on $name', (target) => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-stop-'));
    if (target.url) {
      database = await createTestDatabase(target.url, 'gateway_stop');
      databaseUrl = database.url;
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it(
    'keeps every request-log entry when SIGTERM comes right after the requests',
    { timeout: 60_000 },
    async () => {
      const server = await startReadyGateway({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      const { base } = server;

      const apiKey = { key: await createKeyOverHttp(base, 'stop test') };

      const requestCount = 40;
      const answers = await Promise.all(
        Array.from({ length: requestCount }, (_, i) =>
          fetch(
            `${base}/utility/validate-dob?dob=2000-01-${String((i % 28) + 1).padStart(2, '0')}`,
            {
              headers: { 'x-api-key': apiKey.key },
            },
          ),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);

      expect(await server.stop()).toBe(0);

      const options: StorageOptions = databaseUrl ? { databaseUrl } : { dataDir };
      const storage = await openStorage(options);
      try {
        const rows = await storage.db
          .selectFrom('request_logs')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('endpoint', '=', '/utility/validate-dob')
          .executeTakeFirstOrThrow();
        expect(Number(rows.count)).toBe(requestCount);
        const key = await storage.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .executeTakeFirstOrThrow();
        expect(key.last_used_at).toBeInstanceOf(Date);
      } finally {
        await storage.close();
      }
    },
  );
});
