import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import pg from 'pg';

import { migrate, openStorage } from '@ehr-gateway/gateway';

/**
 * The database a benchmark runs on: PGlite in memory, or with DATABASE_URL a schema of its own on
 * that PostgreSQL (any database will do), migrated; `dispose` drops the schema and closes.
 */
export async function openBenchStorage() {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const storage = await openStorage(
    databaseUrl ? { databaseUrl, schema } : { dataDir: 'memory://' },
  );
  await migrate(storage.db);
  return {
    storage,
    /** Which database this run measures, as the results name it. */
    databaseName: databaseUrl ? 'PostgreSQL' : 'PGlite',
    async dispose() {
      if (databaseUrl) {
        await sql`drop schema ${sql.raw(schema)} cascade`.execute(storage.db);
      }
      await storage.close();
    },
  };
}
