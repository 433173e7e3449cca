// Load scenarios for the gateway request path. Runs the gateway in this process on an in-memory
// PGlite database (or DATABASE_URL), creates an API key, then drives it with autocannon.
//   npm run bench -w @ehr-gateway/bench            (10 s per scenario)
//   BENCH_SECONDS=30 npm run bench -w @ehr-gateway/bench
//   npm run bench -w @ehr-gateway/bench -- --compare   (the peer comparison, compare.ts)
import autocannon from 'autocannon';

import { createGateway } from '@ehr-gateway/gateway';

import { openBenchStorage } from './bench-storage.js';
import { BENCH_PASSWORD, benchSettings } from './bench-settings.js';

if (process.argv.includes('--compare')) {
  await import('./compare.js');
  process.exit(0);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const password = BENCH_PASSWORD;
/** With REDIS_URL the limiter counts in Redis (as a fleet would); without, in memory. */
const redisUrl = process.env.REDIS_URL;

const { storage, dispose } = await openBenchStorage();
const app = await createGateway({
  db: storage.db,
  settings: benchSettings({ redisUrl }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/admin/session`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
const created = await fetch(`${base}/admin/api-keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie, origin: base },
  body: JSON.stringify({ name: 'bench' }),
});
const { apiKey } = (await created.json()) as { apiKey: { key: string } };
// Limits far above what the run can reach: every request is counted, none refused.
const limitedKey = await fetch(`${base}/admin/api-keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie, origin: base },
  body: JSON.stringify({ name: 'bench limited', rateLimit: 100_000, quota: 100_000_000 }),
});
const { apiKey: limited } = (await limitedKey.json()) as { apiKey: { key: string } };

interface Scenario {
  name: string;
  path: string;
  /** Runs before the scenario, e.g. to switch the response cache on. */
  before?: () => Promise<void>;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [
  { name: 'baseline: /healthz (no auth, no request log)', path: '/healthz' },
  {
    name: 'gateway: GET /utility/datetime (key auth + request log)',
    path: '/utility/datetime',
    headers: { 'x-api-key': apiKey.key },
  },
  {
    name: `gateway: the same with a per-key rate limit and quota (counted in ${redisUrl ? 'Redis' : 'memory'})`,
    path: '/utility/datetime',
    headers: { 'x-api-key': limited.key },
  },
  {
    name: 'gateway: POST /utility/test with a JSON body',
    path: '/utility/test',
    method: 'POST',
    body: JSON.stringify({ message: 'bench', data: { items: [1, 2, 3] } }),
    headers: { 'x-api-key': apiKey.key, 'content-type': 'application/json' },
  },
  {
    name: 'EHR: GET /api/12345/patients?source=mock&limit=20 (Mock EHR, cache off)',
    path: '/api/12345/patients?source=mock&limit=20',
    headers: { 'x-api-key': apiKey.key },
  },
  {
    name: 'EHR: the same with Configuration → Caching on (answers from the cache)',
    path: '/api/12345/patients?source=mock&limit=20',
    headers: { 'x-api-key': apiKey.key },
    before: () => setCaching(true),
  },
  {
    name: 'refused: GET /utility/datetime with an unknown key',
    path: '/utility/datetime',
    headers: { 'x-api-key': `ehrgw_${'x'.repeat(43)}` },
  },
];

async function setCaching(caching: boolean) {
  const answer = await fetch(`${base}/admin/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ apiRoot: '/api', practiceId: '12345', logLevel: 'warn', caching }),
  });
  if (!answer.ok) {
    throw new Error(`could not set caching: ${answer.status}`);
  }
}

console.log(`${seconds}s per scenario, ${connections} connections, ${storage.kind}\n`);
for (const scenario of scenarios) {
  await scenario.before?.();
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: scenario.headers,
    connections,
    duration: seconds,
  });
  console.log(
    `${scenario.name}\n  ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
}

await app.requestLogWriter.flush();
const logged = await storage.db
  .selectFrom('request_logs')
  .select((eb) => eb.fn.countAll<number>().as('count'))
  .executeTakeFirstOrThrow();
console.log(
  `\nrequest log rows written: ${logged.count}; writer: ${JSON.stringify(app.requestLogWriter.health())}`,
);
await app.close();
await dispose();
