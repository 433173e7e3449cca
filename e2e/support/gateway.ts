import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import { startBuiltService } from './built-service';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  ARTIFACTS_DIR,
  CONSOLE_DIST,
  CONSOLE_INDEX,
  GATEWAY_SERVER,
  REPO_ROOT,
} from './constants';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface RunningGateway {
  baseURL: string;
  /** The temporary folder holding the data directory and the console snapshot. */
  workDir: string;
  logFile: string;
  stop: () => Promise<void>;
}

/** The built artefacts the suite runs against; a missing one means the build has not run. */
export function assertBuilt(): void {
  const missing = [GATEWAY_SERVER, CONSOLE_INDEX].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      [
        'The end-to-end tests run against the production build, which is missing:',
        ...missing.map((file) => `  - ${path.relative(REPO_ROOT, file)}`),
        'Build first, from the repository root: `npm run build`',
        '(`npm test` at the root builds before it runs this suite).',
      ].join('\n'),
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') {
          resolve(address.port);
        } else {
          reject(new Error('Could not find a free port'));
        }
      });
    });
  });
}

/** The athena sandbox `npm run demo` starts: its address, client and the practice it serves. */
export interface RunningSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  practiceId: string;
  stop: () => Promise<void>;
}

/** Starts the built athena sandbox on a free port, as `npm run demo` does, and waits for it. */
export async function startAthenaSandbox(): Promise<RunningSandbox> {
  const port = await freePort();
  const sandbox = {
    url: `http://127.0.0.1:${port}`,
    clientId: 'e2e-sandbox-client',
    clientSecret: 'e2e-sandbox-secret',
    // As in `npm run demo`: the gateway's default practice.
    practiceId: DEFAULT_GATEWAY_CONFIG.practiceId,
  };
  const { stop } = await startBuiltService({
    name: 'athena sandbox',
    server: 'apps/athena-sandbox/dist/server.js',
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_CLIENT_ID: sandbox.clientId,
      SANDBOX_CLIENT_SECRET: sandbox.clientSecret,
      SANDBOX_PRACTICE_ID: sandbox.practiceId,
    },
    readyUrl: `${sandbox.url}/_sandbox/stats`,
    timeoutMs: START_TIMEOUT_MS,
  });
  return { ...sandbox, stop };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  logFile: string,
  closed: Promise<void>,
  recentOutput: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await closed;
      throw new Error(
        `The gateway exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready. ` +
          `Its output (${logFile}) ends with:\n${recentOutput()}\n` +
          'If a module is missing, build everything first: `npm run build` at the repository root.',
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The gateway did not become ready at ${url} within ${START_TIMEOUT_MS / 1000} s ` +
      `(${lastError}). Its output is in ${logFile}`,
  );
}

/**
 * Copies the console build aside, so a rebuild while the suite runs (vite empties its outDir)
 * cannot pull the files from under the browser. Checks the copy is whole: every file that
 * index.html names is there.
 */
async function snapshotConsole(target: string): Promise<void> {
  await cp(CONSOLE_DIST, target, { recursive: true });
  const html = await readFile(path.join(target, 'index.html'), 'utf8');
  // Files only: index.html also preloads API answers (the session), which are no build output.
  const referenced = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((reference) => /\.[A-Za-z0-9]+$/.test(reference));
  const missing = referenced.filter((file) => !existsSync(path.join(target, file)));
  if (missing.length > 0) {
    throw new Error(
      `The console build in ${path.relative(REPO_ROOT, CONSOLE_DIST)} is incomplete ` +
        `(missing ${missing.join(', ')}): was it being rebuilt? Run \`npm run build\` and try again.`,
    );
  }
}

/**
 * Starts the built gateway as a user would (`node apps/gateway/dist/server.js`) on a free port,
 * with a fresh embedded database (PGlite) in a temporary directory, and waits for /readyz.
 * It serves a snapshot of apps/console/dist (CONSOLE_DIR), taken now.
 */
export async function startGateway({
  env: extraEnv = {},
  logName = 'gateway.log',
  port: chosenPort,
}: {
  /** Settings on top of the suite's own (athena's, for a gateway in demo mode). */
  env?: Record<string, string>;
  logName?: string;
  /** A port chosen beforehand (an identity provider registers the gateway's address first). */
  port?: number;
} = {}): Promise<RunningGateway> {
  assertBuilt();
  const port = chosenPort ?? (await freePort());
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ehr-gateway-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const consoleDir = path.join(workDir, 'console');
  try {
    await snapshotConsole(consoleDir);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const logFile = path.join(ARTIFACTS_DIR, logName);
  const log = createWriteStream(logFile);
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CONSOLE_DIR: consoleDir,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    // The webhook specs' receivers listen on loopback, which deliveries otherwise refuse.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  // A developer's own settings must not leak into the run: the suite owns its storage.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ATHENA_BASE_URL']) {
    delete env[name];
  }
  Object.assign(env, extraEnv);

  const child = spawn(process.execPath, [GATEWAY_SERVER], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let recent = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      recent = (recent + chunk.toString('utf8')).slice(-4000);
    });
  }
  // 'close' comes after the exit and the last of its output, so an early exit can show it.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
    }
    log.end();
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${baseURL}/readyz`, child, logFile, closed, () =>
      recent.trimEnd().split('\n').slice(-15).join('\n'),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, workDir, logFile, stop };
}

/** `npm run demo` in miniature: the athena sandbox and a gateway in demo mode against it. */
export interface RunningDemo {
  sandbox: RunningSandbox;
  gateway: RunningGateway;
  stop: () => Promise<void>;
}

export async function startDemo(logName: string): Promise<RunningDemo> {
  const sandbox = await startAthenaSandbox();
  try {
    const gateway = await startGateway({
      logName,
      env: {
        ATHENA_BASE_URL: sandbox.url,
        ATHENA_CLIENT_ID: sandbox.clientId,
        ATHENA_CLIENT_SECRET: sandbox.clientSecret,
        ATHENA_PRACTICE_ID: sandbox.practiceId,
        GATEWAY_ENVIRONMENT: 'demo',
      },
    });
    return {
      sandbox,
      gateway,
      stop: async () => {
        await gateway.stop();
        await sandbox.stop();
      },
    };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}
