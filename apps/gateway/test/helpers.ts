import { randomBytes } from 'node:crypto';

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';

import { createGateway, type CreateGatewayOptions, type GatewaySettings } from '../src/app.js';
import { openStorage, type Storage } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';

export const ADMIN_PASSWORD = 'correct-horse-battery';
export const ORIGIN = 'http://localhost:80';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  url?: string;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseTargets: DatabaseTarget[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

export interface TestStorage extends Storage {
  /** Opens another connection pool on the same database (a second gateway instance). */
  reopen(): Promise<Storage>;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database. On PostgreSQL each call gets its own schema, dropped on dispose, so
 * test files can run in parallel against one server.
 */
export async function openTestStorage(
  target: DatabaseTarget,
  dataDir = 'memory://',
): Promise<TestStorage> {
  if (target.name === 'pglite') {
    const storage = await openStorage({ dataDir });
    await migrate(storage.db);
    return {
      ...storage,
      reopen: () => {
        throw new Error('PGlite is single-process; use PostgreSQL for multi-instance tests');
      },
      dispose: () => storage.close(),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const open = () => openStorage({ databaseUrl: target.url, schema, poolSize: 4 });
  const storage = await open();
  await migrate(storage.db);
  const extra: Storage[] = [];
  return {
    ...storage,
    reopen: async () => {
      const another = await open();
      extra.push(another);
      return another;
    },
    dispose: async () => {
      await Promise.all(extra.map((s) => s.close().catch(() => undefined)));
      await sql`drop schema ${sql.raw(schema)} cascade`.execute(storage.db).catch(() => undefined);
      await storage.close().catch(() => undefined);
    },
  };
}

export function testSettings(overrides: Partial<GatewaySettings> = {}): GatewaySettings {
  return {
    environment: 'test',
    version: '0.0.0-test',
    adminUsername: 'admin',
    adminPassword: ADMIN_PASSWORD,
    athena: {
      baseUrl: undefined,
      clientId: undefined,
      clientSecret: undefined,
      practiceId: undefined,
    },
    corsOrigins: ['https://allowed.example'],
    consoleDir: null,
    sessionIdleMinutes: 30,
    sessionMaxHours: 12,
    requestLogRetentionDays: 30,
    requestLogMaxBodyBytes: 16_384,
    initialLogLevel: 'info',
    ...overrides,
  };
}

export type TestGatewayOptions = Omit<Partial<CreateGatewayOptions>, 'settings' | 'db'> & {
  settings?: Partial<GatewaySettings>;
};

export async function buildGateway(
  storage: Storage,
  options: TestGatewayOptions = {},
): Promise<FastifyInstance> {
  return createGateway({
    ...options,
    db: storage.db,
    settings: testSettings(options.settings),
    authPolicy: { failureDelayMs: 0, ...options.authPolicy },
    backgroundTasks: options.backgroundTasks ?? false,
  });
}

/** Signs in as the initial admin and returns the Cookie header value. */
export async function signIn(app: FastifyInstance, password = ADMIN_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/session',
    payload: { username: 'admin', password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'ehrgw_session');
  if (!cookie) {
    throw new Error('sign-in set no session cookie');
  }
  return `${cookie.name}=${cookie.value}`;
}

/** An admin call with a session and a same-origin Origin header, as the console sends. */
export function adminRequest(
  app: FastifyInstance,
  cookie: string,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { origin: ORIGIN, host: 'localhost:80', cookie, ...options.headers },
  });
}

export async function createApiKey(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown> = { name: 'test client' },
): Promise<{ id: string; key: string }> {
  const response = await adminRequest(app, cookie, {
    method: 'POST',
    url: '/admin/api-keys',
    payload: body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  }
  const { apiKey } = response.json() as { apiKey: { id: string; key: string } };
  return apiKey;
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 3000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) {
      return result;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A weekday (UTC) at least `daysAhead` days from now, when the synthetic schedules have slots. */
export function nextWeekday(daysAhead: number): string {
  const date = new Date(Date.now() + daysAhead * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}
