/** The fault knobs both EHR sandboxes offer under POST /_sandbox/faults. */
export interface FaultSettings {
  /** Added before every affected call answers. */
  latencyMs: number;
  /** Share (0..1) of affected calls answered 503, drawn from a seeded sequence. */
  errorRate: number;
  /** The next N affected calls answer 503. */
  fail503Count: number;
  /** The next N data calls answer 429 with Retry-After: retryAfterSeconds. */
  force429Count: number;
  /** The Retry-After (seconds) of the sandbox's 429s (and of the FHIR sandbox's 503s). */
  retryAfterSeconds: number;
  /** While true, affected calls get their connection destroyed without an answer. */
  dropConnections: boolean;
  /** Data calls beyond this many in any one second are refused (0: no ceiling). */
  qpsLimit: number;
  /** Whether latency, 503s and drops hit the token endpoint too. */
  applyToToken: boolean;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  fail503Count: 0,
  force429Count: 0,
  retryAfterSeconds: 1,
  dropConnections: false,
  qpsLimit: 0,
  applyToToken: false,
};

/** What one knob accepts: a whole number up to a bound, a share from 0 to 1, or true/false. */
export type FaultRule = { kind: 'int'; max: number } | { kind: 'rate' } | { kind: 'bool' };

const COUNT_MAX = 1_000_000;

/** The rules of the shared knobs; a sandbox adds its own beside them. */
export const FAULT_RULES: Record<keyof FaultSettings, FaultRule> = {
  latencyMs: { kind: 'int', max: 120_000 },
  errorRate: { kind: 'rate' },
  fail503Count: { kind: 'int', max: COUNT_MAX },
  force429Count: { kind: 'int', max: COUNT_MAX },
  retryAfterSeconds: { kind: 'int', max: 3_600 },
  dropConnections: { kind: 'bool' },
  qpsLimit: { kind: 'int', max: 100_000 },
  applyToToken: { kind: 'bool' },
};

/** The rule of a counted fault (the next N calls get it). */
export const COUNTED: FaultRule = { kind: 'int', max: COUNT_MAX };

function problemWith(key: string, rule: FaultRule, value: unknown): string | null {
  switch (rule.kind) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= rule.max
        ? null
        : `${key} must be a whole number from 0 to ${rule.max}`;
    case 'rate':
      return typeof value === 'number' && value >= 0 && value <= 1
        ? null
        : `${key} must be a number from 0 to 1`;
    case 'bool':
      return typeof value === 'boolean' ? null : `${key} must be true or false`;
  }
}

/**
 * A POST /_sandbox/faults body checked against the knobs' rules: the patch to apply, or every
 * problem with it (each naming its knob).
 */
export function parseFaultPatch<Patch extends object>(
  body: unknown,
  rules: Record<string, FaultRule>,
): { patch: Patch } | { problems: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { problems: ['the body must be a JSON object'] };
  }
  const problems = Object.entries(body).flatMap(([key, value]) => {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    return rule ? (problemWith(key, rule, value) ?? []) : [`unknown fault "${key}"`];
  });
  return problems.length ? { problems } : { patch: body as Patch };
}
