import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance } from 'fastify';

import { createGateway } from './app.js';
import { isPrimaryOfMany, runPrimary, speaksForInstance, workerCount } from './cluster.js';
import { EnvError, loadEnv, type Env } from './config/env.js';
import { defaultLogFormat, serverLoggerOptions } from './config/logger.js';
import { settingsFromEnv } from './config/settings.js';
import { DataDirExposedError, openStorage, type Storage } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { Tracing } from './lib/tracing.js';
import {
  controlSocketPath,
  isGatewayRunning,
  listenForOperatorCommands,
} from './operator/control-socket.js';

const SHUTDOWN_DEADLINE_MS = 25_000;

/** The address a person opens: a wildcard bind is reached through localhost. */
const consoleUrl = (host: string, port: number) => {
  const name =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
};

/** A framed block that stands out from the log lines around it. */
function banner(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}

const packageVersion = (): string => {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'),
  ) as { version: string };
  return manifest.version;
};

/** Before any worker serves, the primary brings the schema up to date once, then forks them. */
async function migrateThenFork(env: Env, workers: number) {
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  });
  await migrate(storage.db);
  await storage.close();
  runPrimary(env, workers);
}

/** Loaded only when asked for: with no endpoint, no OpenTelemetry code runs at all. */
async function tracingFor(env: Env): Promise<Tracing | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    return undefined;
  }
  const { startTracing } = await import('./lib/tracing.js');
  return startTracing({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: env.OTEL_SERVICE_NAME,
    serviceVersion: packageVersion(),
  });
}

/**
 * On SIGTERM or SIGINT: finish in-flight requests, flush the request log and the last spans,
 * close the database, and exit; a stop that hangs past the deadline exits anyway.
 */
function stopGracefullyOnSignals(parts: {
  app: FastifyInstance;
  storage: Storage;
  tracing: Tracing | undefined;
  stopOperatorCommands: () => Promise<void>;
}) {
  const { app, storage, tracing, stopOperatorCommands } = parts;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests and flushing the request log');
    const deadline = setTimeout(() => {
      app.log.error('graceful stop took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await stopOperatorCommands();
      await app.close();
      await storage.close();
      // The last spans (this stop's included) go out before the process does.
      await tracing?.shutdown().catch(() => undefined);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** What happened to the first admin's password at this start, for the ready banner. */
type AdminPasswordNews =
  | { kind: 'generated'; username: string; password: string }
  | { kind: 'ignored'; username: string }
  | null;

/** The ready banner, when there is something the operator must read (else none). */
function readyBanner(url: string, news: AdminPasswordNews): string | null {
  if (news?.kind === 'generated') {
    return banner([
      `EHR API Gateway is ready: open ${url}`,
      '',
      `First start: created the admin user "${news.username}" with the password`,
      `  ${news.password}`,
      'Keep it safe: it is not shown again. Change it in the console under My account.',
      'Set ADMIN_PASSWORD before the first start to choose your own.',
      'Lost it? npm run admin -- reset-password prints a new one-time password.',
    ]);
  }
  if (news?.kind === 'ignored' && speaksForInstance()) {
    return banner([
      `EHR API Gateway is ready: open ${url}`,
      '',
      `ADMIN_PASSWORD was ignored: the admin user "${news.username}" already exists.`,
      'It is only used to create the first admin. Change a password in the console:',
      'My account (header user menu), or Users → Reset password for another user.',
      'Locked out? npm run admin -- reset-password prints a new one-time password.',
    ]);
  }
  return null;
}

async function main() {
  const env = loadEnv();
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    throw new EnvError('Invalid environment:\n  LLM_MODEL: required when LLM_BASE_URL is set');
  }
  const workers = workerCount(env);
  if (isPrimaryOfMany(workers)) {
    await migrateThenFork(env, workers);
    return;
  }
  const embeddedOnDisk = !env.DATABASE_URL && !env.DATA_DIR.startsWith('memory://');
  const socketPath = controlSocketPath(env.DATA_DIR);
  if (embeddedOnDisk && (await isGatewayRunning(socketPath))) {
    throw new EnvError(
      `Another gateway is already running on the embedded database in ${env.DATA_DIR}.\n` +
        'Stop it first, or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
  }
  const tracing = await tracingFor(env);
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    tracer: tracing?.tracer,
  });
  await migrate(storage.db);

  let news: AdminPasswordNews = null;
  const app = await createGateway({
    db: storage.db,
    dbPoolStats: storage.poolStats,
    tracing,
    logger: serverLoggerOptions({
      level: env.LOG_LEVEL ?? 'info',
      format: env.LOG_FORMAT ?? defaultLogFormat(process.stdout.isTTY === true),
    }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    settings: settingsFromEnv(env, packageVersion()),
    onGeneratedAdminPassword: (username, password) => {
      news = { kind: 'generated', username, password };
    },
    onIgnoredAdminPassword: (username) => {
      news = { kind: 'ignored', username };
    },
  });

  const stopOperatorCommands = embeddedOnDisk
    ? await listenForOperatorCommands(socketPath, app.operatorCommands)
    : async () => undefined;
  stopGracefullyOnSignals({ app, storage, tracing, stopOperatorCommands });

  // Beyond this many open connections new ones are refused, so a flood cannot exhaust the process.
  app.server.maxConnections = env.MAX_CONNECTIONS;
  await app.listen({ port: env.PORT, host: env.HOST });

  // Printed last, to the terminal only (never to the structured log), so it is not scrolled away.
  const ready = readyBanner(consoleUrl(env.HOST, env.PORT), news);
  if (ready) {
    process.stdout.write(ready);
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirExposedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Gateway failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
