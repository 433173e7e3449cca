import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

export type ThreadRequest =
  { kind: 'query'; id: number; sql: string; parameters: unknown[] } | { kind: 'close' };

interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, string>;
}

export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | { kind: 'result'; id: number; rows: unknown[]; affectedRows: number | undefined }
  | { kind: 'error'; id: number; error: ThreadError }
  | { kind: 'closed' };

/** What the Kysely dialect needs of an embedded database. */
export interface EmbeddedDatabase {
  query<R>(sql: string, parameters: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** An error as the database reported it, with the fields callers read (code, constraint…). */
function rebuildError(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

/** The thread went away: reported as a lost connection (class 08), so requests answer 503. */
const threadLost = (reason: string) =>
  Object.assign(new Error(`The embedded database stopped: ${reason}`), { code: '08006' });

/**
 * The thread: the compiled script beside this file, or, when the gateway runs from its TypeScript
 * sources (tests, `npm run dev`), the source loaded through tsx's loader.
 */
function startThread(dataDir: string | undefined): Worker {
  const options = { workerData: { dataDir } };
  const compiled = new URL('./pglite-thread.js', import.meta.url);
  if (existsSync(compiled)) {
    return new Worker(compiled, options);
  }
  const source = new URL('./pglite-thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

/**
 * PGlite in a worker thread: statements run off the event loop, so request-log batches and
 * reads no longer stall request handling. Queries are answered in the order they were sent; the
 * dialect's queue already allows one at a time (a transaction holds it from BEGIN to COMMIT).
 */
export async function openPGliteThread(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  const worker = startThread(dataDir);
  const pending = new Map<
    number,
    { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let closed = false;
  let lostBecause: Error | null = null;
  let closing: Promise<void> | null = null;
  let onClosed: (() => void) | null = null;

  const failAll = (error: Error) => {
    lostBecause = error;
    for (const waiter of pending.values()) {
      waiter.reject(error);
    }
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const failedToOpen = (error: Error) => {
      stopWaiting();
      void worker.terminate();
      reject(error);
    };
    const exitedWhileOpening = (code: number) =>
      failedToOpen(threadLost(`exit code ${code} while opening`));
    const started = (reply: ThreadReply) => {
      if (reply.kind === 'ready') {
        stopWaiting();
        resolve();
      } else if (reply.kind === 'failed') {
        failedToOpen(rebuildError(reply.error));
      }
    };
    const stopWaiting = () => {
      worker.off('message', started);
      worker.off('error', failedToOpen);
      worker.off('exit', exitedWhileOpening);
    };
    worker.on('message', started);
    worker.on('error', failedToOpen);
    worker.on('exit', exitedWhileOpening);
  });
  // An idle database keeps no process alive (like a socket pool); a statement in flight does.
  worker.unref();

  worker.on('message', (reply: ThreadReply) => {
    if (reply.kind === 'closed') {
      onClosed?.();
      return;
    }
    if (reply.kind !== 'result' && reply.kind !== 'error') {
      return;
    }
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) {
      worker.unref();
    }
    waiter?.resolve(reply);
  });
  worker.on('error', (error) => failAll(threadLost(error.message)));
  worker.on('exit', (code) => {
    closed = true;
    failAll(threadLost(`exit code ${code}`));
    onClosed?.();
  });

  return {
    get closed() {
      return closed;
    },

    async query<R>(sql: string, parameters: unknown[]) {
      if (lostBecause) {
        throw lostBecause;
      }
      if (closed || closing) {
        throw threadLost('it was closed');
      }
      const id = nextId++;
      const reply = await new Promise<ThreadReply>((resolve, reject) => {
        if (pending.size === 0) {
          worker.ref();
        }
        pending.set(id, { resolve, reject });
        worker.postMessage({ kind: 'query', id, sql, parameters } satisfies ThreadRequest);
      });
      if (reply.kind === 'error') {
        throw rebuildError(reply.error);
      }
      const { rows, affectedRows } = reply as Extract<ThreadReply, { kind: 'result' }>;
      return { rows: rows as R[], affectedRows };
    },

    close() {
      closing ??= closed
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            onClosed = () => {
              closed = true;
              resolve();
            };
            worker.ref();
            worker.postMessage({ kind: 'close' } satisfies ThreadRequest);
          }).then(() => worker.terminate().then(() => undefined));
      return closing;
    },
  };
}
