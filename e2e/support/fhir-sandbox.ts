import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import { REPO_ROOT } from './constants';
import { freePort, startGateway, type RunningGateway } from './gateway';

const FHIR_SANDBOX_SERVER = path.join(REPO_ROOT, 'apps/fhir-sandbox/dist/server.js');
/** Indexing the R4 definitions and seeding the slots takes a while on a loaded machine. */
const FHIR_START_TIMEOUT_MS = 150_000;

export interface RunningFhirDemo {
  gateway: RunningGateway;
  fhir: { url: string; practiceId: string };
  stop: () => Promise<void>;
}

/**
 * The FHIR sandbox on a free port and a gateway with source=fhir configured against it (its
 * client's secret, as `npm run demo` does), serving the gateway's default practice.
 */
export async function startFhirDemo(logName: string): Promise<RunningFhirDemo> {
  if (!existsSync(FHIR_SANDBOX_SERVER)) {
    throw new Error(`${path.relative(REPO_ROOT, FHIR_SANDBOX_SERVER)} is missing: npm run build`);
  }
  const port = await freePort();
  const fhir = { url: `http://127.0.0.1:${port}`, practiceId: DEFAULT_GATEWAY_CONFIG.practiceId };
  const client = { id: 'e2e-fhir-client', secret: 'e2e-fhir-secret-value' };
  const child = spawn(process.execPath, [FHIR_SANDBOX_SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      FHIR_SANDBOX_PORT: String(port),
      FHIR_SANDBOX_PRACTICE_ID: fhir.practiceId,
      FHIR_SANDBOX_CLIENT_ID: client.id,
      FHIR_SANDBOX_CLIENT_SECRET: client.secret,
    },
    stdio: 'ignore',
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stopSandbox = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await closed;
    }
  };
  const deadline = Date.now() + FHIR_START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${fhir.url}/_sandbox`)).ok) {
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopSandbox();
      throw new Error(`The FHIR sandbox did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  try {
    const gateway = await startGateway({
      logName,
      env: {
        FHIR_BASE_URL: `${fhir.url}/fhir/r4`,
        FHIR_CLIENT_ID: client.id,
        FHIR_CLIENT_SECRET: client.secret,
        FHIR_PRACTICE_ID: fhir.practiceId,
        FHIR_VENDOR: 'generic',
        GATEWAY_ENVIRONMENT: 'demo',
      },
    });
    return {
      gateway,
      fhir,
      stop: async () => {
        await gateway.stop();
        await stopSandbox();
      },
    };
  } catch (error) {
    await stopSandbox();
    throw error;
  }
}
