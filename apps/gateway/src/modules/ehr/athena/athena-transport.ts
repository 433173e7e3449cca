import { EventEmitter } from 'node:events';

import { Agent } from 'undici';

/** The part of an HTTP answer the athena client reads. */
export interface AthenaResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface AthenaRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export type AthenaTransport = (url: string, init: AthenaRequestInit) => Promise<AthenaResponse>;

/** Errors that mean athena did not answer in time (undici's timers, or an aborted fetch). */
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function isTimeout(error: unknown): boolean {
  const { name, code } = error as { name?: string; code?: string };
  return name === 'TimeoutError' || name === 'AbortError' || TIMEOUT_CODES.has(code ?? '');
}

/** Raised when a call outlives its deadline: the name isTimeout() knows. */
const deadlinePassed = (timeoutMs: number) =>
  Object.assign(new Error(`No answer within ${timeoutMs} ms`), { name: 'TimeoutError' });

/**
 * Calls to athena over undici's dispatcher: a keep-alive pool per origin and one native timer per
 * call, covering connect, headers and body, rather than an AbortSignal tree per call (the WHATWG
 * fetch layer, with its streams and Response objects, was a third of the proxied read's CPU).
 * undici's own header and body timers stay as a backstop, but they tick every half second, too
 * coarse to be the deadline. The body is read here, inside the deadline.
 */
export function createUndiciTransport(timeoutMs: number): AthenaTransport {
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  });
  return async (url, init) => {
    const target = new URL(url);
    // undici accepts an emitter of 'abort' as the signal: cheaper than an AbortController.
    const deadline = new EventEmitter();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.emit('abort');
    }, timeoutMs);
    try {
      const { statusCode, headers, body } = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: init.method as 'GET',
        headers: init.headers,
        body: init.body,
        signal: deadline,
      });
      const text = await body.text();
      return {
        status: statusCode,
        ok: statusCode >= 200 && statusCode < 300,
        headers: {
          get(name: string) {
            const value = headers[name.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : (value ?? null);
          },
        },
        text: () => Promise.resolve(text),
      };
    } catch (error) {
      throw timedOut ? deadlinePassed(timeoutMs) : error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** A WHATWG fetch as the transport (tests inject one), with a deadline per call. */
export function fetchTransport(fetchFn: typeof fetch, timeoutMs: number): AthenaTransport {
  return (url, init) => fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
