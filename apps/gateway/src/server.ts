import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createGateway } from './app.js';
import { isPrimaryOfMany, runPrimary, speaksForInstance, workerCount } from './cluster.js';
import { EnvError, loadEnv } from './config/env.js';
import { defaultLogFormat, serverLoggerOptions } from './config/logger.js';
import { settingsFromEnv } from './config/settings.js';
import { DataDirExposedError, openStorage } from './db/database.js';
import { migrate } from './db/migrate.js';
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

async function main() {
  const env = loadEnv();
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    throw new EnvError('Invalid environment:\n  LLM_MODEL: required when LLM_BASE_URL is set');
  }
  const workers = workerCount(env);
  if (isPrimaryOfMany(workers)) {
    // The schema is brought up to date once, before any worker serves.
    const storage = await openStorage({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    });
    await migrate(storage.db);
    await storage.close();
    runPrimary(env, workers);
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
  // Loaded only when asked for: with no endpoint, no OpenTelemetry code runs at all.
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./lib/tracing.js')).startTracing({
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: env.OTEL_SERVICE_NAME,
        serviceVersion: packageVersion(),
      })
    : undefined;
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    tracer: tracing?.tracer,
  });
  await migrate(storage.db);

  let generated: { username: string; password: string } | null = null;
  let ignoredPasswordFor: string | null = null;
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
      generated = { username, password };
    },
    onIgnoredAdminPassword: (username) => {
      ignoredPasswordFor = username;
    },
  });

  const stopOperatorCommands = embeddedOnDisk
    ? await listenForOperatorCommands(socketPath, app.operatorCommands)
    : async () => undefined;

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

  // Beyond this many open connections new ones are refused, so a flood cannot exhaust the process.
  app.server.maxConnections = env.MAX_CONNECTIONS;
  await app.listen({ port: env.PORT, host: env.HOST });

  // Printed last, to the terminal only (never to the structured log), so it is not scrolled away.
  const url = consoleUrl(env.HOST, env.PORT);
  if (generated) {
    const { username, password } = generated as { username: string; password: string };
    process.stdout.write(
      banner([
        `EHR API Gateway is ready: open ${url}`,
        '',
        `First start: created the admin user "${username}" with the password`,
        `  ${password}`,
        'Keep it safe: it is not shown again. Change it in the console under My account.',
        'Set ADMIN_PASSWORD before the first start to choose your own.',
        'Lost it? npm run admin -- reset-password prints a new one-time password.',
      ]),
    );
  } else if (ignoredPasswordFor && speaksForInstance()) {
    process.stdout.write(
      banner([
        `EHR API Gateway is ready: open ${url}`,
        '',
        `ADMIN_PASSWORD was ignored: the admin user "${ignoredPasswordFor}" already exists.`,
        'It is only used to create the first admin. Change a password in the console:',
        'My account (header user menu), or Users → Reset password for another user.',
        'Locked out? npm run admin -- reset-password prints a new one-time password.',
      ]),
    );
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
