export {
  COUNTED,
  FAULT_RULES,
  NO_FAULTS,
  parseFaultPatch,
  type FaultRule,
  type FaultSettings,
} from './fault-settings.js';
export { createFaults, type CommonFaultAction, type CountedFault } from './faults.js';
export { dropConnection, nextFault } from './fault-effects.js';
export { createQpsWindow, type QpsWindow } from './qps-window.js';
export { serveSandbox, type ListeningApp, type SandboxStart } from './serve.js';
