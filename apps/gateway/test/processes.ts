import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import { ADMIN_PASSWORD, waitFor } from './helpers.js';

export const gatewayRoot = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs src/server.ts in its own process, as `npm start` would run the built one. */
export function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
} {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--conditions=@ehr-gateway/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: gatewayRoot,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Runs `npm run admin -- …` as the operator would, from source; resolves when it exits. */
export function runAdminCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@ehr-gateway/source', '--import', 'tsx', 'src/operator/admin-cli.ts', ...args],
      { cwd: gatewayRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves once the server at `base` answers /readyz; fails with the server's output otherwise. */
export async function waitUntilReady(base: string, server: { output: () => string }) {
  await waitFor(
    async () => {
      try {
        return (await fetch(`${base}/readyz`)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
}

/** Signs in to a running gateway as the initial admin and creates an API key, over HTTP. */
export async function createKeyOverHttp(base: string, name: string): Promise<string> {
  const login = await fetch(`${base}/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const created = await fetch(`${base}/admin/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ name }),
  });
  return ((await created.json()) as { apiKey: { key: string } }).apiKey.key;
}

/** A gateway process started by startReadyGateway, answering at `base`. */
export interface RunningGateway {
  child: ChildProcess;
  output: () => string;
  base: string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** The process ids of its workers (GATEWAY_WORKERS > 1: the primary's children). */
  workerPids(): string[];
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs src/server.ts on a free local port with the test admin password and waits until it answers
 * /readyz; a gateway that never does is stopped, and the error carries its output.
 */
export async function startReadyGateway(env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  GATEWAY_WORKERS?: string;
}): Promise<RunningGateway> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const defined = Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]);
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    ...Object.fromEntries(defined),
  });
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  const stop = () => {
    server.child.kill('SIGTERM');
    return exited;
  };
  try {
    await waitUntilReady(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ...server,
    base,
    exited,
    workerPids: () =>
      execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    stop,
  };
}
