import { randomBytes } from 'node:crypto';

import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type InjectOptions,
  type LightMyRequestResponse,
  type RouteOptions,
} from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';

import { buildSandbox } from '@ehr-gateway/athena-sandbox';
import { type Role, SESSION_COOKIE } from '@ehr-gateway/contracts';

import {
  createGateway,
  gatewayApp,
  type CreateGatewayOptions,
  type GatewaySettings,
} from '../src/app.js';
import { openStorage, type Storage, type StorageOptions } from '../src/db/database.js';
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
  { connectTimeoutMs }: Pick<StorageOptions, 'connectTimeoutMs'> = {},
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
  const open = () =>
    openStorage({ databaseUrl: target.url, schema, poolSize: 4, connectTimeoutMs });
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
    auditRetentionDays: 2_192,
    requestLogMaxBodyBytes: 16_384,
    initialLogLevel: 'info',
    payloadEncryptionKey: null,
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

/** Signs in (by default as the initial admin) and returns the Cookie header value. */
export async function signIn(
  app: FastifyInstance,
  password = ADMIN_PASSWORD,
  username = 'admin',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/session',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
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

export interface TestUser {
  id: string;
  username: string;
  password: string;
  /** A session past the one-time password: the user has chosen `password`. */
  cookie: string;
}

/**
 * Creates a console user through the admin API, signs in with the one-time password and changes
 * it, as a new user would on first sign-in.
 */
export async function addUser(
  app: FastifyInstance,
  adminCookie: string,
  user: { username: string; role: Role; phiAccess?: boolean; displayName?: string },
): Promise<TestUser> {
  const created = await adminRequest(app, adminCookie, {
    method: 'POST',
    url: '/admin/users',
    payload: { displayName: user.username, phiAccess: false, ...user },
  });
  if (created.statusCode !== 201) {
    throw new Error(`user creation failed: ${created.statusCode} ${created.body}`);
  }
  const { user: summary, oneTimePassword } = created.json() as {
    user: { id: string };
    oneTimePassword: string;
  };
  const firstCookie = await signIn(app, oneTimePassword, user.username);
  const password = `chosen ${randomBytes(8).toString('hex')}`;
  const changed = await adminRequest(app, firstCookie, {
    method: 'POST',
    url: '/admin/session/password',
    payload: { currentPassword: oneTimePassword, newPassword: password },
  });
  if (changed.statusCode !== 200) {
    throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  }
  return { id: summary.id, username: user.username, password, cookie: firstCookie };
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

/** A clock a test moves by hand; starts at the real time so stored timestamps look ordinary. */
export function testClock(start: Date = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
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

/** One gateway on a fresh database, signed in as the initial admin, with an API key. */
export interface GatewayFixture {
  readonly app: FastifyInstance;
  readonly storage: TestStorage;
  /** The admin session's Cookie header value. */
  readonly cookie: string;
  /** An API key created through the admin API. */
  readonly key: string;
  /**
   * Closes the gateway and builds it again on the same database, as a restart would; sessions and
   * keys stay valid. `whileStopped` runs in between.
   */
  restart(whileStopped?: () => Promise<void>): Promise<FastifyInstance>;
}

/**
 * Builds the gateway before the tests of the calling describe block and closes it after them:
 * the lifecycle every HTTP test file needs, in one place.
 */
export function useGateway(
  target: DatabaseTarget,
  {
    apiKeyName = 'test client',
    storage: storageOptions,
    ...options
  }: TestGatewayOptions & {
    apiKeyName?: string;
    /** How long a request may wait for one of the pool's connections (PostgreSQL). */
    storage?: Pick<StorageOptions, 'connectTimeoutMs'>;
  } = {},
): GatewayFixture {
  let state:
    { app: FastifyInstance; storage: TestStorage; cookie: string; key: string } | undefined;
  const current = () => {
    if (!state) {
      throw new Error('the gateway is built in beforeAll; use it inside a test or hook');
    }
    return state;
  };

  beforeAll(async () => {
    const storage = await openTestStorage(target, undefined, storageOptions);
    const app = await buildGateway(storage, options);
    const cookie = await signIn(app);
    const { key } = await createApiKey(app, cookie, { name: apiKeyName });
    state = { app, storage, cookie, key };
  });
  afterAll(async () => {
    await state?.app.close();
    await state?.storage.dispose();
    state = undefined;
  });

  return {
    get app() {
      return current().app;
    },
    get storage() {
      return current().storage;
    },
    get cookie() {
      return current().cookie;
    },
    get key() {
      return current().key;
    },
    async restart(whileStopped) {
      const running = current();
      await running.app.close();
      await whileStopped?.();
      running.app = await buildGateway(running.storage, options);
      return running.app;
    },
  };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

/** Every route the gateway registers, one per method, as declared: built on a bare server. */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const storage = await openTestStorage({ name: 'pglite' });
  const app = Fastify();
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  await app.register(gatewayApp, {
    db: storage.db,
    settings: testSettings(),
    backgroundTasks: false,
  });
  await app.ready();
  await app.close();
  await storage.dispose();
  return routes;
}

/** The athena sandbox listening on a real port: athena is tested over HTTP, as in production. */
export async function startSandbox(options: Parameters<typeof buildSandbox>[0] = {}) {
  const sandbox = buildSandbox({ tokenLimitPerMinute: 1000, ...options });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { sandbox, url };
}

/**
 * A database of its own on the test PostgreSQL server (a gateway process migrates its public
 * schema), dropped by `drop`.
 */
export async function createTestDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
