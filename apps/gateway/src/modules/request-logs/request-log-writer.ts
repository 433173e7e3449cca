import type { NewRequestLog } from '../../db/schema.js';
import { exponentialBackoffMs, sleep } from '../../lib/timing.js';
import { emptyOutcome, writeSplitting } from './request-log-batch.js';
import type { JournalSegment } from './request-log-journal.js';
import type {
  RequestLogWriterHealth,
  RequestLogWriterOptions,
} from './request-log-writer-types.js';

export type {
  RequestLogWriterHealth,
  RequestLogWriterOptions,
} from './request-log-writer-types.js';

/** Consecutive failed flushes after which the writer reports itself unhealthy. */
const UNHEALTHY_AFTER_FAILURES = 3;

interface Queued {
  entry: NewRequestLog;
  /** The journal file holding it, when it is on disk. */
  segment: JournalSegment | null;
  /** The journal file it was read back from, when it is written back from disk. */
  replay: Replaying | null;
}

/** A journal file being written back: deleted once all of its entries are settled. */
interface Replaying {
  segment: JournalSegment;
  remaining: number;
}

/**
 * Keeps request-log writes off the request path: every entry is appended to the journal (when
 * there is one) at once, then buffered in memory and inserted in batches, up to `concurrency` of
 * them at a time on separate connections. Each entry is in at most one batch; a failed batch goes
 * back to the head of the buffer and is retried with backoff (one batch at a time while the
 * database fails); past the buffer, entries wait in the journal and are written back from it.
 * Nothing here ever throws into a timer: a failure is reported and retried.
 */
class Writer {
  /** Entries waiting for a batch; those being written are in `writing`. */
  buffer: Queued[] = [];
  writing = new Set<Queued[]>();
  inFlight = new Set<Promise<void>>();
  replaying: Replaying | null = null;
  refilling: Promise<void> | null = null;
  dropped = 0;
  reduced = 0;
  lastDropReason: string | null = null;
  consecutiveFailures = 0;
  lastError: string | null = null;
  timer: NodeJS.Timeout | null = null;
  timerDueAt = 0;
  stopped = false;
  readonly maxBuffered: number;
  readonly batchSize: number;
  readonly concurrency: number;
  readonly flushIntervalMs: number;
  readonly maxRetryDelayMs: number;

  constructor(private readonly options: RequestLogWriterOptions) {
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.batchSize = options.batchSize ?? 2_000;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
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

  /** Entries in memory: waiting for a batch or in one being written. */
  held() {
    let count = this.buffer.length;
    for (const batch of this.writing) {
      count += batch.length;
    }
    return count;
  }

  /** Entries not yet in the database: in memory or in the journal. */
  pending() {
    return Math.max(this.held(), this.options.journal?.size ?? 0);
  }

  /** Another batch may start: none is being written, or fewer than allowed and none failing. */
  slotFree() {
    return (
      this.inFlight.size === 0 ||
      (this.inFlight.size < this.concurrency && this.consecutiveFailures === 0)
    );
  }

  /** A batch would find something: entries in memory, or a journal file waiting on disk. */
  hasWork() {
    return this.buffer.length > 0 || (!this.replaying && this.pending() > this.held());
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
      // With every slot taken, the batch that ends first schedules the next one.
      if (this.slotFree() && this.hasWork()) {
        void this.startBatch();
      }
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
    if (this.held() >= this.maxBuffered) {
      const reason = `the buffer was full (${this.maxBuffered} entries waiting for the database)`;
      if (segment) {
        journal!.spill(segment).catch((error: unknown) => this.report(error));
      } else {
        this.drop(1, journal?.full ? `${reason} and so was the spool` : reason);
      }
      return;
    }
    this.buffer.push({ entry, segment, replay: null });
    // While the database is failing, the retry already scheduled (with backoff) will take it;
    // while every slot is taken, the batch that ends first will.
    if (this.consecutiveFailures === 0 && this.slotFree()) {
      this.schedule(this.buffer.length >= this.batchSize ? 0 : this.flushIntervalMs);
    }
  }

  /**
   * Brings the oldest journal file waiting on disk to the head of the buffer once there is room;
   * one file at a time, and never two reads at once (a file read twice would be settled twice).
   */
  refillFromJournal(): Promise<void> {
    if (!this.refilling) {
      this.refilling = this.readNextReplay().finally(() => {
        this.refilling = null;
      });
    }
    return this.refilling;
  }

  async readNextReplay(): Promise<void> {
    const { journal } = this.options;
    if (!journal || this.replaying || this.held() > this.maxBuffered / 2) {
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
    const replay = { segment: next.segment, remaining: next.entries.length };
    this.replaying = replay;
    this.buffer = [
      ...next.entries.map((entry) => ({ entry, segment: null, replay })),
      ...this.buffer,
    ];
  }

  /** Tells the journal which of its files hold entries now in the database. */
  async settle(done: Queued[]): Promise<void> {
    const { journal } = this.options;
    const perSegment = new Map<JournalSegment, number>();
    const replayed: Replaying[] = [];
    for (const { segment, replay } of done) {
      if (replay) {
        replay.remaining -= 1;
        if (replay.remaining === 0) {
          replayed.push(replay);
        }
      } else if (segment) {
        perSegment.set(segment, (perSegment.get(segment) ?? 0) + 1);
      }
    }
    for (const replay of replayed) {
      try {
        await journal?.replayed(replay.segment);
      } finally {
        // Only now may the next file be read: until replayed() the journal still offers this one.
        if (this.replaying === replay) {
          this.replaying = null;
        }
      }
    }
    for (const [segment, settled] of perSegment) {
      await journal?.settle(segment, settled);
    }
  }

  /** Starts one batch; when it ends, the next write is scheduled if anything waits. */
  startBatch(): Promise<void> {
    const run = this.writeBatch().finally(() => {
      this.inFlight.delete(run);
      if (this.pending() > 0) {
        this.schedule(this.nextDelay());
      }
    });
    this.inFlight.add(run);
    return run;
  }

  async writeBatch(): Promise<void> {
    const outcome = emptyOutcome();
    let batch: Queued[] = [];
    try {
      // Under steady load the buffer is seldom empty: files on disk come in once it is half so.
      await this.refillFromJournal();
      batch = this.buffer.splice(0, this.batchSize);
      if (batch.length > 0) {
        this.writing.add(batch);
        if (this.buffer.length > 0) {
          this.schedule(this.nextDelay());
        }
        const entries = batch.map((queued) => queued.entry);
        await writeSplitting(this.options.insertMany, entries, outcome);
        this.consecutiveFailures = 0;
        this.lastError = null;
      }
    } catch (error) {
      this.consecutiveFailures += 1;
      this.report(error);
    }
    this.writing.delete(batch);
    this.reduced += outcome.reduced;
    this.dropped += outcome.dropped;
    this.lastDropReason = outcome.reason ?? this.lastDropReason;
    // What the database did not take goes back to the head of the buffer, to be retried first.
    this.buffer.unshift(...batch.slice(outcome.settled));
    try {
      await this.settle(batch.slice(0, outcome.settled));
    } catch (error) {
      // The entries are in the database; only a journal file was not deleted (it is replayed
      // and skipped by id after a restart).
      this.report(error);
    }
  }

  /** Starts a batch if one may start and has work, else waits for the first one writing. */
  flushOnce(): Promise<void> {
    if (this.slotFree() && this.hasWork()) {
      return this.startBatch();
    }
    return this.inFlight.size > 0 ? Promise.race(this.inFlight) : Promise.resolve();
  }

  /** Writes everything waiting now; returns early when the database fails. */
  async flush(): Promise<void> {
    while (this.pending() > 0) {
      const before = this.consecutiveFailures;
      const waiting = this.pending();
      // Waiting on a batch already in flight counts too: when it ends, fewer entries wait.
      await this.flushOnce();
      if (this.consecutiveFailures > before || this.pending() >= waiting) {
        return;
      }
    }
  }

  /** Stops the timer and keeps retrying until memory is empty or the deadline passes. */
  async stop(deadlineMs: number): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const deadline = Date.now() + deadlineMs;
    while (this.held() > 0 && Date.now() < deadline) {
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
    const unsaved = [...this.buffer, ...[...this.writing].flat()];
    const lost = unsaved.filter((queued) => queued.segment === null && !queued.replay).length;
    if (lost > 0) {
      this.drop(lost, 'the gateway stopped before the database took them');
    }
    this.buffer = [];
    this.writing.clear();
    this.replaying = null;
    await this.options.journal?.close();
  }

  health(): RequestLogWriterHealth {
    const { journal } = this.options;
    const spoolFull = journal?.full ?? false;
    const held = this.held();
    return {
      ok:
        this.consecutiveFailures < UNHEALTHY_AFTER_FAILURES &&
        held < this.maxBuffered &&
        !spoolFull,
      buffered: held,
      spooled: Math.max(0, (journal?.size ?? 0) - held),
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
