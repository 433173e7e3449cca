import type { NewRequestLog } from '../../db/schema.js';
import type { RequestLogJournal } from './request-log-journal.js';

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
  /**
   * Batches written at once, each in its own transaction and connection (default 2): while one
   * waits for its commit the next is being inserted. Every entry is in one batch at a time.
   */
  concurrency?: number;
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
