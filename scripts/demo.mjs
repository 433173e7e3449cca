// `npm run demo`: the athena sandbox on :9090 and the gateway on :8080 configured against it, so
// both EHRs show as connected in the console and every route answers with live data.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { buildChanged } from './build-changed.mjs';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
await buildChanged();

// The sandbox serves the gateway's default practice, so every documented example and preset
// answers from athena with the practice the console shows.
const { DEFAULT_GATEWAY_CONFIG } = await import('@ehr-gateway/contracts');
const sandboxPort = process.env.SANDBOX_PORT ?? '9090';
const sandbox = {
  url: `http://127.0.0.1:${sandboxPort}`,
  clientId: process.env.SANDBOX_CLIENT_ID ?? 'sandbox-client',
  clientSecret: process.env.SANDBOX_CLIENT_SECRET ?? 'sandbox-secret',
  practiceId: process.env.SANDBOX_PRACTICE_ID ?? DEFAULT_GATEWAY_CONFIG.practiceId,
};

const children = [];
let stopping = false;
/**
 * Starts a child process. When the gateway stops, everything stops; when the sandbox stops, the
 * gateway keeps running, so its answers to an athena outage (and the alert it raises) can be seen.
 */
function start(name, script, env, { essential = true } = {}) {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    console.log(`${name} stopped (${code ?? 'signal'})`);
    if (!essential && !stopping) {
      console.log(
        'The gateway keeps running; start the sandbox again with `npm run athena-sandbox`.',
      );
      return;
    }
    stopping = true;
    for (const other of children) {
      other.kill('SIGTERM');
    }
    process.exitCode = code ?? 0;
  });
  children.push(child);
  return child;
}

async function waitUntilUp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

start(
  'athena sandbox',
  'apps/athena-sandbox/dist/server.js',
  {
    SANDBOX_PORT: sandboxPort,
    SANDBOX_CLIENT_ID: sandbox.clientId,
    SANDBOX_CLIENT_SECRET: sandbox.clientSecret,
    SANDBOX_PRACTICE_ID: sandbox.practiceId,
  },
  { essential: false },
);
await waitUntilUp(`${sandbox.url}/_sandbox/stats`, 20_000);

start('gateway', 'apps/gateway/dist/server.js', {
  ATHENA_BASE_URL: sandbox.url,
  ATHENA_CLIENT_ID: sandbox.clientId,
  ATHENA_CLIENT_SECRET: sandbox.clientSecret,
  ATHENA_PRACTICE_ID: sandbox.practiceId,
  GATEWAY_ENVIRONMENT: process.env.GATEWAY_ENVIRONMENT ?? 'demo',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) {
      child.kill(signal);
    }
  });
}
