import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { chmod, readdir, readFile, rename, rm, rmdir, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { NewRequestLog } from '../../db/schema.js';

/** A segment file is closed and a new one begun past this size (or an eighth of the limit). */
const SEGMENT_BYTES = 4 * 1024 * 1024;
/** How often a live owner touches its folder, and how long untouched means its owner is gone. */
export const HEARTBEAT_MS = 15_000;
export const STALE_AFTER_MS = 120_000;
const SEPARATOR = '~';

/** One file of the journal. */
export interface JournalSegment {
  readonly name: string;
}

interface Segment extends JournalSegment {
  file: string;
  fd: number | null;
  appended: number;
  settled: number;
  bytes: number;
  /** Some of its entries are only on disk: it is written back from the file once closed. */
  spilled: boolean;
  /** Closed and waiting to be written back whole: settling its entries one by one counts no more. */
  replayQueued: boolean;
}

export interface ReplayBatch {
  segment: JournalSegment;
  entries: NewRequestLog[];
  /** Lines that could not be read back (cut short by a power loss mid-write). */
  unreadable: number;
}

/** Processes of this one whose journals are open: a folder of ours not among them is orphaned. */
const openHere = new Set<string>();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether the owner of a journal folder (`host~pid~token`) is gone: on this host, its process has
 * exited (or its pid is ours again after a restart); anywhere, it stopped touching the folder.
 */
export async function isOrphaned(directory: string, name: string, now = Date.now()) {
  const [host, pidText, token] = name.split(SEPARATOR);
  const pid = Number(pidText);
  if (host === os.hostname() && Number.isInteger(pid) && token) {
    if (pid === process.pid ? !openHere.has(token) : !isAlive(pid)) {
      return true;
    }
  }
  const info = await stat(path.join(directory, name)).catch(() => null);
  return info !== null && now - info.mtimeMs > STALE_AFTER_MS;
}

const parseLines = (text: string) => {
  const entries: NewRequestLog[] = [];
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (!line) {
      continue;
    }
    try {
      entries.push(JSON.parse(line) as NewRequestLog);
    } catch {
      unreadable += 1;
    }
  }
  return { entries, unreadable };
};

/**
 * The request log's write-ahead journal: every entry is appended (a write(2) to this process's own
 * file, so in the operating system's hands) before its answer goes out, and a file is deleted once
 * the database holds all of it. Each process writes only its own folder (`host~pid~token` under
 * the spool directory); a process that died leaves its folder behind, and any other on the same
 * spool claims each of its files by renaming it into its own folder, which only one can do, then
 * writes it back. Replays are idempotent: the log's insert skips ids it already has.
 */
export function openRequestLogJournal(options: { directory: string; maxBytes: number }) {
  const { directory, maxBytes } = options;
  const token = randomBytes(6).toString('hex');
  const ownName = [os.hostname(), process.pid, token].join(SEPARATOR);
  const own = path.join(directory, ownName);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  mkdirSync(own, { mode: 0o700 });
  openHere.add(token);
  const segmentBytes = Math.max(64 * 1024, Math.min(SEGMENT_BYTES, Math.floor(maxBytes / 8)));
  let sequence = 0;
  let current: Segment | null = null;
  const live = new Set<Segment>();
  /** Closed files to write back from disk, oldest first, each with the entries it holds. */
  const replays: Array<{ segment: Segment; waiting: number }> = [];
  let bytes = 0;
  let waiting = 0;

  const removeSegment = async (segment: Segment) => {
    live.delete(segment);
    bytes -= segment.bytes;
    await rm(segment.file, { force: true });
  };

  const close = (segment: Segment) => {
    if (segment.fd !== null) {
      closeSync(segment.fd);
      segment.fd = null;
    }
    if (current === segment) {
      current = null;
    }
    if (segment.spilled) {
      segment.replayQueued = true;
      replays.push({ segment, waiting: segment.appended - segment.settled });
      return Promise.resolve();
    }
    return segment.settled >= segment.appended ? removeSegment(segment) : Promise.resolve();
  };

  const heartbeat = setInterval(() => {
    const at = new Date();
    void utimes(own, at, at).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    directory: own,
    /** Entries in the journal the database does not hold yet. */
    get size() {
      return waiting;
    },
    /** Whether the journal has reached its size limit (REQUEST_LOG_SPOOL_MAX_MB). */
    get full() {
      return bytes >= maxBytes;
    },

    /**
     * Appends one entry, synchronously; null when it is not on disk (the limit is reached). A
     * failing disk throws: the caller keeps the entry in memory.
     */
    append(entry: NewRequestLog): JournalSegment | null {
      if (bytes >= maxBytes) {
        return null;
      }
      if (!current || current.bytes >= segmentBytes) {
        if (current) {
          void close(current);
        }
        sequence += 1;
        const name = `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}.jsonl`;
        const file = path.join(own, name);
        const fd = openSync(file, 'a', 0o600);
        current = {
          name,
          file,
          fd,
          appended: 0,
          settled: 0,
          bytes: 0,
          spilled: false,
          replayQueued: false,
        };
        live.add(current);
      }
      const line = `${JSON.stringify(entry)}\n`;
      const size = writeSync(current.fd!, line);
      current.appended += 1;
      current.bytes += size;
      bytes += size;
      waiting += 1;
      return current;
    },

    /** The database now holds `count` more entries of this segment (kept in memory). */
    settle(handle: JournalSegment, count: number): Promise<void> {
      const segment = handle as Segment;
      segment.settled += count;
      if (!segment.replayQueued) {
        waiting -= count;
      }
      return segment.fd === null && !segment.spilled && segment.settled >= segment.appended
        ? removeSegment(segment)
        : Promise.resolve();
    },

    /**
     * Some of this segment's entries could not be kept in memory: once closed it is written back
     * from its file, whole (what is in already is skipped by id).
     */
    spill(handle: JournalSegment): Promise<void> {
      const segment = handle as Segment;
      if (segment.spilled) {
        return Promise.resolve();
      }
      segment.spilled = true;
      // The file being appended to stays open (one file per spilled entry would be absurd) until
      // it is full or nothing else waits (see nextReplay).
      return segment.fd === null ? close(segment) : Promise.resolve();
    },

    /** The oldest file waiting to be written back from disk, read; null when none waits. */
    async nextReplay(): Promise<ReplayBatch | null> {
      if (replays.length === 0 && current?.spilled) {
        await close(current);
      }
      const next = replays[0];
      if (!next) {
        return null;
      }
      const text = await readFile(next.segment.file, 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return null;
        }
        throw error;
      });
      if (text === null) {
        // Deleted by someone else: what it held cannot be written back, and is counted as lost.
        return { segment: next.segment, entries: [], unreadable: next.waiting };
      }
      return { segment: next.segment, ...parseLines(text) };
    },

    /** The database holds everything of the file nextReplay() gave: it is deleted. */
    async replayed(handle: JournalSegment): Promise<void> {
      const index = replays.findIndex((replay) => replay.segment === handle);
      if (index >= 0) {
        waiting -= replays[index]!.waiting;
        replays.splice(index, 1);
      }
      await removeSegment(handle as Segment);
    },

    /**
     * Takes over the files of every orphaned folder (and of the shared spool of earlier versions)
     * by renaming them into this one; a rename another process won first is skipped. Answers how
     * many entries were taken over.
     */
    async claimOrphans(): Promise<number> {
      let claimed = 0;
      const takeOver = async (from: string, prefix: string) => {
        sequence += 1;
        const name = `${prefix}${String(sequence).padStart(6, '0')}-${path.basename(from)}`;
        const file = path.join(own, name);
        try {
          await rename(from, file);
        } catch {
          return; // Another process claimed it first (or it was written back meanwhile).
        }
        const info = await stat(file);
        const lines = parseLines(await readFile(file, 'utf8'));
        const entries = lines.entries.length + lines.unreadable;
        const segment: Segment = {
          name,
          file,
          fd: null,
          appended: entries,
          settled: 0,
          bytes: info.size,
          spilled: true,
          replayQueued: true,
        };
        live.add(segment);
        bytes += info.size;
        waiting += entries;
        replays.push({ segment, waiting: entries });
        claimed += entries;
      };
      for (const name of (await readdir(directory)).sort()) {
        const where = path.join(directory, name);
        if (name.endsWith('.jsonl')) {
          await takeOver(where, 'shared-');
        } else if (name !== ownName && name.includes(SEPARATOR)) {
          if (!(await isOrphaned(directory, name))) {
            continue;
          }
          const files = await readdir(where).catch(() => [] as string[]);
          for (const file of files.filter((f) => f.endsWith('.jsonl')).sort()) {
            await takeOver(path.join(where, file), 'claimed-');
          }
          await rmdir(where).catch(() => undefined);
        }
      }
      return claimed;
    },

    /** Closes the files; the folder stays if anything in it is not in the database yet. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      for (const segment of [...live]) {
        if (segment.fd !== null) {
          await close(segment);
        }
      }
      openHere.delete(token);
      if (live.size === 0) {
        await rmdir(own).catch(() => undefined);
      } else {
        await chmod(own, 0o700).catch(() => undefined);
      }
    },
  };
}

export type RequestLogJournal = ReturnType<typeof openRequestLogJournal>;
