import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './constants';

export interface BuiltService {
  /** Ends the process (SIGTERM) and waits for it to close; nothing when it already has. */
  stop: () => Promise<void>;
}

/**
 * Starts one of the repository's built servers (a sandbox, the development IdP) as `npm run demo`
 * does, and waits until `readyUrl` answers 2xx: the process's exit or `timeoutMs` ends the wait
 * with an error naming the service.
 */
export async function startBuiltService({
  name,
  server,
  env,
  readyUrl,
  timeoutMs,
}: {
  name: string;
  /** The server's built entry, relative to the repository root (`apps/x/dist/server.js`). */
  server: string;
  env: Record<string, string>;
  readyUrl: string;
  timeoutMs: number;
}): Promise<BuiltService> {
  const entry = path.join(REPO_ROOT, server);
  if (!existsSync(entry)) {
    throw new Error(`${server} is missing: run \`npm run build\``);
  }
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await closed;
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(readyUrl)).ok) {
        return { stop };
      }
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The ${name} did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
