// Where the proxied EHR read spends its CPU: the built gateway under --cpu-prof, loaded with the
// compare scenario's read, then every thread's profile summed by where its time went.
//   npm run build && npm run bench:profile -w @ehr-gateway/bench
//   BENCH_SECONDS=20 npm run bench:profile -w @ehr-gateway/bench
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { DEFAULT_GATEWAY_CONFIG, HEADERS } from '@ehr-gateway/contracts';

import { childProcesses, createBenchKey, proxyingGatewayEnv, signIn } from './harness.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const GATEWAY_PATH = `/api/${DEFAULT_GATEWAY_CONFIG.practiceId}/patients?source=athena&limit=5`;

/** Where a frame's time is counted: the package or our own folder it runs in. */
function categoryOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (functionName === '(garbage collector)') {
    return 'GC';
  }
  if (functionName === '(idle)' || functionName === '(program)') {
    return functionName;
  }
  const ownFile = /apps\/gateway\/dist\/(?:modules\/)?(.+)\.js$/.exec(url);
  if (ownFile) {
    return `gateway: ${ownFile[1]}`;
  }
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) {
    return dependency[1]!;
  }
  if (url.startsWith('node:') || url === '') {
    return 'Node internals (sockets, streams, timers, natives)';
  }
  return url;
}

function summarise(profile: CpuProfile): Map<string, number> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byCategory = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const category = categoryOf(frames.get(id)!);
    byCategory.set(category, (byCategory.get(category) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return byCategory;
}

const { children, start } = childProcesses(root);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-profile-'));
const profileDir = await mkdtemp(path.join(os.tmpdir(), 'bench-profile-out-'));
try {
  const upstream = await start(
    path.join(here, 'compare/fixed-upstream.mjs'),
    {},
    '/oauth2/v1/token',
  );
  const base = await start(
    path.join(root, 'apps/gateway/dist/server.js'),
    proxyingGatewayEnv(upstream, dataDir),
    '/readyz',
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  const apiKey = await createBenchKey(base, await signIn(base));
  const target = { url: `${base}${GATEWAY_PATH}`, headers: { [HEADERS.apiKey]: apiKey } };
  await autocannon({ ...target, connections: 32, duration: 2 });
  const result = await autocannon({ ...target, connections: 32, duration: seconds });
  console.log(
    `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms over ${seconds} s (profiled, so slower than unprofiled runs)`,
  );
  const gateway = children[1]!;
  const exited = new Promise((resolve) => gateway.once('exit', resolve));
  gateway.kill('SIGTERM');
  await exited;

  const files = (await readdir(profileDir)).filter((file) => file.endsWith('.cpuprofile'));
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile;
    const byCategory = summarise(profile);
    const busy = [...byCategory]
      .filter(([category]) => category !== '(idle)')
      .reduce((total, [, micros]) => total + micros, 0);
    const total = [...byCategory.values()].reduce((sum, micros) => sum + micros, 0);
    // Thread 0 is the main thread; the other profile is PGlite's worker thread.
    console.log(
      `\n${file}: busy ${((busy / total) * 100).toFixed(0)} % of ${(total / 1e6).toFixed(1)} s`,
    );
    console.log('| where | share of busy time |');
    console.log('|---|---|');
    for (const [category, micros] of [...byCategory].sort((a, b) => b[1] - a[1]).slice(0, 24)) {
      if (category !== '(idle)') {
        console.log(`| ${category} | ${((micros / busy) * 100).toFixed(1)} % |`);
      }
    }
  }
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await rm(dataDir, { recursive: true, force: true });
  await rm(profileDir, { recursive: true, force: true });
}
