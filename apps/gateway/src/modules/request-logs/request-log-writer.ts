import type { NewRequestLog } from '../../db/schema.js';
import { exponentialBackoffMs, sleep } from '../../lib/timing.js';
import type { JournalSegment, RequestLogJournal } from './request-log-journal.js';

export interface RequestLogWriterOptions {
  insertMany: (entries: NewRequestLog[]) => Promise<void>;
  onError?: (error: unknown) => void;
  /**
   * Entries held in memory at most; beyond this new entries wait in the journal only, or without
   * one are dropped and counted.
   */
  maxBuffered?: number;
  /** Where every entry is appended before its answer goes out (see request-log-journal.ts). */
  journal?: RequestLogJournal;
  batchSize?: number;
  flushIntervalMs?: number;
  maxRetryDelayMs?: number;
}

export interface RequestLogWriterHealth {
  ok: boolean;
  buffered: number;
  /** Entries waiting on disk for the database (beyond those also in memory). */
  spooled: number;
  /** The journal reached REQUEST_LOG_SPOOL_MAX_MB: new entries are kept in memory only. */
  spoolFull: boolean;
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

interface Queued {
  entry: NewRequestLog;
  /** The journal file holding it, when it is on disk. */
  segment: JournalSegment | null;
}

/** A journal file being written back: its entries are at the head of the buffer. */
interface Replaying {
  segment: JournalSegment;
  remaining: number;
}

/**
 * Keeps request-log writes off the request path: every entry is appended to the journal (when
 * there is one) at once, then buffered in memory and inserted in batches. A failed batch stays at
 * the head of the buffer and is retried with backoff; past the buffer, entries wait in the journal
 * and are written back from it. Nothing here ever throws into a timer: a failure is reported and
 * retried.
 */
class Writer {
  buffer: Queued[] = [];
  replaying: Replaying | null = null;
  dropped = 0;
  reduced = 0;
  lastDropReason: string | null = null;
  consecutiveFailures = 0;
  lastError: string | null = null;
  timer: NodeJS.Timeout | null = null;
  timerDueAt = 0;
  inFlight: Promise<void> | null = null;
  stopped = false;
  readonly maxBuffered: number;
  readonly batchSize: number;
  readonly flushIntervalMs: number;
  readonly maxRetryDelayMs: number;

  constructor(private readonly options: RequestLogWriterOptions) {
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.batchSize = options.batchSize ?? 2_000;
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 5_000;
  }

  report(error: unknown) {
    this.lastError = error instanceof Error ? error.message : String(error);
    try {
      this.options.onError?.(error);
    } catch {
      // A failing reporter must not take the writer down with it.
    }
  }

  drop(count: number, reason: string) {
    this.dropped += count;
    this.lastDropReason = reason;
  }

  /** Entries not yet in the database: in memory or in the journal. */
  pending() {
    return Math.max(this.buffer.length, this.options.journal?.size ?? 0);
  }

  /** Arms the flush timer, moving it earlier when asked for a sooner flush, never later. */
  schedule(delayMs: number) {
    if (this.stopped) {
      return;
    }
    const dueAt = Date.now() + delayMs;
    if (this.timer) {
      if (dueAt >= this.timerDueAt) {
        return;
      }
      clearTimeout(this.timer);
    }
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flushOnce().finally(() => {
        if (this.pending() > 0) {
          this.schedule(this.nextDelay());
        }
      });
    }, delayMs);
    this.timer.unref();
  }

  nextDelay() {
    if (this.consecutiveFailures > 0) {
      const { flushIntervalMs, maxRetryDelayMs } = this;
      return exponentialBackoffMs(this.consecutiveFailures, flushIntervalMs, maxRetryDelayMs);
    }
    return this.buffer.length >= this.batchSize ? 0 : this.flushIntervalMs;
  }

  enqueue(entry: NewRequestLog): void {
    const { journal } = this.options;
    let segment: JournalSegment | null = null;
    if (journal) {
      try {
        segment = journal.append(entry);
      } catch (error) {
        this.report(error);
      }
    }
    if (this.buffer.length >= this.maxBuffered) {
      const reason = `the buffer was full (${this.maxBuffered} entries waiting for the database)`;
      if (segment) {
        journal!.spill(segment).catch((error: unknown) => this.report(error));
      } else {
        this.drop(1, journal?.full ? `${reason} and so was the spool` : reason);
      }
      return;
    }
    this.buffer.push({ entry, segment });
    // While the database is failing, the retry already scheduled (with backoff) will take it.
    if (this.consecutiveFailures === 0) {
      this.schedule(this.buffer.length >= this.batchSize ? 0 : this.flushIntervalMs);
    }
  }

  /**
   * Writes a batch; a batch the database refuses because of a row in it is split in halves until
   * that row is found, which is stored without its data (or, failing that, dropped and counted),
   * so one poisoned entry never holds back the others. Counts in `settled` how many entries from
   * the head of the batch are settled; rejects only for failures that are not about the rows.
   */
  async writeSplitting(batch: NewRequestLog[], settled: { count: number }): Promise<void> {
    const { insertMany } = this.options;
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
        await this.writeSplitting(batch.slice(0, middle), settled);
        await this.writeSplitting(batch.slice(middle), settled);
        return;
      }
      const reason = reasonOf(error);
      this.lastDropReason = reason;
      try {
        await insertMany([reducedEntry(batch[0]!, reason)]);
        this.reduced += 1;
      } catch (second) {
        if (!isRowError(second)) {
          throw second;
        }
        this.dropped += 1;
      }
      settled.count += 1;
    }
  }

  /** Brings the oldest journal file waiting on disk to the head of the buffer once there is room. */
  async refillFromJournal(): Promise<void> {
    const { journal } = this.options;
    if (!journal || this.replaying || this.buffer.length > this.maxBuffered / 2) {
      return;
    }
    const next = await journal.nextReplay();
    if (!next) {
      return;
    }
    if (next.unreadable > 0) {
      this.drop(next.unreadable, 'a journal line could not be read back (cut short mid-write)');
    }
    if (next.entries.length === 0) {
      await journal.replayed(next.segment);
      return;
    }
    this.replaying = { segment: next.segment, remaining: next.entries.length };
    this.buffer = [...next.entries.map((entry) => ({ entry, segment: null })), ...this.buffer];
  }

  /** Takes settled entries off the buffer and tells the journal which of its files are done. */
  async settle(count: number): Promise<void> {
    const { journal } = this.options;
    const done = this.buffer.slice(0, count);
    this.buffer = this.buffer.slice(count);
    let fromReplay = 0;
    if (this.replaying) {
      fromReplay = Math.min(count, this.replaying.remaining);
      this.replaying.remaining -= fromReplay;
      if (this.replaying.remaining <= 0) {
        const { segment } = this.replaying;
        this.replaying = null;
        await journal?.replayed(segment);
      }
    }
    const perSegment = new Map<JournalSegment, number>();
    for (const { segment } of done.slice(fromReplay)) {
      if (segment) {
        perSegment.set(segment, (perSegment.get(segment) ?? 0) + 1);
      }
    }
    for (const [segment, settled] of perSegment) {
      await journal?.settle(segment, settled);
    }
  }

  flushOnce(): Promise<void> {
    if (this.inFlight) {
      return this.inFlight;
    }
    const settled = { count: 0 };
    this.inFlight = (async () => {
      try {
        // Under steady load the buffer is seldom empty: files on disk come in once it is half so.
        await this.refillFromJournal();
        if (this.buffer.length > 0) {
          const batch = this.buffer.slice(0, this.batchSize).map((queued) => queued.entry);
          await this.writeSplitting(batch, settled);
          this.consecutiveFailures = 0;
          this.lastError = null;
        }
      } catch (error) {
        this.consecutiveFailures += 1;
        this.report(error);
      }
      try {
        await this.settle(settled.count);
      } catch (error) {
        // The entries are in the database; only a journal file was not deleted (it is replayed
        // and skipped by id after a restart).
        this.report(error);
      }
    })().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Writes everything waiting now; returns early when the database fails. */
  async flush(): Promise<void> {
    while (this.pending() > 0) {
      const before = this.consecutiveFailures;
      const waiting = this.pending();
      await this.flushOnce();
      if (this.consecutiveFailures > before || this.pending() >= waiting) {
        return;
      }
    }
  }

  /** Stops the timer and keeps retrying until the buffer is empty or the deadline passes. */
  async stop(deadlineMs: number): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const deadline = Date.now() + deadlineMs;
    while (this.buffer.length > 0 && Date.now() < deadline) {
      const before = this.consecutiveFailures;
      // A write that never returns must not hold the stop past its deadline.
      let giveUp: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        this.flushOnce().then(() => false),
        new Promise<boolean>((resolve) => {
          giveUp = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()));
        }),
      ]);
      clearTimeout(giveUp);
      if (timedOut) {
        break;
      }
      if (this.consecutiveFailures > before) {
        await sleep(Math.min(500, this.flushIntervalMs));
      }
    }
    // What the database did not take waits in the journal for the next start; what is not in
    // the journal is lost, and counted.
    const unsaved = this.buffer.slice(this.replaying?.remaining ?? 0);
    const lost = unsaved.filter((queued) => queued.segment === null).length;
    if (lost > 0) {
      this.drop(lost, 'the gateway stopped before the database took them');
    }
    this.buffer = [];
    this.replaying = null;
    await this.options.journal?.close();
  }

  health(): RequestLogWriterHealth {
    const { journal } = this.options;
    const spoolFull = journal?.full ?? false;
    return {
      ok:
        this.consecutiveFailures < UNHEALTHY_AFTER_FAILURES &&
        this.buffer.length < this.maxBuffered &&
        !spoolFull,
      buffered: this.buffer.length,
      spooled: Math.max(0, (journal?.size ?? 0) - this.buffer.length),
      spoolFull,
      dropped: this.dropped,
      reduced: this.reduced,
      lastError: this.lastError,
      lastDropReason: this.lastDropReason,
    };
  }
}

export function createRequestLogWriter(options: RequestLogWriterOptions) {
  const writer = new Writer(options);
  return {
    /** Journals and queues one entry; never waits and never throws. */
    enqueue: (entry: NewRequestLog) => writer.enqueue(entry),
    health: () => writer.health(),
    /** Writes everything waiting now (used by tests and before a stop). */
    flush: () => writer.flush(),
    /** Stops the timer and keeps retrying until the buffer is empty or the deadline passes. */
    stop: (deadlineMs = 10_000) => writer.stop(deadlineMs),
    /** Takes over what dead processes left in the journal, and starts writing it back. */
    async resume(): Promise<void> {
      try {
        await options.journal?.claimOrphans();
      } catch (error) {
        writer.report(error);
      }
      if (writer.pending() > 0) {
        writer.schedule(0);
      }
    },
  };
}

export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;
