import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

import { PGliteDialect } from './pglite-dialect.js';
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
}

export interface Storage {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// timestamptz and jsonb come back as Date and parsed JSON from both drivers; int8 counts are
// parsed as numbers because no count here approaches 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema},public` : undefined,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) {
    await mkdir(path.resolve(dataDir), { recursive: true });
  }
  const pglite = await PGlite.create(dataDir.startsWith('memory://') ? undefined : dataDir, {
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
