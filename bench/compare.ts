// The peer comparison: the same fixed athena-format upstream behind each proxy, measured in
// interleaved rounds, medians and ratios printed as a table (issue "The request path at gateway
// speed"). Every target runs in its own process; the load generator runs here.
//   npm run build && npm run bench -w @ehr-gateway/bench -- --compare
//   BENCH_SECONDS=8 BENCH_ROUNDS=5 DATABASE_URL=postgres://… npm run bench -w @ehr-gateway/bench -- --compare
//   BENCH_BASELINE_SERVER=/path/to/older/apps/gateway/dist/server.js adds an earlier build's row
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';
import pg from 'pg';

import { adminPath, DEFAULT_GATEWAY_CONFIG, HEADERS } from '@ehr-gateway/contracts';

import {
  childProcesses,
  createBenchKey,
  freePort,
  proxyingGatewayEnv,
  signIn,
  waitFor,
} from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const GATEWAY_SERVER = path.join(root, 'apps/gateway/dist/server.js');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const practiceId = DEFAULT_GATEWAY_CONFIG.practiceId;
const UPSTREAM_PATH = `/v1/${practiceId}/patients?limit=5`;
const GATEWAY_PATH = `/api/${practiceId}/patients?source=athena&limit=5`;

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const { children, start } = childProcesses(root);
const cleanups: Array<() => Promise<void>> = [];

async function gateway(label: string, databaseUrl?: string, server = GATEWAY_SERVER, workers = 1) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-compare-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let database: Record<string, string> = {};
  if (databaseUrl) {
    // Its own schema, dropped afterwards.
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    });
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    database = { DATABASE_URL: url.toString() };
  }
  const base = await start(
    server,
    { ...proxyingGatewayEnv(upstream, dataDir), GATEWAY_WORKERS: String(workers), ...database },
    '/readyz',
  );
  const cookie = await signIn(base);
  const apiKey = await createBenchKey(base, cookie);
  const setCaching = async (caching: boolean) => {
    const answer = await fetch(`${base}${adminPath('config')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ ...DEFAULT_GATEWAY_CONFIG, logLevel: 'warn', caching }),
    });
    if (!answer.ok) {
      throw new Error(`could not set caching: ${answer.status} ${await answer.text()}`);
    }
  };
  return {
    label,
    target: {
      name: label,
      url: `${base}${GATEWAY_PATH}`,
      headers: { [HEADERS.apiKey]: apiKey },
    },
    setCaching,
  };
}

async function measure(target: Target, overallRate?: number): Promise<Sample> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function nginxConfig(port: number, upstreamUrl: string, dir: string) {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  upstream fixed { server ${new URL(upstreamUrl).host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://fixed; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`;
}

async function startNginx(): Promise<string | null> {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (!binary) {
    return null;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'nginx.conf'), nginxConfig(port, upstream, dir));
  const child = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${UPSTREAM_PATH}`);
  return base;
}

/**
 * Express Gateway with key-auth, when EXPRESS_GATEWAY_DIR names a folder it is installed in
 * (see compare/express-gateway.mjs): started, given a user and a key through its admin API.
 */
async function startExpressGateway(): Promise<Target | null> {
  const installedIn = process.env.EXPRESS_GATEWAY_DIR;
  if (!installedIn) {
    return null;
  }
  const adminPort = await freePort();
  const base = await start(
    path.join(here, 'compare/express-gateway.mjs'),
    { EXPRESS_GATEWAY_DIR: installedIn, ADMIN_PORT: String(adminPort), UPSTREAM: upstream },
    '/v1/ready',
  );
  const admin = `http://127.0.0.1:${adminPort}`;
  const post = async (route: string, body: unknown) => {
    const answer = await fetch(`${admin}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) {
      throw new Error(`Express Gateway ${route}: ${answer.status} ${await answer.text()}`);
    }
    return answer.json() as Promise<Record<string, string>>;
  };
  await post('/users', { username: 'bench', firstname: 'Bench', lastname: 'Client' });
  const { keyId, keySecret } = await post('/credentials', {
    type: 'key-auth',
    consumerId: 'bench',
    credential: {},
  });
  return {
    name: 'Express Gateway key-auth',
    url: `${base}${UPSTREAM_PATH}`,
    headers: { authorization: `apiKey ${keyId}:${keySecret}` },
  };
}

if (!existsSync(GATEWAY_SERVER)) {
  throw new Error('apps/gateway/dist/server.js is missing: run `npm run build` first');
}

const upstream = await start(path.join(here, 'compare/fixed-upstream.mjs'), {}, '/oauth2/v1/token');
const fastifyProxy = await start(
  path.join(here, 'compare/fastify-proxy.mjs'),
  { UPSTREAM: upstream },
  UPSTREAM_PATH,
);
const nginx = await startNginx();
const onPglite = await gateway('gateway (PGlite)');
const databaseUrl = process.env.DATABASE_URL;
const onPostgres = databaseUrl ? await gateway('gateway (PostgreSQL)', databaseUrl) : null;
const cores = os.availableParallelism();
const onPostgresWorkers =
  databaseUrl && cores > 1
    ? await gateway(`gateway (PostgreSQL, ${cores} workers)`, databaseUrl, GATEWAY_SERVER, cores)
    : null;
// An earlier build of the gateway (BENCH_BASELINE_SERVER=…/dist/server.js), measured in the same
// rounds: the before and after of a change, on one machine at one time.
const baselineServer = process.env.BENCH_BASELINE_SERVER;
const baseline = baselineServer
  ? await gateway('gateway before (PGlite)', undefined, baselineServer)
  : null;
const expressGateway = await startExpressGateway();

const targets: Target[] = [
  { name: 'direct upstream', url: `${upstream}${UPSTREAM_PATH}` },
  ...(nginx ? [{ name: 'nginx proxy', url: `${nginx}${UPSTREAM_PATH}` }] : []),
  { name: 'Fastify http-proxy', url: `${fastifyProxy}${UPSTREAM_PATH}` },
  onPglite.target,
  ...(onPostgres ? [onPostgres.target] : []),
  ...(onPostgresWorkers ? [onPostgresWorkers.target] : []),
  ...(baseline ? [baseline.target] : []),
  ...(expressGateway ? [expressGateway] : []),
];

console.log(
  `${rounds} interleaved rounds × ${seconds} s, ${connections} connections, ${os.cpus().length} cores, Node ${process.version}`,
);
if (!nginx) {
  console.log('nginx: not installed (apt-get install nginx-light adds it to the table)');
}
if (!expressGateway) {
  console.log(
    'Express Gateway: not installed (EXPRESS_GATEWAY_DIR unset; see compare/express-gateway.mjs)',
  );
}

// Warm-up: token fetched, JIT warm, database pages in memory.
for (const target of targets) {
  await autocannon({ url: target.url, headers: target.headers, connections, duration: 2 });
}
const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
for (let round = 1; round <= rounds; round += 1) {
  for (const target of targets) {
    samples.get(target.name)!.push(await measure(target));
  }
  console.log(`round ${round}/${rounds} done (load average ${os.loadavg()[0]!.toFixed(2)})`);
}

// The cached read: the same route with Configuration → Caching on.
await onPglite.setCaching(true);
await onPostgres?.setCaching(true);
await baseline?.setCaching(true);
const cachedTargets: Target[] = [
  { ...onPglite.target, name: 'gateway (PGlite), cached' },
  ...(onPostgres ? [{ ...onPostgres.target, name: 'gateway (PostgreSQL), cached' }] : []),
  ...(baseline ? [{ ...baseline.target, name: 'gateway before (PGlite), cached' }] : []),
];
for (const target of cachedTargets) {
  samples.set(target.name, []);
}
for (let round = 1; round <= rounds; round += 1) {
  for (const target of cachedTargets) {
    samples.get(target.name)!.push(await measure(target));
  }
}
await onPglite.setCaching(false);
await onPostgres?.setCaching(false);
await baseline?.setCaching(false);

const summary = new Map(
  [...samples].map(([name, list]) => [
    name,
    {
      rps: median(list.map((sample) => sample.rps)),
      p50: median(list.map((sample) => sample.p50)),
      p99: median(list.map((sample) => sample.p99)),
      errors: list.reduce((total, sample) => total + sample.errors, 0),
    },
  ]),
);

// Added latency at half of each one's own maximum load.
const halfLoad = new Map<string, number>();
for (const target of [targets[0]!, onPglite.target]) {
  const rate = Math.round(summary.get(target.name)!.rps / 2);
  halfLoad.set(target.name, (await measure(target, rate)).p99);
}

console.log('\n| target | req/s (median) | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|');
for (const [name, result] of summary) {
  console.log(
    `| ${name} | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${result.errors} |`,
  );
}

const rps = (name: string) => summary.get(name)?.rps ?? Number.NaN;
const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');
const rows: Array<[string, string, string]> = [
  [
    'proxied read vs bare Fastify http-proxy',
    ratio(rps('gateway (PGlite)'), rps('Fastify http-proxy')),
    '≥ 0.45',
  ],
  [
    'p99 above the upstream at half load (ms)',
    String(
      (halfLoad.get('gateway (PGlite)') ?? Number.NaN) - (halfLoad.get('direct upstream') ?? 0),
    ),
    '≤ 2',
  ],
  [
    'cached read vs nginx',
    nginx ? ratio(rps('gateway (PGlite), cached'), rps('nginx proxy')) : 'n/a (no nginx)',
    '≥ 0.25',
  ],
  [
    'PGlite vs PostgreSQL (proxied read)',
    onPostgres
      ? ratio(rps('gateway (PGlite)'), rps('gateway (PostgreSQL)'))
      : 'n/a (no DATABASE_URL)',
    '≥ 0.80',
  ],
  [
    `${cores} workers vs one (PostgreSQL)`,
    onPostgresWorkers
      ? ratio(rps(onPostgresWorkers.label), rps('gateway (PostgreSQL)'))
      : 'n/a (no DATABASE_URL or one core)',
    '≥ 1.3',
  ],
  [
    'proxied read vs the baseline build',
    baseline ? ratio(rps('gateway (PGlite)'), rps('gateway before (PGlite)')) : 'n/a (no baseline)',
    '> 1',
  ],
  [
    'proxied read vs Express Gateway key-auth',
    expressGateway
      ? ratio(rps('gateway (PGlite)'), rps('Express Gateway key-auth'))
      : 'n/a (not installed)',
    '≥ 2',
  ],
];
console.log('\n| ratio | this run | target |');
console.log('|---|---|---|');
for (const [name, value, target] of rows) {
  console.log(`| ${name} | ${value} | ${target} |`);
}
console.log(
  `\nload average: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);

for (const child of children.reverse()) {
  child.kill('SIGTERM');
}
await new Promise((resolve) => setTimeout(resolve, 1500));
for (const cleanup of cleanups) {
  await cleanup().catch(() => undefined);
}
