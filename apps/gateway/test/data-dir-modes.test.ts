import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openStorage } from '../src/db/database.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Opens (and migrates) the embedded database in a child process started with umask 000. */
function openUnderUmask000(dataDir: string): Promise<{ code: number | null; output: string }> {
  const script = `
    process.umask(0);
    const { openStorage } = await import('./src/db/database.ts');
    const { migrate } = await import('./src/db/migrate.ts');
    const storage = await openStorage({ dataDir: ${JSON.stringify(dataDir)} });
    await migrate(storage.db);
    await storage.close();
  `;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=@ehr-gateway/source', '--input-type=module', '-e', script],
      { cwd: gatewayDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function modesUnder(root: string): Promise<Map<string, number>> {
  const modes = new Map<string, number>();
  const pending = [root];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const info = await stat(current);
    modes.set(path.relative(root, current) || '.', info.mode & 0o777);
    if (info.isDirectory()) {
      pending.push(...(await readdir(current)).map((entry) => path.join(current, entry)));
    }
  }
  return modes;
}

describe('the embedded database folder', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'ehrgw-modes-'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('is 0700 with 0600 files even when the process starts with umask 000', async () => {
    const dataDir = path.join(workDir, 'data');
    const { code, output } = await openUnderUmask000(dataDir);
    expect(output).toBe('');
    expect(code).toBe(0);
    const modes = await modesUnder(dataDir);
    expect(modes.size).toBeGreaterThan(10);
    for (const [file, mode] of modes) {
      const isDir = (await stat(path.join(dataDir, file))).isDirectory();
      expect({ file, mode: mode.toString(8) }).toEqual({ file, mode: isDir ? '700' : '600' });
    }
  });

  it('is refused when others can already read it, saying how to fix that', async () => {
    const dataDir = path.join(workDir, 'exposed');
    await mkdir(dataDir, { mode: 0o755 });
    await writeFile(path.join(dataDir, 'PG_VERSION'), '17', { mode: 0o644 });
    await expect(openStorage({ dataDir })).rejects.toThrow(
      new RegExp(`chmod -R go-rwx ${dataDir.replaceAll('/', '\\/')}`),
    );
  });
});
