import { randomBytes } from 'node:crypto';
import net from 'node:net';

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage, type Storage } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { buildGateway, createApiKey, signIn, waitFor } from './helpers.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const STATEMENT_TIMEOUT_MS = 1_500;

/**
 * A TCP hop in front of PostgreSQL that can stop forwarding without closing anything: the
 * connections stay open and nothing comes back, as when the database server or its network
 * freezes. What was held back is delivered when it thaws.
 */
async function freezableHop(target: { host: string; port: number }) {
  let frozen = false;
  const held: Array<() => void> = [];
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) {
        held.push(() => to.write(chunk));
      } else {
        to.write(chunk);
      }
    });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      held.splice(0).forEach((deliver) => deliver());
    },
    close() {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(databaseUrl)('a frozen database', () => {
  const schema = `frozen_${randomBytes(5).toString('hex')}`;
  let hop: Awaited<ReturnType<typeof freezableHop>>;
  let storage: Storage;
  let app: FastifyInstance;
  let key: { id: string; key: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const upstream = new URL(databaseUrl!);
    hop = await freezableHop({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const viaHop = new URL(databaseUrl!);
    viaHop.host = `127.0.0.1:${hop.port}`;
    storage = await openStorage({
      databaseUrl: viaHop.toString(),
      schema,
      poolSize: 4,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: 1_000,
    });
    await migrate(storage.db);
    app = await buildGateway(storage);
    key = await createApiKey(app, await signIn(app));
  }, 60_000);

  afterAll(async () => {
    hop?.thaw();
    await app?.close();
    await sql`drop schema ${sql.raw(schema)} cascade`.execute(storage.db).catch(() => undefined);
    await storage?.close();
    await hop?.close();
  });

  it('answers 503 DATABASE_UNAVAILABLE within the statement timeout and logs the key id', async () => {
    const tenants = () =>
      app.inject({
        method: 'GET',
        url: '/voice-config/tenants',
        headers: {
          'x-api-key': key.key,
          'x-request-id': `frozen-${randomBytes(4).toString('hex')}`,
        },
      });
    expect((await tenants()).statusCode).toBe(200);

    hop.freeze();
    const started = performance.now();
    const refused = await tenants();
    const waited = performance.now() - started;
    hop.thaw();

    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The client gives up with the server's own timeout; the margin is for a loaded machine.
    expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);

    const requestId = refused.headers['x-request-id'] as string;
    const row = await waitFor(
      async () => {
        await app.requestLogWriter.flush();
        return storage.db
          .selectFrom('request_logs')
          .select(['status', 'api_key_id'])
          .where('request_id', '=', requestId)
          .executeTakeFirst();
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(row).toEqual({ status: 503, api_key_id: key.id });
  }, 60_000);
});
