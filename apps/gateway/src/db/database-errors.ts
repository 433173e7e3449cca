/**
 * Whether an error means the database could not be reached or stopped answering (as opposed to
 * refusing one statement): the gateway answers 503 DATABASE_UNAVAILABLE for these, and callers
 * that can answer without the database fall back instead. A frozen server (the connection open, no
 * answer) shows as pg's client-side "Query read timeout" rather than a server error code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') {
    return false;
  }
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // 08: connection exception; 57P01-03: the server is shutting down or not accepting
    // connections; 57014: the statement timeout cancelled the query; 53300: too many connections.
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '57014' || code === '53300') {
      return true;
    }
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(
        code,
      )
    ) {
      return true;
    }
  }
  const text = typeof message === 'string' ? message : '';
  return /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i.test(
    text,
  );
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
