import type { Params } from './params.js';

/** Most athena lists: 1500 rows by default, at most 5000. */
export const DEFAULT_PAGE = { defaultLimit: 1500, maxLimit: 5000 };
/** GET /appointments/open: 1000 by default, at most 10000. */
export const OPEN_SLOT_PAGE = { defaultLimit: 1000, maxLimit: 10_000 };

export interface PageRules {
  defaultLimit: number;
  maxLimit: number;
}

/**
 * One page of a list as athena answers it: `{totalcount, <key>: [...], next?, previous?}` where
 * next/previous are paths relative to the host, repeating the request's parameters with a new
 * offset, and are left out when there is no such page.
 */
export function listPage<T>(
  key: string,
  items: readonly T[],
  params: Params,
  path: string,
  rules: PageRules = DEFAULT_PAGE,
): Record<string, unknown> {
  const limit = params.int('limit', { min: 1, max: rules.maxLimit }) ?? rules.defaultLimit;
  const offset = params.int('offset', { min: 0 }) ?? 0;
  const link = (at: number) => {
    const query = new URLSearchParams(
      params.entries().filter(([name]) => name !== 'limit' && name !== 'offset'),
    );
    if (params.has('limit')) {
      query.set('limit', String(limit));
    }
    query.set('offset', String(at));
    return `${path}?${query.toString()}`;
  };
  const page: Record<string, unknown> = {
    totalcount: items.length,
    [key]: items.slice(offset, offset + limit),
  };
  if (offset + limit < items.length) {
    page.next = link(offset + limit);
  }
  if (offset > 0) {
    page.previous = link(Math.max(0, Math.min(offset, items.length) - limit));
  }
  return page;
}
