// Whether the request-log writer keeps up: exchanges are recorded at a fixed rate (as the
// gateway's onSend hook records them, journal included) and every second the run samples how
// many were recorded, how many rows the database holds, and the backlog (in memory and spooled).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:writer -w @ehr-gateway/bench
//   BENCH_RATE=4250 BENCH_SECONDS=300 … (defaults: 4 250 entries/s, 60 s)
// Bar (issue 29, item 2): the backlog does not grow at the gateway's highest answered rate.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';

import { createGateway } from '@ehr-gateway/gateway';

import { openBenchStorage } from './bench-storage.js';
import { benchSettings } from './bench-settings.js';
import { seedRequestLogs } from './seed-request-logs.js';

const RATE = Number(process.env.BENCH_RATE ?? 4_250);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TICK_MS = 50;

const { storage, databaseName, dispose } = await openBenchStorage();
// A log that has been written for a while: the indexes' cost grows with their size.
const PREFILL = Number(process.env.BENCH_PREFILL ?? 0);
if (PREFILL > 0) {
  const seeding = performance.now();
  await seedRequestLogs(storage.db, PREFILL, 7 * 86_400_000, Date.now() - 60_000);
  console.log(
    `prefilled ${PREFILL} rows in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
}
// For comparing index sets: BENCH_DROP_INDEXES=request_logs_method_timestamp_idx,…
for (const index of (process.env.BENCH_DROP_INDEXES ?? '').split(',').filter(Boolean)) {
  await sql`drop index ${sql.id(index)}`.execute(storage.db);
}
const spoolDir = await mkdtemp(join(tmpdir(), 'bench-spool-'));
const app = await createGateway({
  db: storage.db,
  settings: benchSettings({ requestLogSpoolDir: spoolDir }),
  backgroundTasks: false,
});
const writer = app.requestLogWriter;

/** One answered GET /utility/datetime, as the onSend hook captures it. */
const exchange = (n: number) => ({
  requestId: `bench-${n}`,
  timestamp: new Date().toISOString(),
  method: 'GET',
  url: '/utility/datetime?timezone=America%2FChicago',
  status: 200,
  responseTimeMs: 1.2,
  route: '/utility/datetime',
  upstreamMs: null,
  traceId: null,
  source: 'utility' as const,
  apiKey: { id: '00000000-0000-4000-8000-000000000001', name: 'bench' },
  query: { timezone: 'America/Chicago' },
  body: undefined,
  headers: { host: 'localhost', 'user-agent': 'bench', 'x-api-key': 'ehrgw_secret' },
  responsePayload: '{"iso":"2026-11-26T12:00:00.000-06:00","timezone":"America/Chicago"}',
  responseContentType: 'application/json; charset=utf-8',
  failure: undefined,
});

// Rows of this run only (the prefill ends a minute before it), counted through the time index.
const runStart = new Date(Date.now() - 30_000);
const storedRows = async () =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from request_logs
        where timestamp >= ${runStart}`.execute(storage.db)
    ).rows[0]!.n,
  );

console.log(`Request-log writer on ${databaseName}: ${RATE} entries/s for ${SECONDS} s`);
console.log('second  recorded/s  stored/s  backlog (recorded − stored)');
let recorded = 0;
const started = performance.now();
const samples: Array<{ second: number; recorded: number; stored: number; backlog: number }> = [];
let lastStored = 0;
let lastRecorded = 0;
for (let second = 1; second <= SECONDS; second += 1) {
  while (performance.now() - started < second * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (recorded < due) {
      writer.record(exchange(recorded));
      recorded += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const stored = await storedRows();
  const backlog = recorded - stored;
  samples.push({ second, recorded, stored, backlog });
  console.log(
    `${String(second).padStart(6)}  ${String(recorded - lastRecorded).padStart(10)}  ${String(stored - lastStored).padStart(8)}  ${backlog}`,
  );
  lastStored = stored;
  lastRecorded = recorded;
}
// The journal holds what memory could not: the run is over when the database has every entry.
const drainStarted = performance.now();
await writer.flush();
let stored = await storedRows();
while (stored < recorded && performance.now() - drainStarted < 300_000) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await writer.flush();
  stored = await storedRows();
}
const drainMs = performance.now() - drainStarted;
const half = samples.slice(Math.floor(samples.length / 2));
const first = half[0]!;
const last = half.at(-1)!;
console.log(
  `\nrecorded ${recorded}, stored ${stored} (${stored === recorded ? 'all' : `${recorded - stored} missing`}); ` +
    `stored ${Math.round((last.stored - first.stored) / (last.second - first.second))}/s over the second half; ` +
    `backlog ${first.backlog} → ${last.backlog} over the second half; ${Math.round(drainMs)} ms to drain; ` +
    `dropped ${writer.health().dropped}, writer ${writer.health().ok ? 'healthy' : 'unhealthy'}`,
);
await app.close();
await dispose();
await rm(spoolDir, { recursive: true, force: true });
