import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { NewRequestLog } from '../../db/schema.js';
import { entries, entry } from '../../../test/request-log-entries.js';
import { createRequestLogWriter, type RequestLogWriterOptions } from './request-log-writer.js';

/** An insertMany that records every batch (and when it was tried) and fails while told to. */
function fakeDatabase() {
  const calls: { at: number; batch: NewRequestLog[] }[] = [];
  const stored: NewRequestLog[] = [];
  let failuresLeft = 0;
  let failForever = false;
  const insertMany = vi.fn(async (batch: NewRequestLog[]) => {
    calls.push({ at: Date.now(), batch: [...batch] });
    if (failForever || failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`database down (attempt ${calls.length})`);
    }
    stored.push(...batch);
  });
  return {
    insertMany,
    calls,
    stored,
    failNext(times: number) {
      failuresLeft = times;
    },
    failAlways(value: boolean) {
      failForever = value;
    },
  };
}

const start = 1_767_225_600_000; // 2026-01-01T00:00:00Z

describe('request log writer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const writerWith = (
    db: ReturnType<typeof fakeDatabase>,
    options: Partial<RequestLogWriterOptions> = {},
  ) =>
    createRequestLogWriter({
      insertMany: db.insertMany,
      flushIntervalMs: 100,
      batchSize: 10,
      maxRetryDelayMs: 1_000,
      ...options,
    });

  it('holds entries until the flush interval, then writes them in one batch', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    writer.enqueue(entry(1));
    writer.enqueue(entry(2));
    writer.enqueue(entry(3));
    expect(writer.health()).toMatchObject({ buffered: 3, dropped: 0 });

    await vi.advanceTimersByTimeAsync(99);
    expect(db.insertMany).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(db.insertMany).toHaveBeenCalledTimes(1);
    expect(db.calls[0]?.batch.map((e) => e.request_id)).toEqual(['req-1', 'req-2', 'req-3']);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });

    // Nothing left: the timer stops instead of polling an empty buffer.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.insertMany).toHaveBeenCalledTimes(1);
  });

  it('inserts one batch per batchSize entries, in arrival order', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    const sent = entries(25);
    for (const e of sent) {
      writer.enqueue(e);
    }

    await vi.advanceTimersByTimeAsync(2);
    // A full batch is written at once, without waiting for the interval; the remainder waits one.
    expect(db.calls.map((c) => c.batch.length)).toEqual([10, 10]);
    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls.map((c) => c.batch.length)).toEqual([10, 10, 5]);
    // (The first timer fires within the same tick under fake timers; later zero delays after 1 ms.)
    expect(db.calls.map((c) => c.at - start)).toEqual([0, 1, 101]);
    expect(db.stored).toEqual(sent);
    expect(writer.health().buffered).toBe(0);
  });

  it('keeps a failed batch and retries it with exponential backoff until it goes in', async () => {
    const db = fakeDatabase();
    const onError = vi.fn();
    const writer = writerWith(db, { onError });
    db.failNext(2);
    const sent = entries(3);
    for (const e of sent) {
      writer.enqueue(e);
    }

    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls).toHaveLength(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    expect(writer.health()).toMatchObject({
      ok: true,
      buffered: 3,
      dropped: 0,
      lastError: 'database down (attempt 1)',
    });

    // First retry after 2 × interval, the second after 4 × interval.
    await vi.advanceTimersByTimeAsync(199);
    expect(db.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(db.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.calls).toHaveLength(3);

    expect(db.calls.map((c) => c.at - start)).toEqual([100, 300, 700]);
    for (const call of db.calls) {
      expect(call.batch).toEqual(sent);
    }
    expect(db.stored).toEqual(sent);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });
  });

  it('caps the retry delay at maxRetryDelayMs', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db, { maxRetryDelayMs: 500 });
    db.failAlways(true);
    writer.enqueue(entry(1));

    await vi.advanceTimersByTimeAsync(2_200);
    expect(db.calls.map((c) => c.at - start)).toEqual([100, 300, 700, 1_200, 1_700, 2_200]);

    db.failAlways(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(db.stored).toEqual([entry(1)]);
  });

  it('loses nothing written during an outage once the database recovers', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    db.failAlways(true);
    const sent = entries(35);
    for (const e of sent.slice(0, 20)) {
      writer.enqueue(e);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    for (const e of sent.slice(20)) {
      writer.enqueue(e);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.stored).toEqual([]);
    expect(writer.health().buffered).toBe(35);

    db.failAlways(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(db.stored).toEqual(sent);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });
  });

  it('drops and counts entries beyond maxBuffered, keeping the oldest', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db, { maxBuffered: 5 });
    db.failAlways(true);
    const sent = entries(8);
    for (const e of sent) {
      writer.enqueue(e);
    }
    expect(writer.health()).toMatchObject({ ok: false, buffered: 5, dropped: 3 });

    db.failAlways(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.stored).toEqual(sent.slice(0, 5));
    // The count of dropped entries is kept; the writer is healthy again once it has room.
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 3, lastError: null });

    writer.enqueue(entry(100));
    expect(writer.health()).toMatchObject({ buffered: 1, dropped: 3 });
  });

  it('reports unhealthy after three consecutive failed batches and healthy after recovery', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db, { maxRetryDelayMs: 100 });
    db.failAlways(true);
    writer.enqueue(entry(1));

    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls).toHaveLength(1);
    expect(writer.health().ok).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls).toHaveLength(2);
    expect(writer.health().ok).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls).toHaveLength(3);
    expect(writer.health()).toMatchObject({
      ok: false,
      buffered: 1,
      lastError: 'database down (attempt 3)',
    });

    db.failAlways(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(db.calls).toHaveLength(4);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });
  });

  it('flush() writes everything now, and returns without throwing when the database fails', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    const sent = entries(23);
    for (const e of sent) {
      writer.enqueue(e);
    }
    await writer.flush();
    expect(db.calls.map((c) => c.batch.length)).toEqual([10, 10, 3]);
    expect(db.stored).toEqual(sent);

    db.failAlways(true);
    writer.enqueue(entry(50));
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(writer.health()).toMatchObject({ buffered: 1, dropped: 0 });
  });

  it('stop() writes everything buffered before resolving and leaves no timer behind', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db, { batchSize: 500 });
    const sent = entries(1_200);
    for (const e of sent) {
      writer.enqueue(e);
    }
    expect(db.insertMany).not.toHaveBeenCalled();

    await writer.stop();
    expect(db.calls.map((c) => c.batch.length)).toEqual([500, 500, 200]);
    expect(db.stored).toEqual(sent);
    expect(writer.health()).toMatchObject({ buffered: 0, dropped: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() retries a briefly failing database and loses nothing', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    db.failNext(2);
    const sent = entries(4);
    for (const e of sent) {
      writer.enqueue(e);
    }
    const stopping = writer.stop(10_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    expect(db.calls).toHaveLength(3);
    expect(db.stored).toEqual(sent);
    expect(writer.health()).toMatchObject({ buffered: 0, dropped: 0 });
  });

  it('stop() against a permanently failing database gives up at the deadline and counts the rest as dropped', async () => {
    const db = fakeDatabase();
    const writer = writerWith(db);
    db.failAlways(true);
    for (const e of entries(15)) {
      writer.enqueue(e);
    }
    let settled = false;
    const stopping = writer.stop(1_000).then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    expect(writer.health().buffered).toBe(15);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(settled).toBe(true);

    // It kept trying (every interval) until the deadline, then gave up on all 15.
    expect(db.calls.length).toBeGreaterThanOrEqual(5);
    expect(db.calls.every((c) => c.at - start < 1_000)).toBe(true);
    expect(writer.health()).toMatchObject({ buffered: 0, dropped: 15 });
    expect(db.stored).toEqual([]);

    // A stopped writer schedules nothing more.
    const tries = db.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(db.calls).toHaveLength(tries);
  });
});

describe('request log writer with two batches in flight', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A database whose every insert waits until the test ends it (commits or fails it). */
  function manualDatabase() {
    const calls: { batch: NewRequestLog[]; commit: () => void; fail: () => void }[] = [];
    const stored: NewRequestLog[] = [];
    const insertMany = (batch: NewRequestLog[]) =>
      new Promise<void>((resolve, reject) => {
        calls.push({
          batch: [...batch],
          commit: () => {
            stored.push(...batch);
            resolve();
          },
          fail: () => reject(new Error('Connection terminated unexpectedly')),
        });
      });
    return { calls, stored, insertMany };
  }

  it('writes a second batch while the first is in flight, never a third, each entry once', async () => {
    const db = manualDatabase();
    const writer = createRequestLogWriter({
      insertMany: db.insertMany,
      batchSize: 10,
      flushIntervalMs: 100,
    });
    const sent = entries(30);
    sent.forEach((row) => writer.enqueue(row));
    await vi.advanceTimersByTimeAsync(5);
    expect(db.calls.map((call) => call.batch.map((row) => row.request_id))).toEqual([
      sent.slice(0, 10).map((row) => row.request_id),
      sent.slice(10, 20).map((row) => row.request_id),
    ]);
    expect(writer.health()).toMatchObject({ buffered: 30 });

    // The second commits first: its entries are settled, and the third batch takes its slot.
    db.calls[1]!.commit();
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.health()).toMatchObject({ buffered: 20 });
    expect(db.calls[2]?.batch).toEqual(sent.slice(20));

    db.calls[0]!.commit();
    db.calls[2]!.commit();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.calls).toHaveLength(3);
    expect([...db.stored].sort((a, b) => a.id.localeCompare(b.id))).toEqual(sent);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });
  });

  it('takes a failed batch back while the other commits, and retries it alone', async () => {
    const db = manualDatabase();
    const writer = createRequestLogWriter({
      insertMany: db.insertMany,
      batchSize: 10,
      flushIntervalMs: 100,
      maxRetryDelayMs: 1_000,
    });
    const sent = entries(30);
    sent.forEach((row) => writer.enqueue(row));
    await vi.advanceTimersByTimeAsync(5);
    expect(db.calls).toHaveLength(2);

    db.calls[0]!.fail();
    await vi.advanceTimersByTimeAsync(1);
    // Back at the head of the buffer; while the database fails nothing joins the batch in flight.
    expect(writer.health()).toMatchObject({ buffered: 30, lastError: expect.any(String) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.calls).toHaveLength(2);

    db.calls[1]!.commit();
    await vi.advanceTimersByTimeAsync(1);
    expect(db.calls[2]?.batch).toEqual(sent.slice(0, 10));
    db.calls[2]!.commit();
    await vi.advanceTimersByTimeAsync(1);
    db.calls[3]!.commit();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(db.calls.map((call) => call.batch.length)).toEqual([10, 10, 10, 10]);
    expect([...db.stored].sort((a, b) => a.id.localeCompare(b.id))).toEqual(sent);
    expect(writer.health()).toMatchObject({ ok: true, buffered: 0, dropped: 0, lastError: null });
  });
});

describe('request log writer and entries the database refuses', () => {
  /** A database that refuses any batch holding a row whose endpoint contains "poison". */
  function pickyDatabase() {
    const stored: NewRequestLog[] = [];
    let attempts = 0;
    const insertMany = async (batch: NewRequestLog[]) => {
      attempts += 1;
      if (batch.some((row) => row.endpoint.includes('poison') && row.request_data !== REDUCED)) {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
          code: '22021',
        });
      }
      stored.push(...batch);
    };
    return { insertMany, stored, attempts: () => attempts };
  }
  const REDUCED = JSON.stringify({ query: {}, body: null, headers: {} });

  it('splits a refused batch, stores every other entry and the poisoned one without its data', async () => {
    const db = pickyDatabase();
    const writer = createRequestLogWriter({ insertMany: db.insertMany, batchSize: 8 });
    const batch = entries(8);
    batch[5] = { ...batch[5]!, endpoint: '/utility/poison', request_data: '{"q":"x"}' };
    batch.forEach((row) => writer.enqueue(row));
    await writer.flush();

    expect(db.stored.map((row) => row.request_id).sort()).toEqual(
      batch.map((row) => row.request_id).sort(),
    );
    const poisoned = db.stored.find((row) => row.endpoint === '/utility/poison')!;
    expect(poisoned.request_data).toBe(REDUCED);
    expect(poisoned.error_message).toMatch(/^Request log entry stored without its data: 22021 /);
    expect(writer.health()).toMatchObject({
      ok: true,
      buffered: 0,
      dropped: 0,
      reduced: 1,
      lastDropReason: expect.stringContaining('invalid byte sequence'),
    });
    // log2(8) splits, not one write per entry.
    expect(db.attempts()).toBeLessThanOrEqual(10);
  });

  it('retries a batch whole when the failure is the database, not a row', async () => {
    const calls: number[] = [];
    let down = true;
    const writer = createRequestLogWriter({
      insertMany: async (batch) => {
        calls.push(batch.length);
        if (down) {
          throw Object.assign(new Error('Connection terminated unexpectedly'), {});
        }
      },
      batchSize: 4,
    });
    entries(4).forEach((row) => writer.enqueue(row));
    await writer.flush();
    expect(calls).toEqual([4]);
    expect(writer.health()).toMatchObject({ buffered: 4, reduced: 0, dropped: 0 });
    down = false;
    await writer.flush();
    expect(calls).toEqual([4, 4]);
    expect(writer.health()).toMatchObject({ buffered: 0 });
  });
});
