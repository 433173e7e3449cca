// `npm run demo`: the athena sandbox on :9090, the FHIR sandbox on :9091 (source=fhir), the
// development IdP on :9400 and the gateway on :8080 configured against them, so the three EHRs
// show as connected in the console, every route
// answers with live data, and the sign-in screen offers "Sign in with Demo IdP".
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
        `The gateway keeps running; start the ${name} again with \`npm run ${{ 'athena sandbox': 'athena-sandbox', 'FHIR sandbox': 'fhir-sandbox' }[name] ?? 'dev-idp'}\`.`,
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

// The FHIR R4 EHR (source=fhir): the FHIR sandbox on Medplum's engine over the same synthetic
// practice, reached with SMART Backend Services (its registered client's secret, as at Oracle).
const fhirSandbox = {
  url: `http://127.0.0.1:${process.env.FHIR_SANDBOX_PORT ?? '9091'}`,
  clientId: 'fhir-sandbox-client',
  clientSecret: 'fhir-sandbox-secret',
  practiceId: DEFAULT_GATEWAY_CONFIG.practiceId,
};
start(
  'FHIR sandbox',
  'apps/fhir-sandbox/dist/server.js',
  {
    FHIR_SANDBOX_PORT: new URL(fhirSandbox.url).port,
    FHIR_SANDBOX_PRACTICE_ID: fhirSandbox.practiceId,
    FHIR_SANDBOX_CLIENT_ID: fhirSandbox.clientId,
    FHIR_SANDBOX_CLIENT_SECRET: fhirSandbox.clientSecret,
  },
  { essential: false },
);
// Indexing the R4 definitions and seeding the slots takes a while.
await waitUntilUp(`${fhirSandbox.url}/_sandbox`, 90_000);

// Single sign-on through the development IdP: its users sign in by their groups (devon is the
// demo developer; see apps/dev-idp/README.md). The admin password form stays (AUTH_MODE=both).
const { DEV_IDP_DEFAULTS } = await import('@ehr-gateway/dev-idp');
const gatewayUrl = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const idpUrl = `http://127.0.0.1:${process.env.DEV_IDP_PORT ?? DEV_IDP_DEFAULTS.port}`;
start(
  'development IdP',
  'apps/dev-idp/dist/server.js',
  { DEV_IDP_PORT: new URL(idpUrl).port, DEV_IDP_GATEWAY_URL: gatewayUrl },
  { essential: false },
);
await waitUntilUp(`${idpUrl}/.well-known/openid-configuration`, 20_000);

// Two-step sign-in (account menu) needs a key that seals the TOTP secrets: the demo makes one once
// and keeps it beside its data, so secrets enrolled in one demo still open in the next.
async function demoMfaKey() {
  const dataDir = process.env.DATA_DIR ?? 'data';
  if (dataDir.startsWith('memory://')) {
    return randomBytes(32).toString('hex');
  }
  const file = path.join(path.resolve(root, dataDir), 'demo-mfa-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('hex');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

start('gateway', 'apps/gateway/dist/server.js', {
  MFA_ENCRYPTION_KEY: process.env.MFA_ENCRYPTION_KEY ?? (await demoMfaKey()),
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? gatewayUrl,
  OIDC_ISSUER: idpUrl,
  OIDC_CLIENT_ID: DEV_IDP_DEFAULTS.clientId,
  OIDC_CLIENT_SECRET: DEV_IDP_DEFAULTS.clientSecret,
  OIDC_DISPLAY_NAME: 'Demo IdP',
  OIDC_ROLE_MAP: 'gw-admins=admin,gw-devs=developer,gw-audit=auditor',
  OIDC_PHI_GROUPS: 'gw-phi',
  OIDC_ALLOWED_DOMAINS: 'example.org',
  ATHENA_BASE_URL: sandbox.url,
  ATHENA_CLIENT_ID: sandbox.clientId,
  ATHENA_CLIENT_SECRET: sandbox.clientSecret,
  ATHENA_PRACTICE_ID: sandbox.practiceId,
  FHIR_BASE_URL: `${fhirSandbox.url}/fhir/r4`,
  FHIR_CLIENT_ID: fhirSandbox.clientId,
  FHIR_CLIENT_SECRET: fhirSandbox.clientSecret,
  FHIR_PRACTICE_ID: fhirSandbox.practiceId,
  FHIR_VENDOR: 'generic',
  // The demo's webhook receiver runs on this machine (docs/webhooks.md), which is loopback.
  WEBHOOKS_ALLOW_PRIVATE: process.env.WEBHOOKS_ALLOW_PRIVATE ?? 'true',
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
