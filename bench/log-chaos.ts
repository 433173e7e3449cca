// Issue 29's done-when, as one run: `wrk` against the built gateway with two workers on
// PostgreSQL, one worker SIGKILLed at a third of the run and every database connection of the
// gateway terminated at two thirds; then, within 10 s of the load's end, every answer wrk parsed
// must have its request-log row (and no row may be duplicated), no entry may be left waiting in
// the spool, and no patient name, birth date or number from the Retell and Vapi envelopes sent may
// be anywhere in a dump of the database.
//   npm run build && npm run bench:log-chaos -w @ehr-gateway/bench
//   BENCH_SECONDS=60 BENCH_CONNECTIONS=32 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test …
// Needs `wrk` (Debian: apt-get install wrk). Each run uses a database of its own, dropped after.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { HEADERS, retellToolPath, VAPI_TOOLS_PATH } from '@ehr-gateway/contracts';
import { signForRetell } from '@ehr-gateway/gateway';

import { BENCH_PASSWORD } from './bench-settings.js';
import { childProcesses, createBenchKey, signIn } from './harness.js';
import { CALLER, CALLER_SECRETS, retellEnvelope, vapiEnvelope } from './voice-envelopes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KILL_AT_S = SECONDS / 3;
const TERMINATE_AT_S = (2 * SECONDS) / 3;
/** The issue's bar: nothing left waiting this long after the load ends. */
const DRAIN_MS = 10_000;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RETELL_API_KEY = 'bench-retell-api-key-0123456789';
const VAPI_SECRET = 'bench-vapi-secret-0123456789';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const GATEWAY_SERVER = path.join(root, 'apps/gateway/dist/server.js');
if (!existsSync(GATEWAY_SERVER)) {
  throw new Error('apps/gateway/dist/server.js is missing: run `npm run build` first');
}
try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  // wrk prints its version and exits 1; only a missing binary is a problem.
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('wrk is not installed (Debian: apt-get install wrk)');
  }
}

const query = async <Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
};

const databaseName = `log_chaos_${randomBytes(4).toString('hex')}`;
await query(databaseUrl, `create database ${databaseName}`);
const chaosUrl = new URL(databaseUrl);
chaosUrl.pathname = `/${databaseName}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-log-chaos-'));

const processes = childProcesses(root);
// However this run ends, the gateway stops with it (the primary stops its workers on SIGTERM).
process.once('exit', () => processes.children.forEach((child) => child.kill('SIGTERM')));
const base = await processes.start(
  GATEWAY_SERVER,
  {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: chaosUrl.toString(),
    GATEWAY_WORKERS: '2',
    ADMIN_PASSWORD: BENCH_PASSWORD,
    RETELL_API_KEY,
    VAPI_SECRET,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
  '/readyz',
  [],
  // Two workers starting on a busy machine take a while.
  180_000,
);
const primary = processes.children.at(-1)!;
const apiKey = await createBenchKey(base, await signIn(base));

/** What wrk sends, in turn: plain API calls (200 and 400) and the two voice platforms' calls. */
function requestTemplates() {
  const retellBody = JSON.stringify(retellEnvelope);
  const json = { 'content-type': 'application/json' };
  return [
    { method: 'GET', path: '/utility/datetime', headers: { [HEADERS.apiKey]: apiKey } },
    {
      method: 'POST',
      path: retellToolPath('verify_patient'),
      // Signed once: Retell's signature stays valid for five minutes, longer than a run.
      headers: { ...json, [HEADERS.retellSignature]: signForRetell(retellBody, RETELL_API_KEY) },
      body: retellBody,
    },
    {
      method: 'GET',
      path: '/utility/datetime?timezone=Not%2FA_Zone',
      headers: { [HEADERS.apiKey]: apiKey },
    },
    {
      method: 'POST',
      path: VAPI_TOOLS_PATH,
      headers: { ...json, [HEADERS.vapiSecret]: VAPI_SECRET },
      body: JSON.stringify(vapiEnvelope),
    },
  ];
}

/** A Lua string literal that holds any text as it is (a long bracket no text line closes). */
const luaString = (text: string) => {
  let level = '';
  while (text.includes(`]${level}]`)) {
    level += '=';
  }
  return `[${level}[${text}]${level}]`;
};

const answersDir = path.join(dataDir, 'wrk-answers');
await mkdir(answersDir);
const requestsFile = path.join(dataDir, 'requests.lua');
await writeFile(
  requestsFile,
  `return { answersDir = ${luaString(answersDir)}, requests = {\n${requestTemplates()
    .map(
      ({ method, path: target, headers, body }) =>
        `  { method = ${luaString(method)}, path = ${luaString(target)}, headers = { ${Object.entries(
          headers,
        )
          .map(([name, value]) => `[ ${luaString(name)} ] = ${luaString(value)}`)
          .join(', ')} }${body === undefined ? '' : `, body = ${luaString(body)}`} },`,
    )
    .join('\n')}\n} }\n`,
);

/** Runs wrk for the whole run; resolves with what it printed. */
function runWrk(): Promise<string> {
  const wrk = spawn(
    'wrk',
    ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--timeout', '10s', '-s', 'log-chaos.lua', base],
    { cwd: here, env: { ...process.env, CHAOS_REQUESTS: requestsFile } },
  );
  let output = '';
  wrk.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  wrk.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    wrk.once('error', reject);
    wrk.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrk exited ${code}: ${output}`)),
    );
  });
}

const events: string[] = [];
const started = performance.now();
const at = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const killTimer = setTimeout(() => {
  const [victim] = execFileSync('pgrep', ['-P', String(primary.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  process.kill(Number(victim), 'SIGKILL');
  events.push(`${at()}: worker ${victim} killed (SIGKILL)`);
}, KILL_AT_S * 1000);
const terminateTimer = setTimeout(() => {
  // The gateway's connections are chosen first and terminated after, in two statements: in one,
  // the planner may call pg_terminate_backend before filtering by database, on every backend.
  void (async () => {
    const gateways = await query<{ pid: number }>(
      databaseUrl,
      'select pid from pg_stat_activity where datname = $1',
      [databaseName],
    );
    const [row] = await query<{ terminated: number }>(
      databaseUrl,
      'select count(*) filter (where pg_terminate_backend(pid))::int as terminated from unnest($1::int[]) as pid',
      [gateways.map(({ pid }) => pid)],
    );
    events.push(`${at()}: ${row!.terminated} database connections terminated`);
  })();
}, TERMINATE_AT_S * 1000);
const wrkOutput = await runWrk();
clearTimeout(killTimer);
clearTimeout(terminateTimer);
const loadEnded = performance.now();

/** Every answer wrk parsed: its status, and the request id the gateway echoed. */
async function readAnswers() {
  const statuses = new Map<number, number>();
  const ids = new Set<string>();
  let withoutId = 0;
  for (const file of await readdir(answersDir)) {
    for (const line of (await readFile(path.join(answersDir, file), 'utf8')).split('\n')) {
      const [status, id] = line.split(' ');
      if (!status) {
        continue;
      }
      statuses.set(Number(status), (statuses.get(Number(status)) ?? 0) + 1);
      if (id && id !== '-') {
        ids.add(id);
      } else {
        withoutId += 1;
      }
    }
  }
  return { statuses, ids, withoutId };
}

/** The run's entries still in a spool file (any process's folder) with no row yet. */
async function spoolBacklog(stored: Set<string>): Promise<number> {
  const spool = path.join(dataDir, 'request-log-spool');
  let waiting = 0;
  const files = await readdir(spool, { recursive: true }).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith('.jsonl'))) {
    const text = await readFile(path.join(spool, file), 'utf8').catch(() => '');
    for (const line of text.split('\n').filter(Boolean)) {
      const id = (JSON.parse(line) as { request_id: string }).request_id;
      waiting += id.startsWith('chaos-') && !stored.has(id) ? 1 : 0;
    }
  }
  return waiting;
}

const storedRows = async () => {
  const rows = await query<{ request_id: string; n: number }>(
    chaosUrl.toString(),
    `select request_id, count(*)::int as n from request_logs
      where request_id like 'chaos-%' group by request_id`,
  );
  return {
    ids: new Set(rows.map((row) => row.request_id)),
    duplicated: rows.filter((row) => row.n > 1).length,
  };
};

const answers = await readAnswers();
let stored = await storedRows();
let backlog = await spoolBacklog(stored.ids);
const missingOf = () => [...answers.ids].filter((id) => !stored.ids.has(id));
while ((missingOf().length > 0 || backlog > 0) && performance.now() - loadEnded < DRAIN_MS) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  stored = await storedRows();
  backlog = await spoolBacklog(stored.ids);
}
const settledAfterMs = performance.now() - loadEnded;

const dump = execFileSync('pg_dump', ['--data-only', chaosUrl.toString()], {
  encoding: 'utf8',
  maxBuffer: 2 * 1024 * 1024 * 1024,
});
const leaked = CALLER_SECRETS.filter((secret) => dump.includes(secret));
// The envelopes' bodies are kept, masked: their absence would mean an empty log, not masking.
const envelopesStored = ['retell_llm_dynamic_variables', 'toolCallList'].every((field) =>
  dump.includes(field),
);

const answered = [...answers.statuses.values()].reduce((sum, n) => sum + n, 0);
const missing = missingOf();
const extra = [...stored.ids].filter((id) => !answers.ids.has(id));
console.log(wrkOutput.trim());
console.log(`\n${events.join('\n')}`);
console.log(
  `answers by status: ${[...answers.statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}` +
    (answers.withoutId > 0 ? ` (${answers.withoutId} without a request id)` : ''),
);
console.log(
  `answered ${answered}, rows ${stored.ids.size} (${missing.length} answered without a row, ` +
    `${extra.length} rows of requests wrk saw no answer to, ${stored.duplicated} duplicated); ` +
    `spool backlog ${backlog} at ${(settledAfterMs / 1000).toFixed(1)} s after the load; ` +
    `dump of ${(dump.length / 1e6).toFixed(0)} MB${envelopesStored ? ' (envelopes stored, masked)' : ' WITHOUT the envelopes'}: ${leaked.length === 0 ? `none of ${CALLER.name}'s details` : `LEAKED ${leaked.join(', ')}`}`,
);
// A request whose entry was journaled as its answer was being sent, on the worker killed, has a
// row but no answer wrk parsed: such rows are at most the connections wrk saw cut or time out.
const [, reads = '0', timeouts = '0'] =
  /Socket errors: connect \d+, read (\d+), write \d+, timeout (\d+)/.exec(wrkOutput) ?? [];
const cutOff = Number(reads) + Number(timeouts);
const lossless = missing.length === 0 && answers.withoutId === 0;
console.log(
  answered === stored.ids.size
    ? 'rows = answers, exactly'
    : `rows = answers + ${extra.length} of requests cut off in flight ` +
        `(wrk saw ${reads} connections cut and ${timeouts} timeouts)`,
);
const pass =
  answered > 0 &&
  lossless &&
  extra.length <= cutOff &&
  stored.duplicated === 0 &&
  backlog === 0 &&
  envelopesStored &&
  leaked.length === 0;
console.log(`verdict: ${pass ? 'PASS' : 'FAIL'}`);
if (missing.length > 0) {
  console.log(`answered without a row, first ten: ${missing.slice(0, 10).join(' ')}`);
}

primary.kill('SIGTERM');
await new Promise((resolve) => primary.once('exit', resolve));
await query(databaseUrl, `drop database ${databaseName} with (force)`);
await rm(dataDir, { recursive: true, force: true });
process.exitCode = pass ? 0 : 1;
