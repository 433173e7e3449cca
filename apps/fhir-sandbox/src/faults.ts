import { createRandom } from '@ehr-gateway/synthetic-practice';

/**
 * Fault injection for connector tests and demos: added latency, 503s (counted or at a rate),
 * 429s with Retry-After (counted, or beyond a requests-per-second ceiling), dropped connections.
 * Faults hit FHIR calls; with `applyToToken` latency, 503s and drops hit the token endpoint too.
 */
export interface FaultSettings {
  latencyMs: number;
  /** Share (0..1) of affected calls answered 503, drawn from a seeded sequence. */
  errorRate: number;
  fail503Count: number;
  force429Count: number;
  /** The Retry-After (seconds) of 429s and 503s. */
  retryAfterSeconds: number;
  dropConnections: boolean;
  /** FHIR calls beyond this many in any one second answer 429 (0: no ceiling). */
  qpsLimit: number;
  applyToToken: boolean;
}

export type FaultAction = 'drop' | '503' | '429';

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

type Rule = { kind: 'int'; max: number } | { kind: 'rate' } | { kind: 'bool' };

/** Every knob POST /_sandbox/faults accepts; tokenTtlSeconds changes new tokens' lifetime. */
const RULES: Record<keyof FaultSettings | 'tokenTtlSeconds', Rule> = {
  latencyMs: { kind: 'int', max: 120_000 },
  errorRate: { kind: 'rate' },
  fail503Count: { kind: 'int', max: 1_000_000 },
  force429Count: { kind: 'int', max: 1_000_000 },
  retryAfterSeconds: { kind: 'int', max: 3_600 },
  dropConnections: { kind: 'bool' },
  qpsLimit: { kind: 'int', max: 100_000 },
  applyToToken: { kind: 'bool' },
  tokenTtlSeconds: { kind: 'int', max: 86_400 },
};

const problemWith = (key: string, rule: Rule, value: unknown): string | null => {
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
};

export type FaultPatch = Partial<FaultSettings> & { tokenTtlSeconds?: number };

/** A POST /_sandbox/faults body: the patch to apply, or every problem with it. */
export function parseFaultPatch(body: unknown): { patch: FaultPatch } | { problems: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { problems: ['the body must be a JSON object'] };
  }
  const problems = Object.entries(body).flatMap(([key, value]) => {
    const rule = RULES[key as keyof typeof RULES];
    return rule ? (problemWith(key, rule, value) ?? []) : [`unknown fault "${key}"`];
  });
  return problems.length ? { problems } : { patch: body as FaultPatch };
}

export function createFaults() {
  let settings: FaultSettings = { ...NO_FAULTS };
  // A seeded sequence: the same error rate fails the same calls every run.
  const sequence = () => createRandom(26).next;
  let draw = sequence();

  return {
    get settings(): FaultSettings {
      return { ...settings };
    },
    apply(patch: Partial<FaultSettings>) {
      settings = { ...settings, ...patch };
      draw = sequence();
    },
    clear() {
      settings = { ...NO_FAULTS };
      draw = sequence();
    },
    affects: (kind: 'fhir' | 'token') => kind === 'fhir' || settings.applyToToken,
    /** The fault the next affected call gets, if any (one counted fault is used up). */
    next(kind: 'fhir' | 'token'): FaultAction | null {
      if (settings.dropConnections) {
        return 'drop';
      }
      if (settings.fail503Count > 0) {
        settings.fail503Count -= 1;
        return '503';
      }
      if (kind === 'fhir' && settings.force429Count > 0) {
        settings.force429Count -= 1;
        return '429';
      }
      return settings.errorRate > 0 && draw() < settings.errorRate ? '503' : null;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
