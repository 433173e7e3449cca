import { appendFile, chmod, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

import type { NewRequestLog } from '../../db/schema.js';

/** A segment file is closed and a new one begun past this size. */
const SEGMENT_BYTES = 4 * 1024 * 1024;

export interface SpooledSegment {
  entries: NewRequestLog[];
  /** Deletes the segment once its entries are in the database. */
  remove(): Promise<void>;
}

/**
 * Where request-log entries wait when the database has been away longer than the in-memory
 * buffer lasts, and across a restart: JSON lines in segment files, oldest first, in a folder only
 * this user can read (entries carry request data). Replays are idempotent: the log's insert skips
 * ids it already has.
 */
export async function openRequestLogSpool(directory: string) {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  let sequence = 0;
  let current: { file: string; bytes: number } | null = null;
  const segmentNames = async () =>
    (await readdir(directory)).filter((name) => name.endsWith('.jsonl')).sort();
  const countLines = async (name: string) =>
    (await readFile(path.join(directory, name), 'utf8')).split('\n').filter(Boolean).length;

  let spooled = 0;
  for (const name of await segmentNames()) {
    spooled += await countLines(name);
  }
  // Appends and reads take turns, so a segment is never read while a line is still being added.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };

  return {
    /** Entries waiting in the spool. */
    get size(): number {
      return spooled;
    },

    append: (entries: NewRequestLog[]): Promise<void> =>
      inTurn(async () => {
        if (entries.length === 0) {
          return;
        }
        if (!current || current.bytes > SEGMENT_BYTES) {
          sequence += 1;
          const name = `${String(Date.now()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}.jsonl`;
          current = { file: path.join(directory, name), bytes: 0 };
        }
        const text = `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`;
        await appendFile(current.file, text, { mode: 0o600 });
        current.bytes += Buffer.byteLength(text);
        spooled += entries.length;
      }),

    /** The oldest segment, closed to further appends; null when the spool is empty. */
    oldest: (): Promise<SpooledSegment | null> =>
      inTurn(async () => {
        const [name] = await segmentNames();
        if (!name) {
          return null;
        }
        const file = path.join(directory, name);
        if (current?.file === file) {
          current = null;
        }
        const entries = (await readFile(file, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as NewRequestLog);
        return {
          entries,
          async remove() {
            if (await stat(file).catch(() => null)) {
              await rm(file);
              spooled = Math.max(0, spooled - entries.length);
            }
          },
        };
      }),
  };
}

export type RequestLogSpool = Awaited<ReturnType<typeof openRequestLogSpool>>;
