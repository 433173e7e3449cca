import { randomBytes } from 'node:crypto';

import type { LogFilter } from '@ehr-gateway/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createRequestLogsRepository } from './request-logs-repository.js';
import { openStorage, type Db, type Storage } from '../../db/database.js';
import { migrate, MIGRATIONS, splitStatements } from '../../db/migrate.js';
import type { NewRequestLog } from '../../db/schema.js';

const LEAN_INDEXES = '0017-request-log-lean-indexes';

/** What decision 0012 leaves on request_logs, and nothing else. */
const EXPECTED_INDEXES = [
  'request_logs_api_key_timestamp_idx',
  'request_logs_endpoint_trgm_idx',
  'request_logs_errors_timestamp_idx',
  'request_logs_payload_due_idx',
  'request_logs_pkey',
  'request_logs_request_id_idx',
  'request_logs_route_timestamp_idx',
  'request_logs_slow_timestamp_idx',
  'request_logs_timestamp_id_idx',
];

const KEYS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
const STATUSES = [200, 200, 201, 302, 400, 404, 429, 500, 503];
const METHODS = ['GET', 'GET', 'POST', 'DELETE'];
const SOURCES = ['athena', 'mock', 'utility'];
const START = Date.UTC(2026, 10, 1);

/** Row n of a varied log, one a minute; every filter matches some rows and misses others. */
const row = (n: number): NewRequestLog => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  request_id: `req-${n}`,
  timestamp: new Date(START + n * 60_000).toISOString(),
  endpoint: `/api/195900/patients/${1000 + (n % 13)}`,
  route: n % 5 === 0 ? '/api/{practiceId}/patients/{patientId}' : '/utility/datetime',
  upstream_ms: n % 2 === 0 ? null : n / 4,
  method: METHODS[n % METHODS.length]!,
  status: STATUSES[n % STATUSES.length]!,
  response_time_ms: n % 11 === 0 ? 1000 + n : n / 10,
  source: SOURCES[n % SOURCES.length]!,
  api_key_id: n % 7 === 0 ? null : KEYS[n % 2]!,
  api_key_name: n % 7 === 0 ? null : `key ${n % 2}`,
  request_data: JSON.stringify({ query: { n: String(n) }, body: null, headers: {} }),
  response_data: n % 3 === 0 ? null : JSON.stringify({ n, text: 'quote " and \\ backslash' }),
  response_truncated: false,
  error_message: n % 9 === 7 ? `failed ${n}` : null,
  error_stack: null,
  trace_id: n % 4 === 0 ? `trace-${n}` : null,
});
const ROWS = Array.from({ length: 150 }, (_, n) => row(n));

/** The filter's meaning, written out: the ids it must return, newest first. */
function expected(filter: LogFilter): string[] {
  const statusClass = /^([1-5])xx$/.exec(filter.status ?? '');
  return ROWS.filter((r) => {
    const at = Date.parse(r.timestamp as string);
    return (
      (!filter.endpoint || r.endpoint.toLowerCase().includes(filter.endpoint.toLowerCase())) &&
      (!filter.source || r.source === filter.source) &&
      (!filter.status ||
        (statusClass
          ? Math.floor(r.status / 100) === Number(statusClass[1])
          : r.status === Number(filter.status))) &&
      (!filter.method || r.method === filter.method) &&
      (!filter.route || r.route === filter.route) &&
      (!filter.apiKeyId || r.api_key_id === filter.apiKeyId) &&
      (!filter.from || at >= Date.parse(filter.from)) &&
      (!filter.to || at < Date.parse(filter.to)) &&
      (filter.minLatencyMs === undefined || r.response_time_ms >= filter.minLatencyMs) &&
      (!filter.requestId || r.request_id === filter.requestId)
    );
  })
    .reverse()
    .map((r) => r.id);
}

const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();
const FILTERS: LogFilter[] = [
  {},
  { status: '5xx' },
  { status: '4xx' },
  { status: '404' },
  { status: '2xx' },
  { status: '302' },
  { minLatencyMs: 1000 },
  { minLatencyMs: 1050 },
  { minLatencyMs: 5 },
  { method: 'DELETE' },
  { source: 'athena' },
  { endpoint: 'PATIENTS/1007' },
  { endpoint: 'no-such-path' },
  { route: '/api/{practiceId}/patients/{patientId}' },
  { apiKeyId: KEYS[1] },
  { requestId: 'req-77' },
  { from: at(40), to: at(90) },
  { from: at(20), to: at(140), status: '4xx', method: 'GET' },
  { from: at(0), to: at(149), minLatencyMs: 1000, method: 'POST' },
  { apiKeyId: KEYS[0], status: '5xx', from: at(10) },
];

async function indexesOf(db: Db): Promise<Map<string, string>> {
  const result = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where tablename = 'request_logs' and schemaname = current_schema()`.execute(db);
  return new Map(result.rows.map((r) => [r.indexname, r.indexdef]));
}

/** The migrations before 0017, applied as migrate() would, so 0017 meets a log with rows in it. */
async function migrateBeforeLeanIndexes(db: Db): Promise<void> {
  await sql`create table schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`.execute(db);
  for (const migration of MIGRATIONS) {
    if (migration.name >= LEAN_INDEXES) {
      break;
    }
    for (const statement of splitStatements(migration.up)) {
      await sql.raw(statement).execute(db);
    }
    await sql`insert into schema_migrations (name) values (${migration.name})`.execute(db);
  }
}

const postgresUrls = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];
const targets = [
  { name: 'PGlite', databaseUrl: undefined },
  ...postgresUrls.map((databaseUrl) => ({ name: 'PostgreSQL', databaseUrl })),
];

describe.each(targets)('request-log indexes (migration 0017) on $name', ({ databaseUrl }) => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let storage: Storage;

  beforeAll(async () => {
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
    }
    storage = await openStorage(
      databaseUrl ? { databaseUrl, schema, poolSize: 2 } : { dataDir: 'memory://' },
    );
    await migrateBeforeLeanIndexes(storage.db);
    // Half the log is there before the migration (old indexes), half is written after it.
    await createRequestLogsRepository(storage.db).insertMany(ROWS.slice(0, 75));
  });
  afterAll(async () => {
    if (databaseUrl) {
      await sql`drop schema if exists ${sql.raw(schema)} cascade`.execute(storage.db);
    }
    await storage.close();
  });

  it('replaces the per-filter B-trees on a log that has rows, keeping them all', async () => {
    expect((await indexesOf(storage.db)).has('request_logs_method_timestamp_idx')).toBe(true);
    const ran = await migrate(storage.db);
    expect(ran[0]).toBe(LEAN_INDEXES);

    const indexes = await indexesOf(storage.db);
    expect([...indexes.keys()].sort()).toEqual(EXPECTED_INDEXES);
    expect(indexes.get('request_logs_errors_timestamp_idx')).toMatch(/WHERE \(status >= 400\)$/);
    expect(indexes.get('request_logs_slow_timestamp_idx')).toMatch(
      /WHERE \(response_time_ms >= \(1000\)::double precision\)$/,
    );
    expect(indexes.get('request_logs_endpoint_trgm_idx')).toMatch(/USING gin/);
    const count = await sql<{ n: number }>`select count(*)::int as n from request_logs`.execute(
      storage.db,
    );
    expect(count.rows[0]!.n).toBe(75);
  });

  it('stores a batch whole through unnest, and a replayed batch only once', async () => {
    const repository = createRequestLogsRepository(storage.db);
    const stored = await repository.insertMany(ROWS.slice(70));
    expect(stored.map((r) => r.id)).toEqual(ROWS.slice(75).map((r) => r.id));
    expect(await repository.insertMany(ROWS.slice(140))).toEqual([]);

    const back = await repository.get(ROWS[101]!.id);
    const original = ROWS[101]!;
    expect(back).toMatchObject({
      request_id: original.request_id,
      endpoint: original.endpoint,
      status: original.status,
      response_time_ms: original.response_time_ms,
      upstream_ms: original.upstream_ms,
      api_key_id: original.api_key_id,
      trace_id: null,
      payload_capture: 'full',
      payload_purged: false,
      route: original.route,
    });
    expect(back!.timestamp.toISOString()).toBe(original.timestamp);
    expect(back!.response_data).toEqual(JSON.parse(original.response_data as string));
    expect(back!.request_data).toEqual(JSON.parse(original.request_data as string));
  });

  it.each(FILTERS)('finds exactly the matching entries, newest first: %j', async (filter) => {
    const want = expected(filter);
    const page = async (db: Db) =>
      (await createRequestLogsRepository(db).page({ ...filter, limit: 200 })).map((r) => r.id);
    expect(await page(storage.db)).toEqual(want);
    // The same through the indexes alone, as a large log would be read.
    const throughIndexes = await storage.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      return page(tx);
    });
    expect(throughIndexes).toEqual(want);
  });

  it('serves errors and slow calls from their partial indexes', async () => {
    const plan = async (where: string) =>
      storage.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        await sql`set local enable_bitmapscan = off`.execute(tx);
        const result = await sql<{ 'QUERY PLAN': string }>`explain select id from request_logs
          where ${sql.raw(where)} order by timestamp desc limit 100`.execute(tx);
        return result.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan('status >= 500 and status < 600')).toContain(
      'request_logs_errors_timestamp_idx',
    );
    expect(await plan('status = 404')).toContain('request_logs_errors_timestamp_idx');
    expect(await plan('response_time_ms >= 1500')).toContain('request_logs_slow_timestamp_idx');
  });
});
