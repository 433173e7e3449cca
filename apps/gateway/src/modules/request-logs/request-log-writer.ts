import type { NewRequestLog } from '../../db/schema.js';

export interface RequestLogWriterOptions {
  insertMany: (entries: NewRequestLog[]) => Promise<void>;
  onError?: (error: unknown) => void;
  /** Entries held at most; beyond this new entries are dropped and counted. */
  maxBuffered?: number;
  batchSize?: number;
  flushIntervalMs?: number;
  maxRetryDelayMs?: number;
}

export interface RequestLogWriterHealth {
  ok: boolean;
  buffered: number;
  dropped: number;
  lastError: string | null;
}

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
}: RequestLogWriterOptions) {
  let buffer: NewRequestLog[] = [];
  let dropped = 0;
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
        if (buffer.length > 0) {
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
      : Math.min(maxRetryDelayMs, flushIntervalMs * 2 ** consecutiveFailures);

  function flushOnce(): Promise<void> {
    if (inFlight) {
      return inFlight;
    }
    if (buffer.length === 0) {
      return Promise.resolve();
    }
    const batch = buffer.slice(0, batchSize);
    inFlight = insertMany(batch)
      .then(() => {
        buffer = buffer.slice(batch.length);
        consecutiveFailures = 0;
        lastError = null;
      })
      .catch((error: unknown) => {
        consecutiveFailures += 1;
        lastError = error instanceof Error ? error.message : String(error);
        onError?.(error);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    enqueue(entry: NewRequestLog): void {
      if (buffer.length >= maxBuffered) {
        dropped += 1;
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
        dropped,
        lastError,
      };
    },

    /** Writes everything buffered now (used by tests and before a stop). */
    async flush(): Promise<void> {
      while (buffer.length > 0) {
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
          await new Promise((resolve) => setTimeout(resolve, Math.min(500, flushIntervalMs)));
        }
      }
      if (buffer.length > 0) {
        dropped += buffer.length;
        buffer = [];
      }
    },
  };
}

export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;
