import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createGateway } from './app.js';
import { EnvError, loadEnv } from './config/env.js';
import { openStorage } from './db/database.js';
import { migrate } from './db/migrate.js';

const SHUTDOWN_DEADLINE_MS = 25_000;

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
  const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(storage.db);

  const app = await createGateway({
    db: storage.db,
    logger: {
      level: env.LOG_LEVEL ?? 'info',
      redact: {
        paths: [
          'req.headers["x-api-key"]',
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-vapi-secret"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[REDACTED]',
      },
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    settings: {
      environment: env.GATEWAY_ENVIRONMENT,
      version: packageVersion(),
      adminUsername: env.ADMIN_USERNAME,
      adminPassword: env.ADMIN_PASSWORD,
      athena: {
        baseUrl: env.ATHENA_BASE_URL,
        clientId: env.ATHENA_CLIENT_ID,
        clientSecret: env.ATHENA_CLIENT_SECRET,
        practiceId: env.ATHENA_PRACTICE_ID,
      },
      corsOrigins: env.CORS_ORIGINS,
      consoleDir: env.CONSOLE_DIR ?? fileURLToPath(new URL('../../console/dist', import.meta.url)),
      sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
      sessionMaxHours: env.SESSION_MAX_HOURS,
      requestLogRetentionDays: env.REQUEST_LOG_RETENTION_DAYS,
      requestLogMaxBodyBytes: env.REQUEST_LOG_MAX_BODY_BYTES,
      initialLogLevel: env.LOG_LEVEL ?? 'info',
      redisUrl: env.REDIS_URL,
      athenaTimeoutMs: env.ATHENA_TIMEOUT_MS,
      ehrCacheTtlSeconds: env.EHR_CACHE_TTL_SECONDS,
      vapiSecret: env.VAPI_SECRET,
      llm:
        env.LLM_BASE_URL && env.LLM_MODEL
          ? {
              baseUrl: env.LLM_BASE_URL,
              apiKey: env.LLM_API_KEY,
              model: env.LLM_MODEL,
              timeoutMs: env.LLM_TIMEOUT_MS,
            }
          : undefined,
    },
    onGeneratedAdminPassword: (username, password) => {
      // Printed once to the terminal, never to the structured log.
      process.stdout.write(
        `\n  First start: created admin user "${username}" with password: ${password}\n` +
          '  Keep it safe; it is not shown again. Set ADMIN_PASSWORD to choose your own.\n\n',
      );
    },
  });

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
      await app.close();
      await storage.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Gateway failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
