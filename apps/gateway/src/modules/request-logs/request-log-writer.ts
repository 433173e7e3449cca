import type { NewRequestLog } from '../../db/schema.js';
import { exponentialBackoffMs, sleep } from '../../lib/timing.js';
import type { RequestLogSpool, SpooledSegment } from './request-log-spool.js';

export interface RequestLogWriterOptions {
  insertMany: (entries: NewRequestLog[]) => Promise<void>;
  onError?: (error: unknown) => void;
  /**
   * Entries held in memory at most; beyond this new entries go to the spool, or without one are
   * dropped and counted.
   */
  maxBuffered?: number;
  /** Disk space for entries the buffer cannot hold, and for those left at a stop. */
  spool?: RequestLogSpool;
  batchSize?: number;
  flushIntervalMs?: number;
  maxRetryDelayMs?: number;
}

export interface RequestLogWriterHealth {
  ok: boolean;
  buffered: number;
  /** Entries waiting on disk for the database. */
  spooled: number;
  dropped: number;
  /** Entries stored without their bodies because the database refused them whole. */
  reduced: number;
  lastError: string | null;
  /** Why the most recent entry was reduced or dropped. */
  lastDropReason: string | null;
}

/**
 * PostgreSQL error classes that belong to the rows written, not to the database's health: data
 * exceptions (22) and integrity violations (23). A batch failing with one is split until the row
 * responsible is found; any other failure (connection lost, database down) is retried as a whole.
 */
const ROW_ERROR_CLASSES = new Set(['22', '23', '54']);

export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && ROW_ERROR_CLASSES.has(code.slice(0, 2));
}

/** The entry with nothing but its metadata and the reason, for when the database refused it. */
function reducedEntry(entry: NewRequestLog, reason: string): NewRequestLog {
  return {
    ...entry,
    request_data: JSON.stringify({ query: {}, body: null, headers: {} }),
    response_data: null,
    response_truncated: false,
    error_message: `Request log entry stored without its data: ${reason}`.slice(0, 2000),
    error_stack: null,
  };
}

const reasonOf = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code} ` : ''}${String(message ?? error)}`;
};

/** Consecutive failed flushes after which the writer reports itself unhealthy. */
const UNHEALTHY_AFTER_FAILURES = 3;

/**
 * Keeps request-log writes off the request path: entries are buffered in memory and inserted in
 * batches. A failed batch stays at the head of the buffer and is retried with backoff, so a brief
 * database outage loses nothing unless the buffer fills.
 */
export function createRequestLogWriter({
  insertMany,
  onError,
  maxBuffered = 10_000,
  batchSize = 500,
  flushIntervalMs = 250,
  maxRetryDelayMs = 5_000,
  spool,
}: RequestLogWriterOptions) {
  let buffer: NewRequestLog[] = [];
  /** Entries past the buffer, on their way to the spool. */
  let overflow: NewRequestLog[] = [];
  let spooling: Promise<void> = Promise.resolve();
  /** A spooled segment being written back: its entries are at the head of the buffer. */
  let replaying: { segment: SpooledSegment; remaining: number } | null = null;
  let dropped = 0;
  let reduced = 0;
  let lastDropReason: string | null = null;
  let consecutiveFailures = 0;
  let lastError: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let timerDueAt = 0;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  /** Arms the flush timer, moving it earlier when asked for a sooner flush, never later. */
  function schedule(delayMs: number) {
    if (stopped) {
      return;
    }
    const dueAt = Date.now() + delayMs;
    if (timer) {
      if (dueAt >= timerDueAt) {
        return;
      }
      clearTimeout(timer);
    }
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = null;
      void flushOnce().finally(() => {
        if (pending() > 0) {
          schedule(nextDelay());
        }
      });
    }, delayMs);
    timer.unref();
  }

  const nextDelay = () =>
    consecutiveFailures === 0
      ? buffer.length >= batchSize
        ? 0
        : flushIntervalMs
      : exponentialBackoffMs(consecutiveFailures, flushIntervalMs, maxRetryDelayMs);

  /**
   * Writes a batch; a batch the database refuses because of a row in it is split in halves until
   * that row is found, which is stored without its data (or, failing that, dropped and counted),
   * so one poisoned entry never holds back the others. Resolves with how many entries from the
   * head of the batch are settled; rejects only for failures that are not about the rows.
   */
  async function writeSplitting(batch: NewRequestLog[], settled: { count: number }) {
    try {
      await insertMany(batch);
      settled.count += batch.length;
      return;
    } catch (error) {
      if (!isRowError(error)) {
        throw error;
      }
      if (batch.length > 1) {
        const middle = Math.ceil(batch.length / 2);
        await writeSplitting(batch.slice(0, middle), settled);
        await writeSplitting(batch.slice(middle), settled);
        return;
      }
      const reason = reasonOf(error);
      lastDropReason = reason;
      try {
        await insertMany([reducedEntry(batch[0]!, reason)]);
        reduced += 1;
      } catch (second) {
        if (!isRowError(second)) {
          throw second;
        }
        dropped += 1;
      }
      settled.count += 1;
    }
  }

  /** Entries not yet in the database: in memory, on their way to the spool, or spooled. */
  const pending = () => buffer.length + overflow.length + (spool?.size ?? 0);

  /** Moves entries to the spool in the background; what cannot be spooled is dropped. */
  function toSpool(entries: NewRequestLog[], reason: string): Promise<void> {
    if (!spool) {
      dropped += entries.length;
      lastDropReason = reason;
      return Promise.resolve();
    }
    spooling = spooling.then(() =>
      spool.append(entries).catch((error: unknown) => {
        dropped += entries.length;
        lastDropReason = `${reason}, and the spool could not take them: ${reasonOf(error)}`;
      }),
    );
    return spooling;
  }

  /** Brings the oldest spooled segment back to the head of the buffer once there is room. */
  async function refillFromSpool(): Promise<void> {
    if (!spool || replaying || spool.size === 0 || buffer.length > maxBuffered / 2) {
      return;
    }
    await spooling;
    const segment = await spool.oldest();
    if (segment && segment.entries.length > 0) {
      replaying = { segment, remaining: segment.entries.length };
      buffer = [...segment.entries, ...buffer];
    } else {
      await segment?.remove();
    }
  }

  /** Counts settled entries against a segment being replayed; removes it once all are in. */
  async function settle(count: number): Promise<void> {
    buffer = buffer.slice(count);
    if (replaying) {
      replaying.remaining -= count;
      if (replaying.remaining <= 0) {
        const done = replaying.segment;
        replaying = null;
        await done.remove();
      }
    }
  }

  function flushOnce(): Promise<void> {
    if (inFlight) {
      return inFlight;
    }
    const settled = { count: 0 };
    inFlight = (async () => {
      if (buffer.length === 0) {
        await refillFromSpool();
      }
      if (buffer.length === 0) {
        return;
      }
      await writeSplitting(buffer.slice(0, batchSize), settled);
      consecutiveFailures = 0;
      lastError = null;
    })()
      .catch((error: unknown) => {
        consecutiveFailures += 1;
        lastError = error instanceof Error ? error.message : String(error);
        onError?.(error);
      })
      .then(() => settle(settled.count))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    enqueue(entry: NewRequestLog): void {
      if (buffer.length >= maxBuffered && !spool) {
        dropped += 1;
        lastDropReason = `the buffer was full (${maxBuffered} entries waiting for the database)`;
        return;
      }
      if (buffer.length >= maxBuffered) {
        overflow.push(entry);
        if (overflow.length === 1) {
          // Spooled in one go at the end of this turn of the event loop.
          setImmediate(() => {
            const spilled = overflow;
            overflow = [];
            void toSpool(
              spilled,
              `the buffer was full (${maxBuffered} entries waiting for the database)`,
            );
          });
        }
        return;
      }
      buffer.push(entry);
      // While the database is failing, the retry already scheduled (with backoff) will take it.
      if (consecutiveFailures === 0) {
        schedule(buffer.length >= batchSize ? 0 : flushIntervalMs);
      }
    },

    health(): RequestLogWriterHealth {
      return {
        ok: consecutiveFailures < UNHEALTHY_AFTER_FAILURES && buffer.length < maxBuffered,
        buffered: buffer.length,
        spooled: (spool?.size ?? 0) + overflow.length,
        dropped,
        reduced,
        lastError,
        lastDropReason,
      };
    },

    /** Writes everything buffered now (used by tests and before a stop). */
    async flush(): Promise<void> {
      if (overflow.length > 0) {
        const spilled = overflow;
        overflow = [];
        await toSpool(spilled, 'the buffer was full');
      }
      while (pending() > 0) {
        const before = consecutiveFailures;
        await flushOnce();
        if (consecutiveFailures > before) {
          return;
        }
      }
    },

    /** Stops the timer and keeps retrying until the buffer is empty or the deadline passes. */
    async stop(deadlineMs = 10_000): Promise<void> {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      const deadline = Date.now() + deadlineMs;
      while (buffer.length > 0 && Date.now() < deadline) {
        const before = consecutiveFailures;
        // A write that never returns must not hold the stop past its deadline.
        let giveUp: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          flushOnce().then(() => false),
          new Promise<boolean>((resolve) => {
            giveUp = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()));
          }),
        ]);
        clearTimeout(giveUp);
        if (timedOut) {
          break;
        }
        if (consecutiveFailures > before) {
          await sleep(Math.min(500, flushIntervalMs));
        }
      }
      // What the database did not take waits in the spool for the next start (entries of a
      // segment being replayed are still in their file).
      const unsaved = [...buffer.slice(replaying?.remaining ?? 0), ...overflow];
      buffer = [];
      overflow = [];
      replaying = null;
      if (unsaved.length > 0) {
        await toSpool(unsaved, 'the gateway stopped before the database took them');
      }
      await spooling;
    },

    /** Starts writing back what an earlier run left in the spool. */
    resume(): void {
      if (pending() > 0) {
        schedule(0);
      }
    },
  };
}

export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;
