/**
 * Fault injection for tests and demos: added latency, random or counted 503s, forced 429s with
 * Retry-After, Mashery's legacy 403 "Developer Over Qps", and dropped connections. Faults hit
 * data calls (/v1/...); with `applyToToken` the latency, 503s and drops hit the token endpoint too.
 */
export interface FaultSettings {
  /** Added before every affected call answers. */
  latencyMs: number;
  /** Share (0..1) of affected calls answered 503, drawn from a seeded sequence. */
  errorRate: number;
  /** The next N affected calls answer 503. */
  fail503Count: number;
  /** The next N data calls answer 429 with Retry-After: retryAfterSeconds. */
  force429Count: number;
  retryAfterSeconds: number;
  /** The next N data calls answer 403 text/html "<h1>Developer Over Qps</h1>". */
  overQpsCount: number;
  /** While true, affected calls get their connection destroyed without an answer. */
  dropConnections: boolean;
  /**
   * athena's QPS allowance: data calls beyond this many in any one second answer 403 "Over Qps"
   * (0: no ceiling). Counted before every other fault, as Mashery does in front of athenaNet.
   */
  qpsLimit: number;
  applyToToken: boolean;
}

export type FaultAction = 'drop' | '503' | '429' | 'over-qps';

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  fail503Count: 0,
  force429Count: 0,
  retryAfterSeconds: 1,
  overQpsCount: 0,
  dropConnections: false,
  qpsLimit: 0,
  applyToToken: false,
};

const INTEGER_LIMITS: Partial<Record<keyof FaultSettings | 'tokenLimitPerMinute', number>> = {
  latencyMs: 120_000,
  fail503Count: 1_000_000,
  force429Count: 1_000_000,
  overQpsCount: 1_000_000,
  retryAfterSeconds: 3_600,
  qpsLimit: 100_000,
  tokenLimitPerMinute: 1_000_000,
};
const BOOLEANS = new Set(['dropConnections', 'applyToToken']);

export type FaultPatch = Partial<FaultSettings> & { tokenLimitPerMinute?: number };

/** Checks a POST /_sandbox/faults body; returns the problems, or the patch to apply. */
export function parseFaultPatch(body: unknown): { patch: FaultPatch } | { problems: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { problems: ['the body must be a JSON object'] };
  }
  const problems: string[] = [];
  const patch: Record<string, number | boolean> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const max = INTEGER_LIMITS[key as keyof typeof INTEGER_LIMITS];
    if (max !== undefined) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max) {
        patch[key] = value;
      } else {
        problems.push(`${key} must be a whole number from 0 to ${max}`);
      }
    } else if (key === 'errorRate') {
      if (typeof value === 'number' && value >= 0 && value <= 1) {
        patch[key] = value;
      } else {
        problems.push('errorRate must be a number from 0 to 1');
      }
    } else if (BOOLEANS.has(key)) {
      if (typeof value === 'boolean') {
        patch[key] = value;
      } else {
        problems.push(`${key} must be true or false`);
      }
    } else {
      problems.push(`unknown fault "${key}"`);
    }
  }
  return problems.length ? { problems } : { patch: patch as FaultPatch };
}

/** mulberry32, so an error rate gives the same sequence of failures every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createFaults() {
  let settings: FaultSettings = { ...NO_FAULTS };
  let random = seededRandom(1);

  return {
    get settings(): FaultSettings {
      return { ...settings };
    },

    apply(patch: Partial<FaultSettings>) {
      settings = { ...settings, ...patch };
      random = seededRandom(1);
    },

    clear() {
      settings = { ...NO_FAULTS };
      random = seededRandom(1);
    },

    /** Whether a call of this kind is affected at all. */
    affects(kind: 'data' | 'token'): boolean {
      return kind === 'data' || settings.applyToToken;
    },

    /** What to do to the next affected call (consuming one of any counted fault). */
    next(kind: 'data' | 'token'): FaultAction | null {
      if (!this.affects(kind)) {
        return null;
      }
      if (settings.dropConnections) {
        return 'drop';
      }
      if (settings.fail503Count > 0) {
        settings.fail503Count -= 1;
        return '503';
      }
      if (kind === 'data' && settings.force429Count > 0) {
        settings.force429Count -= 1;
        return '429';
      }
      if (kind === 'data' && settings.overQpsCount > 0) {
        settings.overQpsCount -= 1;
        return 'over-qps';
      }
      if (settings.errorRate > 0 && random() < settings.errorRate) {
        return '503';
      }
      return null;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
