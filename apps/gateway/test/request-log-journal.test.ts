import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { NewRequestLog } from '../src/db/schema.js';
import { openRequestLogJournal } from '../src/modules/request-logs/request-log-journal.js';
import { createRequestLogWriter } from '../src/modules/request-logs/request-log-writer.js';
import { gatewayRoot } from './processes.js';
import { entries, entry } from './request-log-entries.js';

/** A database keyed by id, like request_logs with its ON CONFLICT DO NOTHING, that can be down. */
function idempotentDatabase() {
  const stored = new Map<string, NewRequestLog>();
  let down = false;
  return {
    stored,
    setDown(value: boolean) {
      down = value;
    },
    insertMany: async (batch: NewRequestLog[]) => {
      if (down) {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }
      batch.forEach((row) => stored.set(row.id, row));
    },
  };
}

/** The pid of a process that has exited: the owner of an orphaned journal folder. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true })).filter((name) => String(name).endsWith('.jsonl'));

describe('the request-log journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ehrgw-journal-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has every entry on disk as soon as it is queued, and deletes it once stored', async () => {
    const db = idempotentDatabase();
    const journal = openRequestLogJournal({ directory: dir, maxBytes: 1024 ** 2 });
    const writer = createRequestLogWriter({ insertMany: db.insertMany, journal });
    entries(3).forEach((row) => writer.enqueue(row));
    const [file] = await filesUnder(journal.directory);
    const onDisk = (await readFile(path.join(journal.directory, file!), 'utf8')).trim().split('\n');
    expect(onDisk.map((line) => (JSON.parse(line) as NewRequestLog).id)).toEqual(
      entries(3).map((row) => row.id),
    );

    await writer.stop();
    expect(db.stored.size).toBe(3);
    // Nothing left to write back: the process's folder is gone with its files.
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps past the memory buffer on disk while the database is away, then stores it all', async () => {
    const db = idempotentDatabase();
    db.setDown(true);
    const journal = openRequestLogJournal({ directory: dir, maxBytes: 1024 ** 2 });
    const writer = createRequestLogWriter({
      insertMany: db.insertMany,
      journal,
      maxBuffered: 5,
      batchSize: 4,
    });
    const sent = entries(40);
    sent.forEach((row) => writer.enqueue(row));
    expect(writer.health()).toMatchObject({ buffered: 5, spooled: 35, dropped: 0 });

    db.setDown(false);
    for (let round = 0; round < 50 && db.stored.size < sent.length; round += 1) {
      await writer.flush();
    }
    expect([...db.stored.keys()].sort()).toEqual(sent.map((row) => row.id));
    expect(writer.health()).toMatchObject({ buffered: 0, spooled: 0, dropped: 0 });
    await writer.stop();
  });

  it('with two batches in flight writes back from disk every entry once, and deletes its files', async () => {
    const db = idempotentDatabase();
    db.setDown(true);
    // Slow inserts, so the two batches overlap; new rows counted as the metrics count them.
    let writing = 0;
    let mostAtOnce = 0;
    let newRows = 0;
    const insertMany = async (batch: NewRequestLog[]) => {
      writing += 1;
      mostAtOnce = Math.max(mostAtOnce, writing);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const before = db.stored.size;
        await db.insertMany(batch);
        newRows += db.stored.size - before;
      } finally {
        writing -= 1;
      }
    };
    // Segments of 64 KB: the 600 entries span several files, some written back while others fill.
    const journal = openRequestLogJournal({ directory: dir, maxBytes: 512 * 1024 });
    const writer = createRequestLogWriter({
      insertMany,
      journal,
      maxBuffered: 50,
      batchSize: 20,
      flushIntervalMs: 5,
    });
    const sent = entries(600);
    sent.forEach((row) => writer.enqueue(row));
    expect(writer.health()).toMatchObject({ buffered: 50, spooled: 550, dropped: 0 });

    db.setDown(false);
    for (
      let round = 0;
      round < 200 && writer.health().spooled + writer.health().buffered > 0;
      round += 1
    ) {
      await writer.flush();
    }
    expect(mostAtOnce).toBe(2);
    expect([...db.stored.keys()].sort()).toEqual(sent.map((row) => row.id));
    expect(newRows).toBe(sent.length);
    expect(writer.health()).toMatchObject({ buffered: 0, spooled: 0, dropped: 0 });
    await writer.stop();
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves what a stop could not store for the next process, which takes it over', async () => {
    const down = idempotentDatabase();
    down.setDown(true);
    const first = createRequestLogWriter({
      insertMany: down.insertMany,
      journal: openRequestLogJournal({ directory: dir, maxBytes: 1024 ** 2 }),
    });
    entries(3).forEach((row) => first.enqueue(row));
    await first.stop(50);
    expect(first.health()).toMatchObject({ dropped: 0 });

    const up = idempotentDatabase();
    const next = createRequestLogWriter({
      insertMany: up.insertMany,
      journal: openRequestLogJournal({ directory: dir, maxBytes: 1024 ** 2 }),
    });
    await next.resume();
    await next.flush();
    expect([...up.stored.keys()]).toEqual(entries(3).map((row) => row.id));
    await next.stop();
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('past REQUEST_LOG_SPOOL_MAX_MB says so, keeps entries in memory, and counts what it drops', async () => {
    const db = idempotentDatabase();
    db.setDown(true);
    const journal = openRequestLogJournal({ directory: dir, maxBytes: 2_000 });
    const writer = createRequestLogWriter({ insertMany: db.insertMany, journal, maxBuffered: 20 });
    entries(30).forEach((row) => writer.enqueue(row));
    expect(writer.health()).toMatchObject({ ok: false, spoolFull: true, buffered: 20 });
    expect(writer.health().dropped).toBeGreaterThan(0);
    expect(writer.health().lastDropReason).toMatch(/spool/);
    db.setDown(false);
    await writer.stop();
  });

  it('counts a journal file that vanished under it as lost, and goes on writing', async () => {
    const db = idempotentDatabase();
    db.setDown(true);
    const journal = openRequestLogJournal({ directory: dir, maxBytes: 1024 ** 2 });
    const writer = createRequestLogWriter({ insertMany: db.insertMany, journal, maxBuffered: 2 });
    entries(6).forEach((row) => writer.enqueue(row));
    await rm(journal.directory, { recursive: true, force: true });
    db.setDown(false);
    for (let round = 0; round < 5; round += 1) {
      await writer.flush();
    }
    // The two entries kept in memory are stored; the four only on disk are counted as lost.
    expect(db.stored.size).toBe(2);
    expect(writer.health()).toMatchObject({ dropped: 4, spooled: 0 });
    writer.enqueue(entry(99));
    await writer.flush();
    expect(db.stored.has(entry(99).id)).toBe(true);
    await writer.stop();
  });
});

describe('two processes replaying one spool', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ehrgw-journal-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const replayIn = (spool: string) =>
    new Promise<Array<{ segment: string; ids: string[] }>>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--conditions=@ehr-gateway/source',
          '--import',
          'tsx',
          'test/fixtures/replay-journal.ts',
          spool,
        ],
        { cwd: gatewayRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('exit', (code) =>
        code === 0
          ? resolve(
              output
                .split('\n')
                .filter(Boolean)
                .map((line) => JSON.parse(line) as { segment: string; ids: string[] }),
            )
          : reject(new Error(`replay exited ${code}: ${errors}`)),
      );
    });

  it('writes back each orphaned segment exactly once', async () => {
    // Three dead workers' journals, 40 files of 5 entries each, and one file of the old shared spool.
    const expected: string[] = [];
    let n = 0;
    for (let worker = 0; worker < 3; worker += 1) {
      const folder = path.join(dir, [os.hostname(), deadPid(), `dead${worker}`].join('~'));
      await mkdir(folder, { mode: 0o700 });
      for (let file = 0; file < 40; file += 1) {
        const rows = entries(5, (n += 5));
        expected.push(...rows.map((row) => row.id));
        const lines = rows.map((row) => JSON.stringify(row)).join('\n');
        await writeFile(
          path.join(folder, `${String(file).padStart(15, '0')}-000001.jsonl`),
          `${lines}\n`,
        );
      }
    }
    const shared = entries(2, 100_000);
    expected.push(...shared.map((row) => row.id));
    await writeFile(
      path.join(dir, '000000000000001-000001.jsonl'),
      `${shared.map((row) => JSON.stringify(row)).join('\n')}\n`,
    );

    const [first, second] = await Promise.all([replayIn(dir), replayIn(dir)]);
    const replayed = [...first!, ...second!].flatMap((batch) => batch.ids);
    expect(replayed.sort()).toEqual(expected.sort());
    expect(new Set(replayed).size).toBe(replayed.length);
    expect(await filesUnder(dir)).toEqual([]);
  }, 60_000);
});
