/** For tests elsewhere in the workspace: start a FHIR sandbox in-process with buildFhirSandbox(). */
export { buildFhirSandbox } from './app.js';
export {
  DEFAULT_CLIENT,
  DEFAULT_OPTIONS,
  FHIR_BASE_PATH,
  TOKEN_PATH,
  type FhirSandboxOptions,
  type SandboxState,
} from './state.js';
export { NO_FAULTS, type FaultSettings } from './faults.js';
export type { ClientRegistration } from './smart/clients.js';
export { CLIENT_ASSERTION_TYPE, MAX_ASSERTION_LIFETIME_SECONDS } from './smart/assertion.js';
export type { SandboxProfile } from './fhir/capabilities.js';
