import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

import type { Tracer } from '@opentelemetry/api';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';

import { openPGliteThread } from './pglite-client.js';
import { PGliteDialect } from './pglite-dialect.js';
import { StorableTextPlugin } from './storable-text-plugin.js';
import { tracedDialect } from './traced-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface StorageOptions {
  /** A PostgreSQL server; when absent, an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use instead of public (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** The longest one statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
  /** How long to wait for a new connection before giving up. */
  connectTimeoutMs?: number;
  /** Makes each statement a child span of the request running it (when tracing is on). */
  tracer?: Tracer;
}

/** What a database that froze may cost a request: at most this, then a 503. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;

export interface Storage {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server pool's connections (PostgreSQL only). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// timestamptz and jsonb come back as Date and parsed JSON from both drivers; int8 counts are
// parsed as numbers because no count here approaches 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const traced = (dialect: Dialect, tracer: Tracer | undefined, system: string): Dialect =>
  tracer ? tracedDialect(dialect, tracer, system) : dialect;

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema},public` : undefined,
      statement_timeout: statementTimeoutMs,
      // A frozen server (or the network to it) never cancels anything itself: the client gives up
      // at the same moment, so a request waits no longer than the statement timeout either way.
      query_timeout: statementTimeoutMs,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    // A connection lost while idle or while checked out emits 'error' on its client; without a
    // listener that would end the process. The query in flight reports its own error.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<Database>({
      dialect: traced(new PostgresDialect({ pool }), options.tracer, 'postgresql'),
      plugins: [new StorableTextPlugin()],
    });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => db.destroy(),
    };
  }

  const dataDir = options.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) {
    await preparePrivateDataDir(path.resolve(dataDir));
  }
  const onDisk = !dataDir.startsWith('memory://');
  const pglite = await openPGliteThread(onDisk ? dataDir : undefined);
  if (onDisk) {
    await tightenDataDir(path.resolve(dataDir));
  }
  const db = new Kysely<Database>({
    dialect: traced(new PGliteDialect(pglite), options.tracer, 'postgresql'),
    plugins: [new StorableTextPlugin()],
  });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (onDisk) {
        await tightenDataDir(path.resolve(dataDir));
      }
    },
  };
}

/** The embedded database's folder is readable by others, so patient data would be. */
export class DataDirExposedError extends Error {}

/**
 * The embedded database holds patient data, so its folder is created 0700 whatever the umask
 * (which is narrowed to owner-only for the files PGlite writes). An existing folder that others
 * can open is refused rather than silently used: whoever could read it may already have.
 */
async function preparePrivateDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  const existing = await stat(dataDir).catch(() => null);
  if (!existing) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700);
    return;
  }
  if ((existing.mode & 0o077) !== 0) {
    const mode = (existing.mode & 0o777).toString(8).padStart(3, '0');
    throw new DataDirExposedError(
      `The data folder ${dataDir} (mode ${mode}) can be opened by other users of this machine, ` +
        `and it holds patient data. Restrict it with:\n  chmod -R go-rwx ${dataDir}\n` +
        'then start again.',
    );
  }
}

/**
 * PGlite sets some files' modes itself (0666), whatever the umask; the 0700 folder already keeps
 * them from others, and this makes every file 0600 and every folder 0700 as well.
 */
async function tightenDataDir(root: string): Promise<void> {
  const pending = [root];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const info = await stat(current);
    if (info.isDirectory()) {
      await chmod(current, 0o700);
      pending.push(...(await readdir(current)).map((entry) => path.join(current, entry)));
    } else if ((info.mode & 0o077) !== 0) {
      await chmod(current, 0o600);
    }
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
