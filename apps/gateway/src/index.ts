/**
 * The gateway's public entry (package `@ehr-gateway/gateway`): what code outside the app, such as
 * the benchmarks, may use. Everything else under src/ is the gateway's own; lint refuses imports
 * of it from bench/ and e2e/.
 */
export {
  createGateway,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type CreateGatewayOptions,
  type GatewaySettings,
} from './app.js';
export { openStorage, type Storage } from './db/database.js';
export { migrate } from './db/migrate.js';
export type { NewRequestLog } from './db/schema.js';
export { seedRequestRollups } from './modules/metrics/index.js';
/** How Retell signs a custom-function call (the chaos bench sends signed Retell envelopes). */
export { signForRetell } from './modules/llm-tools/index.js';
