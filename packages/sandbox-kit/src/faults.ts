import { createRandom } from '@ehr-gateway/synthetic-practice';

import type { FaultSettings } from './fault-settings.js';

/** The faults both sandboxes inject; a sandbox may add counted faults of its own. */
export type CommonFaultAction = 'drop' | '503' | '429';

/** The numeric knobs of a settings type: those a counted fault can be spent from. */
type CountKey<Settings> = {
  [Key in keyof Settings]: Settings[Key] extends number ? Key : never;
}[keyof Settings];

/** A counted fault of a sandbox's own: the next N data calls get `action`. */
export interface CountedFault<Settings, Action extends string> {
  count: CountKey<Settings>;
  action: Action;
}

/**
 * The fault state of a sandbox: its settings, and the fault each affected call gets. Data calls
 * are every kind but 'token'; the token endpoint is affected only with `applyToToken`. The order
 * is fixed: a drop, then counted 503s, counted 429s, the sandbox's own counted faults, and last
 * the error rate, drawn from a sequence seeded by `seed` so that a rate fails the same calls
 * every run.
 */
export function createFaults<
  Settings extends FaultSettings = FaultSettings,
  Extra extends string = never,
  Kind extends string = 'data',
>({
  defaults,
  seed,
  extraCounted = [],
}: {
  defaults: Settings;
  seed: number;
  extraCounted?: readonly CountedFault<Settings, Extra>[];
}) {
  let settings: Settings = { ...defaults };
  const sequence = () => createRandom(seed).next;
  let draw = sequence();
  const spend = (key: CountKey<Settings>): boolean => {
    const left = settings[key] as number;
    if (left <= 0) {
      return false;
    }
    (settings as Record<CountKey<Settings>, number>)[key] = left - 1;
    return true;
  };

  const faults = {
    get settings(): Settings {
      return { ...settings };
    },
    apply(patch: Partial<Settings>) {
      settings = { ...settings, ...patch };
      draw = sequence();
    },
    clear() {
      settings = { ...defaults };
      draw = sequence();
    },
    /** Whether a call of this kind is affected at all. */
    affects: (kind: Kind | 'token'): boolean => kind !== 'token' || settings.applyToToken,
    /** The fault the next affected call gets, if any (one counted fault is used up). */
    next(kind: Kind | 'token'): CommonFaultAction | Extra | null {
      if (!faults.affects(kind)) {
        return null;
      }
      if (settings.dropConnections) {
        return 'drop';
      }
      if (spend('fail503Count' as CountKey<Settings>)) {
        return '503';
      }
      if (kind !== 'token') {
        if (spend('force429Count' as CountKey<Settings>)) {
          return '429';
        }
        const extra = extraCounted.find(({ count }) => spend(count));
        if (extra) {
          return extra.action;
        }
      }
      return settings.errorRate > 0 && draw() < settings.errorRate ? '503' : null;
    },
  };
  return faults;
}
