/** For tests elsewhere in the workspace: start a sandbox in-process with buildSandbox(). */
export { buildSandbox } from './app.js';
export { DEFAULT_OPTIONS, type SandboxOptions, type SandboxState } from './state.js';
export { NO_FAULTS, type FaultSettings } from './faults.js';
