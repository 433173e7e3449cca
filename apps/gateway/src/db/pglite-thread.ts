// The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) runs every statement
// synchronously inside its WASM instance, so on the main thread each statement would stall request
// handling for as long as it runs. Here it answers messages from pglite-client.ts, one at a time.
import { parentPort, workerData } from 'node:worker_threads';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

import type { ThreadReply, ThreadRequest } from './pglite-client.js';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };

/** What a database error carries that callers read (isDatabaseUnavailable, row errors). */
function describeError(error: unknown) {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const name of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'severity']) {
    if (typeof source[name] === 'string') {
      fields[name] = source[name];
    }
  }
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    fields,
  };
}

try {
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  port.on('message', (request: ThreadRequest) => {
    if (request.kind === 'close') {
      void pglite.close().finally(() => {
        port.postMessage({ kind: 'closed' } satisfies ThreadReply);
        port.close();
      });
      return;
    }
    pglite.query(request.sql, request.parameters).then(
      (result) =>
        port.postMessage({
          kind: 'result',
          id: request.id,
          rows: result.rows,
          affectedRows: result.affectedRows,
        } satisfies ThreadReply),
      (error: unknown) =>
        port.postMessage({
          kind: 'error',
          id: request.id,
          error: describeError(error),
        } satisfies ThreadReply),
    );
  });
  port.postMessage({ kind: 'ready' } satisfies ThreadReply);
} catch (error) {
  port.postMessage({ kind: 'failed', error: describeError(error) } satisfies ThreadReply);
}
