import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repo root with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** Runs a command with its output captured; resolves with the exit code and the combined output. */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
    child.on('error', (error) =>
      resolve({ code: 1, output: `could not run ${command}: ${error.message}` }),
    );
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lockfile = path.join(root, 'package-lock.json');
  const stale =
    !existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs - 1000;
  if (stale) {
    console.log('› Installing dependencies (npm install, about a minute on a first start)…');
    const { code, output } = await runQuietly(npm, ['install', '--no-audit', '--no-fund']);
    if (code !== 0) {
      process.stderr.write(`${output}\n✖ npm install failed (exit code ${code}).\n`);
      process.exit(code);
    }
  }
}
