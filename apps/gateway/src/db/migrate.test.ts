import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Db, type Storage } from './database.js';
import { migrate, MIGRATIONS, splitStatements } from './migrate.js';

/** Tables the gateway cannot run without; later migrations add more. */
const CORE_TABLES = [
  'admin_sessions',
  'admin_users',
  'api_keys',
  'gateway_config',
  'gateway_config_changes',
  'idempotency_keys',
  'login_throttle',
  'mock_patients',
  'mock_slot_bookings',
  'request_logs',
  'schema_migrations',
];
/** Every table some migration creates and no later one drops, and the bookkeeping table. */
const dropped = new Set(
  MIGRATIONS.flatMap((m) =>
    [...m.up.matchAll(/^drop table (?:if exists )?(\w+)/gim)].map((match) => match[1] ?? ''),
  ),
);
const EXPECTED_TABLES = [
  'schema_migrations',
  ...MIGRATIONS.flatMap((m) =>
    [...m.up.matchAll(/^create table (?:if not exists )?(\w+)/gim)].map((match) => match[1] ?? ''),
  ).filter((table) => !dropped.has(table)),
].sort();
const MIGRATION_NAMES = MIGRATIONS.map((m) => m.name);

async function tablesIn(db: Db): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return result.rows.map((row) => row.table_name);
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select name from schema_migrations order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

describe('splitStatements', () => {
  it('splits on a semicolon that ends a line and drops the semicolons', () => {
    expect(splitStatements('create table a (id int);\ncreate table b (id int);\n')).toEqual([
      'create table a (id int)',
      'create table b (id int)',
    ]);
  });

  it('keeps the last statement without a trailing newline or semicolon', () => {
    expect(splitStatements('select 1;\nselect 2;')).toEqual(['select 1', 'select 2']);
    expect(splitStatements('select 1;\nselect 2')).toEqual(['select 1', 'select 2']);
  });

  it('allows spaces after the semicolon and blank lines between statements', () => {
    expect(splitStatements('\n  select 1;   \n\n\n  select 2 ;\r\n\n')).toEqual([
      'select 1',
      'select 2',
    ]);
  });

  it('does not split a semicolon in the middle of a line, and keeps multi-line statements whole', () => {
    const script = `insert into t (v) values ('a;b');\ncreate table c (\n  id int,\n  v text\n);\n`;
    expect(splitStatements(script)).toEqual([
      "insert into t (v) values ('a;b')",
      'create table c (\n  id int,\n  v text\n)',
    ]);
  });

  it('gives nothing for an empty or blank script', () => {
    expect(splitStatements('')).toEqual([]);
    expect(splitStatements('  \n\n ;\n')).toEqual([]);
  });

  it('splits every shipped migration into non-empty statements', () => {
    for (const migration of MIGRATIONS) {
      const statements = splitStatements(migration.up);
      expect(statements.length, migration.name).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement, migration.name).toMatch(/^[a-z]+ /);
        expect(statement, migration.name).not.toMatch(/;\s*$/);
      }
    }
  });

  it('names the migrations uniquely and in order', () => {
    expect(new Set(MIGRATION_NAMES).size).toBe(MIGRATION_NAMES.length);
    expect([...MIGRATION_NAMES].sort()).toEqual(MIGRATION_NAMES);
  });
});

describe('migrate on PGlite', () => {
  let storage: Storage;

  beforeAll(async () => {
    storage = await openStorage({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await storage.close();
  });

  it('creates every table on a fresh database, and is a no-op the second time', async () => {
    expect(await tablesIn(storage.db)).toEqual([]);
    expect(await migrate(storage.db)).toEqual(MIGRATION_NAMES);
    expect(await tablesIn(storage.db)).toEqual(EXPECTED_TABLES);
    expect(EXPECTED_TABLES).toEqual(expect.arrayContaining(CORE_TABLES));
    expect(await appliedMigrations(storage.db)).toEqual(MIGRATION_NAMES);

    const indexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename = 'request_logs'`.execute(storage.db);
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        'request_logs_timestamp_id_idx',
        'request_logs_errors_timestamp_idx',
        'request_logs_endpoint_trgm_idx',
      ]),
    );

    expect(await migrate(storage.db)).toEqual([]);
    expect(await appliedMigrations(storage.db)).toEqual(MIGRATION_NAMES);
    expect(await tablesIn(storage.db)).toEqual(EXPECTED_TABLES);
  });
});

/** Only when TEST_DATABASE_URL is set (as CI does), like the HTTP tests' databaseTargets. */
const postgresUrls = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(postgresUrls)('migrate on PostgreSQL', (databaseUrl) => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let first: Storage;
  let second: Storage;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const open = () => openStorage({ databaseUrl, schema, poolSize: 2 });
    first = await open();
    second = await open();
  });
  afterAll(async () => {
    await sql`drop schema if exists ${sql.raw(schema)} cascade`
      .execute(first.db)
      .catch(() => undefined);
    await Promise.all([first.close(), second.close()]);
  });

  it('applies each migration exactly once when two instances migrate at the same time', async () => {
    expect(await tablesIn(first.db)).toEqual([]);

    const [a, b] = await Promise.all([migrate(first.db), migrate(second.db)]);
    // One instance ran everything; the other waited for the lock and found nothing to do.
    expect([a, b]).toContainEqual(MIGRATION_NAMES);
    expect([a, b]).toContainEqual([]);

    expect(await appliedMigrations(first.db)).toEqual(MIGRATION_NAMES);
    expect(await tablesIn(second.db)).toEqual(EXPECTED_TABLES);

    const [again1, again2] = await Promise.all([migrate(first.db), migrate(second.db)]);
    expect(again1).toEqual([]);
    expect(again2).toEqual([]);
  });
});
