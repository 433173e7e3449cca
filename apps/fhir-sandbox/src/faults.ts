import {
  createFaults as createSandboxFaults,
  FAULT_RULES,
  NO_FAULTS,
  parseFaultPatch as parseSandboxFaultPatch,
  type CommonFaultAction,
  type FaultRule,
  type FaultSettings,
} from '@ehr-gateway/sandbox-kit';

/**
 * Fault injection for connector tests and demos, the sandboxes' shared knobs: added latency, 503s
 * (counted or at a rate), 429s with Retry-After (counted, or beyond a requests-per-second
 * ceiling), dropped connections. Faults hit FHIR calls; with `applyToToken` latency, 503s and
 * drops hit the token endpoint too.
 */
export { NO_FAULTS, type FaultSettings };

export type FaultAction = CommonFaultAction;

/** Every knob POST /_sandbox/faults accepts; tokenTtlSeconds changes new tokens' lifetime. */
const RULES: Record<keyof FaultSettings | 'tokenTtlSeconds', FaultRule> = {
  ...FAULT_RULES,
  tokenTtlSeconds: { kind: 'int', max: 86_400 },
};

export type FaultPatch = Partial<FaultSettings> & { tokenTtlSeconds?: number };

/** A POST /_sandbox/faults body: the patch to apply, or every problem with it. */
export const parseFaultPatch = (body: unknown) => parseSandboxFaultPatch<FaultPatch>(body, RULES);

export const createFaults = () =>
  createSandboxFaults<FaultSettings, never, 'fhir'>({ defaults: NO_FAULTS, seed: 26 });

export type Faults = ReturnType<typeof createFaults>;
