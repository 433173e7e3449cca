// How long GET /admin/metrics takes over 30 days of traffic: 1 000 000 requests spread over the
// window, stored as the request-log batches would store them (rollups, and the log rows themselves).
//   npm run bench:metrics -w @ehr-gateway/bench
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:metrics -w @ehr-gateway/bench
import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';

import { adminPath } from '@ehr-gateway/contracts';
import { createGateway, type NewRequestLog, seedRequestRollups } from '@ehr-gateway/gateway';

import { openBenchStorage } from './bench-storage.js';
import { BENCH_PASSWORD, benchSettings } from './bench-settings.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const WINDOW_MS = 30 * 86_400_000;
const RUNS = 15;
const password = BENCH_PASSWORD;

const ROUTES = [
  ['GET', '/api/{practiceId}/patients', 'athena'],
  ['GET', '/api/{practiceId}/patients/{patientId}', 'athena'],
  ['GET', '/api/{practiceId}/appointments', 'athena'],
  ['POST', '/api/{practiceId}/appointments', 'athena'],
  ['GET', '/api/{practiceId}/providers', 'mock'],
  ['GET', '/api/{practiceId}/departments', 'mock'],
  ['GET', '/aggregate/department-providers', 'aggregation'],
  ['POST', '/aggregate/smart-scheduling', 'aggregation'],
  ['POST', '/llm/tools/query-healthcare-entities', 'llm-tools'],
  ['GET', '/voice-config/tenants', 'voice-config'],
  ['GET', '/utility/datetime', 'utility'],
  ['POST', '/utility/test', 'utility'],
] as const;
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 201, 400, 401, 404, 429, 502, 503];
const KEYS = Array.from({ length: 20 }, () => randomUUID());

const { storage, databaseName, dispose } = await openBenchStorage();

/** A deterministic spread of requests: every route, status class and key, latencies 2 ms – 2 s. */
function entryAt(index: number, at: number): NewRequestLog {
  const [method, route, source] = ROUTES[index % ROUTES.length]!;
  const status = STATUSES[(index * 7) % STATUSES.length]!;
  const upstream = source === 'athena' || source === 'aggregation';
  const latency = 2 + ((index * 7919) % 2_000) * (index % 10 === 0 ? 1 : 0.1);
  return {
    id: randomUUID(),
    request_id: `bench-${index}`,
    timestamp: new Date(at),
    endpoint: route,
    method,
    status,
    response_time_ms: latency,
    source,
    api_key_id: KEYS[index % KEYS.length]!,
    api_key_name: null,
    request_data: '{}',
    response_data: null,
    response_truncated: false,
    error_message: null,
    error_stack: null,
    route,
    upstream_ms: upstream ? latency * 0.8 : null,
  };
}

// Seeding: what the writer's batches would have left after the retention task ran (minute rows
// only for the last two days), written through the same rollup code and repository.
const seedStarted = performance.now();
const end = Date.now();
const start = end - WINDOW_MS;
const CHUNK = 20_000;
for (let first = 0; first < REQUESTS; first += CHUNK) {
  const entries: NewRequestLog[] = [];
  for (let index = first; index < Math.min(REQUESTS, first + CHUNK); index += 1) {
    entries.push(entryAt(index, start + Math.floor((index / REQUESTS) * WINDOW_MS)));
  }
  await seedRequestRollups(storage.db, entries, new Date(end));
}
// The log rows themselves, so the database holds what 1M requests leave (the query reads none).
for (let first = 1; first <= REQUESTS; first += 100_000) {
  const last = Math.min(REQUESTS, first + 99_999);
  await sql`insert into request_logs (id, request_id, timestamp, endpoint, method, status, response_time_ms, source, request_data, route)
    select gen_random_uuid(), 'bench-' || n, ${new Date(start)}::timestamptz + (n::float8 * ${WINDOW_MS / REQUESTS} * interval '1 millisecond'),
           '/utility/datetime', 'GET', 200, 3, 'utility', '{}', '/utility/datetime'
    from generate_series(${first}::int, ${last}::int) n`.execute(storage.db);
}
const rollupRows = await storage.db
  .selectFrom('request_rollups')
  .select(sql<string>`count(*)`.as('rows'))
  .executeTakeFirstOrThrow();
console.log(
  `seeded ${REQUESTS.toLocaleString('en-US')} requests (${Number(rollupRows.rows).toLocaleString('en-US')} rollup rows) on ${databaseName} in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
);

const app = await createGateway({
  db: storage.db,
  backgroundTasks: false,
  settings: benchSettings(),
});
const login = await app.inject({
  method: 'POST',
  url: adminPath('session'),
  payload: { username: 'admin', password },
});
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function time(label: string, query: Record<string, string>) {
  const url = `${adminPath('metrics')}?${new URLSearchParams(query).toString()}`;
  const durations: number[] = [];
  for (let run = -2; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const took = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    if (run >= 0) {
      durations.push(took);
    }
  }
  durations.sort((a, b) => a - b);
  const median = durations[Math.floor(durations.length / 2)]!;
  const worst = durations[durations.length - 1]!;
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(6)} ms   slowest ${worst.toFixed(1).padStart(6)} ms`,
  );
  return median;
}

const from30d = new Date(end - WINDOW_MS).toISOString();
const to = new Date(end).toISOString();
const baseline = await time('1 hour, per minute (the smallest answer)', {
  from: new Date(end - 3_600_000).toISOString(),
  to,
});
const results = [
  await time('30 days, per day', { from: from30d, to, interval: '1d' }),
  await time('30 days, per day, by route', { from: from30d, to, interval: '1d', groupBy: 'route' }),
  await time('30 days, per day, by key', { from: from30d, to, interval: '1d', groupBy: 'key' }),
  await time('30 days, per day, by status', {
    from: from30d,
    to,
    interval: '1d',
    groupBy: 'status',
  }),
  await time('30 days, per 6 h, by source', {
    from: from30d,
    to,
    interval: '6h',
    groupBy: 'source',
  }),
  await time('7 days, per hour, by route', {
    from: new Date(end - 7 * 86_400_000).toISOString(),
    to,
    interval: '1h',
    groupBy: 'route',
  }),
];
console.log(
  `slowest 30-day median is ${(Math.max(...results) / baseline).toFixed(1)}× the 1-hour answer; bar: under 100 ms`,
);

await app.close();
await dispose();
