import {
  COUNTED,
  createFaults as createSandboxFaults,
  FAULT_RULES,
  NO_FAULTS as NO_COMMON_FAULTS,
  parseFaultPatch as parseSandboxFaultPatch,
  type CommonFaultAction,
  type FaultRule,
  type FaultSettings as CommonFaultSettings,
} from '@ehr-gateway/sandbox-kit';

/**
 * Fault injection for tests and demos: the sandboxes' shared knobs (latency, 503s, 429s with
 * Retry-After, dropped connections, a QPS ceiling) plus Mashery's legacy 403 "Developer Over Qps".
 * Faults hit data calls (/v1/...); with `applyToToken` the latency, 503s and drops hit the token
 * endpoint too.
 */
export interface FaultSettings extends CommonFaultSettings {
  /** The next N data calls answer 403 text/html "<h1>Developer Over Qps</h1>". */
  overQpsCount: number;
  /**
   * athena's QPS allowance: data calls beyond this many in any one second answer 403 "Over Qps",
   * counted before every other fault, as Mashery does in front of athenaNet.
   */
  qpsLimit: number;
}

export type FaultAction = CommonFaultAction | 'over-qps';

export const NO_FAULTS: FaultSettings = { ...NO_COMMON_FAULTS, overQpsCount: 0 };

/** Every knob POST /_sandbox/faults accepts; tokenLimitPerMinute caps token requests. */
const RULES: Record<keyof FaultSettings | 'tokenLimitPerMinute', FaultRule> = {
  ...FAULT_RULES,
  overQpsCount: COUNTED,
  tokenLimitPerMinute: { kind: 'int', max: 1_000_000 },
};

export type FaultPatch = Partial<FaultSettings> & { tokenLimitPerMinute?: number };

/** Checks a POST /_sandbox/faults body; returns the problems, or the patch to apply. */
export const parseFaultPatch = (body: unknown) => parseSandboxFaultPatch<FaultPatch>(body, RULES);

export const createFaults = () =>
  createSandboxFaults<FaultSettings, 'over-qps', 'data'>({
    defaults: NO_FAULTS,
    seed: 1,
    extraCounted: [{ count: 'overQpsCount', action: 'over-qps' }],
  });

export type Faults = ReturnType<typeof createFaults>;
