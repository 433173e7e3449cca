import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, runAdminCli, startServer, waitUntilReady } from './processes.js';

const passwordIn = (stdout: string) => /^ {2}(\S+)$/m.exec(stdout)?.[1];

describe('npm run admin -- reset-password on the embedded database', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-admin-cli-'));
    env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = (base: string, username: string, password: string) =>
    fetch(`${base}/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  it(
    'prints a one-time password with the gateway stopped, then through the running gateway',
    { timeout: 90_000 },
    async () => {
      const stopped = await runAdminCli(['reset-password'], env);
      expect(stopped.stderr).toBe('');
      expect(stopped.code).toBe(0);
      expect(stopped.stdout).toContain('New one-time password for "admin"');
      const first = passwordIn(stopped.stdout)!;
      expect(first).toMatch(/^[\w-]{20,}$/);

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({ ...env, PORT: String(port) });
      try {
        await waitUntilReady(base, server);
        const withFirst = await signIn(base, 'admin', first);
        expect(withFirst.status).toBe(200);
        const session = (await withFirst.json()) as { user: { mustChangePassword: boolean } };
        expect(session.user.mustChangePassword).toBe(true);

        // The running gateway has the database open: the command goes through it.
        const running = await runAdminCli(['reset-password', 'admin'], env);
        expect(running.code).toBe(0);
        const second = passwordIn(running.stdout)!;
        expect(second).not.toBe(first);
        expect((await signIn(base, 'admin', first)).status).toBe(401);
        expect((await signIn(base, 'admin', second)).status).toBe(200);

        const unknown = await runAdminCli(['reset-password', 'nobody'], env);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toBe('✖ No user is named nobody\n');

        // A second gateway on the same embedded database would corrupt it: it refuses to start.
        const secondGateway = startServer({ ...env, PORT: String(await freePort()) });
        const code = await new Promise<number | null>((resolve) =>
          secondGateway.child.once('exit', resolve),
        );
        expect(code).toBe(1);
        expect(secondGateway.output()).toContain('Another gateway is already running');
      } finally {
        server.child.kill('SIGTERM');
        await new Promise((resolve) => server.child.once('exit', resolve));
      }
    },
  );

  it('explains its usage and refuses an unknown command', async () => {
    const usage = await runAdminCli(['rotate-everything'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- reset-password [username]');
  });
});
