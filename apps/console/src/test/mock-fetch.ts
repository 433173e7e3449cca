import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

type Handler = (request: {
  url: string;
  init: RequestInit;
}) => MockResponse | Promise<MockResponse>;

/**
 * Replaces global fetch with a table of `METHOD /path` handlers (query string ignored for
 * matching). Unmatched calls answer 404 so a missing handler fails loudly in the test.
 */
export function mockFetch(routes: Record<string, Handler | MockResponse>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const route = routes[`${method} ${path}`];
    const result = typeof route === 'function' ? await route({ url, init }) : route;
    if (!result) {
      return new Response(JSON.stringify({ message: `no mock for ${method} ${path}` }), {
        status: 404,
      });
    }
    const status = result.status ?? 200;
    const body =
      result.body === undefined
        ? null
        : typeof result.body === 'string'
          ? result.body
          : JSON.stringify(result.body);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
