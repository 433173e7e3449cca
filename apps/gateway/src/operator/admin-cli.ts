import { createGateway } from '../app.js';
import { EnvError, loadEnv } from '../config/env.js';
import { settingsFromEnv } from '../config/settings.js';
import { DataDirExposedError, openStorage } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { controlSocketPath, sendOperatorCommand, type OperatorAnswer } from './control-socket.js';

const USAGE = `Usage: npm run admin -- reset-password [username]

  reset-password [username]   Print a new one-time password for the user (by default the
                              longest-standing active admin). It must be changed at sign-in,
                              and the user's sessions end. Works with the gateway running or
                              stopped, on the embedded database or on PostgreSQL (DATABASE_URL).`;

/** Runs the command on the database directly: PostgreSQL, or the embedded one when no gateway has it open. */
async function runDirectly(
  env: ReturnType<typeof loadEnv>,
  username: string | undefined,
): Promise<OperatorAnswer> {
  const storage = await openStorage({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  });
  try {
    await migrate(storage.db);
    const app = await createGateway({
      db: storage.db,
      settings: settingsFromEnv(env, 'cli'),
      backgroundTasks: false,
    });
    try {
      return { ok: true, ...(await app.operatorCommands.resetPassword(username)) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, username, ...rest] = args;
  if (command !== 'reset-password' || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const env = loadEnv();
  const viaRunningGateway = env.DATABASE_URL
    ? null
    : await sendOperatorCommand(controlSocketPath(env.DATA_DIR), {
        command: 'reset-password',
        username,
      });
  const result = viaRunningGateway ?? (await runDirectly(env, username));
  if (!result.ok) {
    process.stderr.write(`✖ ${result.message}\n`);
    return 1;
  }
  process.stdout.write(
    [
      `New one-time password for "${result.username}":`,
      `  ${result.oneTimePassword}`,
      'Sign in with it; the console asks for a new password at once. Their sessions have ended.',
      '',
    ].join('\n'),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof DataDirExposedError;
    process.stderr.write(
      `${known ? (error as Error).message : `admin command failed: ${error instanceof Error ? error.stack : String(error)}`}\n`,
    );
    process.exit(1);
  },
);
