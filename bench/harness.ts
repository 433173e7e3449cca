// What the process-level benchmarks share: free ports, waiting for a server, starting Node
// scripts as children, and signing in to a gateway's admin API.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

import { adminPath, DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import { BENCH_PASSWORD } from './bench-settings.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// A gateway on a fresh PGlite data directory applies every migration before /readyz answers: on a
// shared 2-core machine at load 20+ that took 50–70 s.
export async function waitFor(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) {
        return;
      }
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts Node scripts on free ports from `cwd`, each its own process, and remembers them. */
export function childProcesses(cwd: string) {
  const children: ChildProcess[] = [];
  async function start(
    script: string,
    env: Record<string, string>,
    readyPath: string,
    nodeArgs: string[] = [],
    readyTimeoutMs = 60_000,
  ) {
    const port = await freePort();
    const child = spawn(process.execPath, [...nodeArgs, script], {
      cwd,
      // SANDBOX_PORT: the athena sandbox's name for it.
      env: { ...process.env, ...env, PORT: String(port), SANDBOX_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}${readyPath}`, readyTimeoutMs);
    return base;
  }
  return { children, start };
}

/** The session cookie of the bench admin (`name=value`). */
export async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}${adminPath('session')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`could not sign in: ${login.status} ${await login.text()}`);
  }
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

/** The built gateway's environment for proxying athena calls to `upstream` without a QPS cap. */
export function proxyingGatewayEnv(upstream: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    ATHENA_BASE_URL: upstream,
    ATHENA_CLIENT_ID: 'bench',
    ATHENA_CLIENT_SECRET: 'bench-secret',
    ATHENA_PRACTICE_ID: DEFAULT_GATEWAY_CONFIG.practiceId,
    // The peers run without a QPS cap; so does the gateway here.
    ATHENA_MAX_QPS: '1000000',
    ATHENA_MAX_CONCURRENCY: '1000',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
}

/** A new API key with every scope, created through the admin API. */
export async function createBenchKey(base: string, cookie: string): Promise<string> {
  const created = await fetch(`${base}${adminPath('apiKeys')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ name: 'bench' }),
  });
  const { apiKey } = (await created.json()) as { apiKey: { key: string } };
  return apiKey.key;
}
