import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { serverLoggerOptions } from '../src/config/logger.js';
import {
  ADMIN_PASSWORD,
  adminRequest,
  createApiKey,
  databaseTargets,
  useGateway,
} from './helpers.js';

describe.each(databaseTargets)('secrets stay out of storage and logs on $name', (target) => {
  const serverLog: string[] = [];
  const gw = useGateway(target, {
    logger: serverLoggerOptions({
      level: 'trace',
      stream: { write: (line: string) => serverLog.push(line) },
    }),
  });

  /** Every row of every table in the gateway's schema, as JSON text. */
  async function dumpDatabase(): Promise<string> {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(gw.storage.db);
    expect(tables.rows.length).toBeGreaterThanOrEqual(7);
    const dumps: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows =
        await sql`select row_to_json(t)::text as row from ${sql.table(table_name)} t`.execute(
          gw.storage.db,
        );
      dumps.push(JSON.stringify(rows.rows));
    }
    return dumps.join('\n');
  }

  it('stores neither the API key, the session token nor the password in plain text', async () => {
    const { key } = await createApiKey(gw.app, gw.cookie, { name: 'secret check' });
    const used = await gw.app.inject({
      method: 'POST',
      url: '/utility/test',
      headers: {
        'x-api-key': key,
        authorization: 'Bearer upstream-token-value',
        cookie: 'tracking=cookie-value',
      },
      payload: { message: 'hello' },
    });
    expect(used.statusCode).toBe(200);
    await gw.app.requestLogWriter.flush();

    const dump = await dumpDatabase();
    const sessionToken = gw.cookie.split('=')[1]!;
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.slice(10, -4));
    expect(dump).not.toContain(sessionToken);
    expect(dump).not.toContain(ADMIN_PASSWORD);
    expect(dump).not.toContain('upstream-token-value');
    expect(dump).not.toContain('cookie-value');
    // The log entry is there, with the credentials redacted.
    expect(dump).toContain('[REDACTED]');

    const logs = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: '/admin/logs?limit=1',
    });
    const [entry] = logs.json().logs;
    const detail = await adminRequest(gw.app, gw.cookie, {
      method: 'GET',
      url: `/admin/logs/${entry.id}`,
    });
    expect(detail.json().requestData.headers).toMatchObject({
      'x-api-key': '[REDACTED]',
      authorization: '[REDACTED]',
      cookie: '[REDACTED]',
    });
    expect(detail.json().apiKeyName).toBe('secret check');
    expect(detail.body).not.toContain(key);
  });

  it('keeps credentials out of the server log', async () => {
    const { key } = await createApiKey(gw.app, gw.cookie, { name: 'server log check' });
    await gw.app.inject({ method: 'GET', url: '/utility/datetime', headers: { 'x-api-key': key } });
    // A key sent in the query string by mistake is refused, and redacted wherever it is logged.
    const inQuery = await gw.app.inject({
      method: 'GET',
      url: `/utility/datetime?api_key=${key}&apikey=${key}&KEY=${key}&x-api-key=${key}`,
    });
    expect(inQuery.statusCode).toBe(401);
    await gw.app.requestLogWriter.flush();
    expect(await dumpDatabase()).not.toContain(key);
    const text = serverLog.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(key);
    expect(text).not.toContain(gw.cookie.split('=')[1]!);
    expect(text).not.toContain(ADMIN_PASSWORD);
  });
});
