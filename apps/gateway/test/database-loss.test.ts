import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN_PASSWORD, waitFor } from './helpers.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const gatewayRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A TCP proxy in front of PostgreSQL that the test can cut: every open connection is torn down
 * and new ones are refused, as when the database server goes away, without touching the server
 * that other tests share.
 */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      cut = true;
      for (const socket of sockets) {
        socket.destroy();
      }
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.runIf(databaseUrl)('losing the database under load', () => {
  let databaseName: string;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let child: ChildProcess;
  let output = '';
  let base: string;
  let direct: pg.Client;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-loss-'));
    databaseName = `gateway_loss_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const upstream = new URL(databaseUrl!);
    proxy = await cuttableProxy({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    const viaProxy = new URL(databaseUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${databaseName}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      ['--conditions=@ehr-gateway/source', '--import', 'tsx', 'src/server.ts'],
      {
        cwd: gatewayRoot,
        env: {
          ...process.env,
          PORT: String(port),
          DATABASE_URL: viaProxy.toString(),
          DATA_DIR: dataDir,
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
          DATABASE_CONNECT_TIMEOUT_MS: '1000',
          DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok, {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const direct_ = new URL(databaseUrl!);
    direct_.pathname = `/${databaseName}`;
    direct = new pg.Client({ connectionString: direct_.toString() });
    await direct.connect();
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await direct?.end().catch(() => undefined);
    await proxy?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lives, answers 503 then 200, and logs every request it answered', async () => {
    const signIn = await fetch(`${base}/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const created = await fetch(`${base}/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ name: 'load' }),
    });
    const { apiKey } = (await created.json()) as { apiKey: { key: string } };

    const answered: Array<{ id: string; status: number; path: string }> = [];
    const failures: string[] = [];
    let running = true;
    let sequence = 0;
    const worker = async (path: string, headers: Record<string, string>) => {
      while (running) {
        const id = `loss-${(sequence += 1)}`;
        try {
          const response = await fetch(`${base}${path}`, {
            headers: { ...headers, 'x-request-id': id },
          });
          await response.arrayBuffer();
          answered.push({ id, status: response.status, path });
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const load = [
      ...Array.from({ length: 6 }, () => worker('/utility/datetime', { 'x-api-key': apiKey.key })),
      worker('/api/12345/departments?source=mock', { 'x-api-key': apiKey.key }),
      worker('/admin/config', { cookie }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    proxy.restore();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    running = false;
    await Promise.all(load);

    expect(child.exitCode).toBeNull();
    expect(failures).toEqual([]);
    const statuses = new Set(answered.map((a) => a.status));
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.has(503)).toBe(true);
    expect(answered.at(-1)?.status).toBe(200);

    // Every answered gateway request reaches the log once the database is back (admin calls are
    // not request-logged).
    const gatewayIds = answered.filter((a) => !a.path.startsWith('/admin')).map((a) => a.id);
    let missing: string[] = [];
    await waitFor(
      async () => {
        const rows = await direct.query<{ request_id: string }>(
          'select request_id from request_logs',
        );
        const logged = new Set(rows.rows.map((row) => row.request_id));
        missing = gatewayIds.filter((id) => !logged.has(id));
        return missing.length === 0;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    ).catch(() => undefined);
    expect(missing).toEqual([]);
    expect(gatewayIds.length).toBeGreaterThan(100);
    expect(output).not.toMatch(/Unhandled|uncaught/i);
  }, 60_000);
});
