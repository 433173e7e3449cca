import type { AthenaGovernorSettings } from '../../config/settings.js';
import type { TrafficCounters } from './counters.js';

const SECOND_MS = 1_000;
/**
 * The governor's window is a little longer than athena's one second: a call granted at the end of
 * a window may reach athena a few milliseconds late, and the margin keeps it out of the next
 * call's second. It costs a tenth of the allowance.
 */
const WINDOW_MS = SECOND_MS + 100;
/** Never poll the shared window more often than this while waiting for a slot. */
const MIN_WAIT_MS = 5;

/** Thrown when a call waited its whole queue timeout without a turn. */
export class UpstreamBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The gateway is sending athena as many calls as its QPS allowance permits');
    this.name = 'UpstreamBusyError';
  }
}

/**
 * Keeps the fleet within athena's QPS allowance: every call takes a slot in a one-second sliding
 * window shared through the counters (Redis: every instance together), and at most
 * `maxConcurrency` calls are in flight per instance. A call without a slot waits, in arrival
 * order, up to `queueTimeoutMs`, then gets UpstreamBusyError.
 */
export function createAthenaGovernor({
  settings,
  windowKey,
  counters,
  sharedAcrossInstances,
  now = Date.now,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: {
  settings: AthenaGovernorSettings;
  /** The counters' key for this athena account's window. */
  windowKey: string;
  counters: TrafficCounters;
  /** Whether the counts are shared by every instance right now (Redis up). */
  sharedAcrossInstances: () => boolean;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const instanceShare = Math.max(1, Math.floor(settings.maxQps / settings.instances));
  let inFlight = 0;
  /** Calls waiting for a concurrency slot, first come first served. */
  const waiting: Array<() => void> = [];
  /** Serialises waiters for the QPS window so the earliest arrival gets the next slot. */
  let turn: Promise<void> = Promise.resolve();

  const release = () => {
    const next = waiting.shift();
    if (next) {
      next();
    } else {
      inFlight -= 1;
    }
  };

  async function concurrencySlot(deadline: number): Promise<void> {
    if (inFlight < settings.maxConcurrency) {
      inFlight += 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new UpstreamBusyError(1));
        },
        Math.max(0, deadline - now()),
      );
      waiting.push(grant);
    });
  }

  async function qpsSlot(deadline: number): Promise<void> {
    for (;;) {
      const limit = sharedAcrossInstances() ? settings.maxQps : instanceShare;
      const decision = await counters.takeFromWindow(windowKey, limit, WINDOW_MS);
      if (decision.allowed) {
        return;
      }
      const wait = Math.max(MIN_WAIT_MS, decision.freesInMs);
      if (now() + wait > deadline) {
        throw new UpstreamBusyError(Math.max(1, Math.ceil(wait / SECOND_MS)));
      }
      await sleep(wait);
    }
  }

  return {
    /** Waits for a turn to call athena; call the returned function when the call is done. */
    async acquire(): Promise<() => void> {
      const deadline = now() + settings.queueTimeoutMs;
      await concurrencySlot(deadline);
      const myTurn = turn.then(() => qpsSlot(deadline));
      turn = myTurn.catch(() => undefined);
      try {
        await myTurn;
      } catch (error) {
        release();
        throw error;
      }
      return release;
    },
    get inFlight(): number {
      return inFlight;
    },
  };
}

export type AthenaGovernor = ReturnType<typeof createAthenaGovernor>;
