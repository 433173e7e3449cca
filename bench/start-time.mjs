// How long `npm start` takes to serve: a first start (builds what changed) and a second one with
// nothing changed, each timed from launch until /readyz answers. A measurement, not a test:
//   node bench/start-time.mjs
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.BENCH_PORT ?? '8181';

async function timedStart(label, dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) {
      throw new Error(`${label}: npm start exited (${child.exitCode})\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  const built = output.match(/› Building \S+/g) ?? [];
  console.log(`${label}: serving after ${seconds.toFixed(1)} s (${built.length} builds)`);
  return seconds;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'start-time-'));
try {
  await timedStart('first start', dataDir);
  const second = await timedStart('second start, nothing changed', dataDir);
  console.log(second < 10 ? 'second start under 10 s' : 'second start took 10 s or more');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
