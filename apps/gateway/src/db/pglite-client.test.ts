import { describe, expect, it } from 'vitest';

import { isDatabaseUnavailable } from './database-errors.js';
import { openPGliteThread } from './pglite-client.js';

describe('PGlite in its own thread', () => {
  it('answers queries with dates and JSON intact, and errors with their SQLSTATE', async () => {
    const database = await openPGliteThread(undefined);
    try {
      const { rows } = await database.query<{ at: Date; doc: { a: number }; n: number }>(
        `select '2026-01-02T03:04:05Z'::timestamptz as at, $1::jsonb as doc, 7 as n`,
        [JSON.stringify({ a: 1 })],
      );
      expect(rows).toEqual([{ at: new Date('2026-01-02T03:04:05Z'), doc: { a: 1 }, n: 7 }]);
      const refused = await database.query('select * from missing_table', []).catch((e) => e);
      expect(refused).toMatchObject({ code: '42P01', message: expect.stringContaining('missing') });
      expect(isDatabaseUnavailable(refused)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('keeps statements in order and answers each once', async () => {
    const database = await openPGliteThread(undefined);
    try {
      await database.query('create table t (n int)', []);
      await Promise.all(
        Array.from({ length: 50 }, (_, n) => database.query('insert into t values ($1)', [n])),
      );
      const { rows } = await database.query<{ count: number }>(
        'select count(*)::int as count from t',
        [],
      );
      expect(rows[0]!.count).toBe(50);
    } finally {
      await database.close();
    }
  });

  it('answers a closed database as unavailable (503), not as a bad statement', async () => {
    const database = await openPGliteThread(undefined);
    await database.close();
    expect(database.closed).toBe(true);
    const error = await database.query('select 1', []).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('refuses a data folder it cannot open, and leaves no thread behind', async () => {
    await expect(openPGliteThread('/dev/null/not-a-folder')).rejects.toThrow();
  });
});
