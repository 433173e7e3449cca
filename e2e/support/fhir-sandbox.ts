import { DEFAULT_GATEWAY_CONFIG } from '@ehr-gateway/contracts';

import { startBuiltService } from './built-service';
import { freePort, startGateway, type RunningGateway } from './gateway';

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
  const port = await freePort();
  const fhir = { url: `http://127.0.0.1:${port}`, practiceId: DEFAULT_GATEWAY_CONFIG.practiceId };
  const client = { id: 'e2e-fhir-client', secret: 'e2e-fhir-secret-value' };
  const { stop: stopSandbox } = await startBuiltService({
    name: 'FHIR sandbox',
    server: 'apps/fhir-sandbox/dist/server.js',
    env: {
      FHIR_SANDBOX_PORT: String(port),
      FHIR_SANDBOX_PRACTICE_ID: fhir.practiceId,
      FHIR_SANDBOX_CLIENT_ID: client.id,
      FHIR_SANDBOX_CLIENT_SECRET: client.secret,
    },
    readyUrl: `${fhir.url}/_sandbox`,
    timeoutMs: FHIR_START_TIMEOUT_MS,
  });
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
