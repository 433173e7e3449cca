// The console's first load (issue "The request path at gateway speed"): what the sign-in page and
// the Dashboard download, as the gzip the build wrote and as sent, and Lighthouse's mobile
// performance score for each, run with Debian's Chromium against the built gateway.
//   npm run build && npm run bench:console -w @ehr-gateway/bench
//   LIGHTHOUSE_RUNS=5 CHROME_PATH=/usr/bin/chromium npm run bench:console -w @ehr-gateway/bench
//   LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:console …   (keeps each run's JSON report there)
//   LIGHTHOUSE_CPU_SLOWDOWN=1 npm run bench:console …   (on a loaded machine: see bench/README.md)
// Lighthouse comes through npx (a pinned version, cached after the first run) rather than as a
// dependency: it and its puppeteer would weigh on every install for one benchmark.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { HEADLESS_CHROMIUM_ARGS, resolveChromium } from '../e2e/support/chromium.js';

import { BENCH_PASSWORD } from './bench-settings.js';
import { childProcesses, signIn } from './harness.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const GATEWAY_SERVER = path.join(root, 'apps/gateway/dist/server.js');
const CONSOLE_DIST = path.join(root, 'apps/console/dist');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
// Lighthouse multiplies the main-thread time it observes by this (its mobile preset: 4); on a
// machine busy with other work the observed time is already inflated, so 1 compares builds fairly.
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN;
// The same Chromium and flags as the e2e suite ($CHROMIUM_PATH, else Debian's and the others).
const chromePath = process.env.CHROME_PATH ?? resolveChromium();
const CHROME_FLAGS = HEADLESS_CHROMIUM_ARGS.join(' ');

interface NetworkRequest {
  url: string;
  transferSize: number;
  resourceType?: string;
}

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: NetworkRequest[] } } | undefined
  >;
}

interface PageLoad {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Document, scripts and styles as the build's .gz files. */
  gzipBytes: number;
  /** The same, as the gateway sent them (brotli where the browser accepts it). */
  sentBytes: number;
  files: string[];
}

if (!existsSync(GATEWAY_SERVER) || !existsSync(path.join(CONSOLE_DIST, 'index.html'))) {
  throw new Error('The gateway or console build is missing: run `npm run build` first');
}
if (!chromePath) {
  throw new Error('No Chromium found: apt-get install -y chromium, or set CHROME_PATH');
}

/** The gzip the build wrote for a console URL (index.html for the page itself). */
async function gzipSizeOf(url: URL): Promise<number> {
  const file = url.pathname.startsWith('/assets/') ? url.pathname : '/index.html';
  return (await stat(path.join(CONSOLE_DIST, `${file}.gz`))).size;
}

function lighthouse(url: string, cookie: string | null): Promise<LighthouseReport> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`lighthouse exited with ${code}`));
        return;
      }
      resolve(JSON.parse(output) as LighthouseReport);
    });
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is retried. */
async function lighthouseWithRetries(url: string, cookie: string | null, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, cookie);
    } catch (error) {
      if (attempt >= attempts) {
        throw error;
      }
      console.log(`  (Lighthouse failed, retrying: ${(error as Error).message})`);
    }
  }
}

async function measurePage(
  base: string,
  cookie: string | null,
  reportName: string,
): Promise<PageLoad> {
  const report = await lighthouseWithRetries(`${base}/`, cookie);
  if (reportsDir) {
    await mkdir(reportsDir, { recursive: true });
    await writeFile(path.join(reportsDir, `${reportName}.json`), JSON.stringify(report));
  }
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const firstRoute = requests.filter(
    (request) =>
      request.url.startsWith(base) &&
      ['Document', 'Script', 'Stylesheet'].includes(request.resourceType ?? ''),
  );
  let gzipBytes = 0;
  for (const request of firstRoute) {
    gzipBytes += await gzipSizeOf(new URL(request.url));
  }
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    gzipBytes,
    sentBytes: firstRoute.reduce((total, request) => total + request.transferSize, 0),
    files: firstRoute.map((request) => new URL(request.url).pathname),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const { children, start } = childProcesses(root);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-console-'));
try {
  const base = await start(
    GATEWAY_SERVER,
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    '/readyz',
  );
  const cookie = await signIn(base);
  const pages: Array<[string, string | null]> = [
    ['Sign-in', null],
    ['Dashboard', cookie],
  ];
  console.log(
    `Lighthouse ${LIGHTHOUSE} (mobile, CPU slowdown ${cpuSlowdown ?? 'default 4'}), ${runs} runs per page, Chromium ${chromePath}`,
  );
  console.log(
    '\n| page | performance (median) | runs | FCP ms | LCP ms | TBT ms | first route, gzip KB | as sent KB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, pageCookie] of pages) {
    const loads: PageLoad[] = [];
    for (let run = 0; run < runs; run += 1) {
      loads.push(await measurePage(base, pageCookie, `${name.toLowerCase()}-${run + 1}`));
    }
    const middle = (pick: (load: PageLoad) => number) => Math.round(median(loads.map(pick)));
    console.log(
      `| ${name} | ${middle((load) => load.score)} | ${loads.map((load) => load.score).join(', ')} | ${middle((load) => load.fcpMs)} | ${middle((load) => load.lcpMs)} | ${middle((load) => load.tbtMs)} | ${(loads[0]!.gzipBytes / 1024).toFixed(1)} | ${(loads[0]!.sentBytes / 1024).toFixed(1)} |`,
    );
    console.log(`  files: ${loads[0]!.files.join(' ')}`);
  }
  console.log('\ntargets: first route ≤ 150 KB gzip; performance ≥ 90 on both pages');
  console.log(
    `load average: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await rm(dataDir, { recursive: true, force: true });
}
