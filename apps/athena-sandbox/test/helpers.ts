import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import { buildSandbox, type SandboxOptions } from '../src/app.js';

/** Monday 2 March 2026, 10:00 in Boston (15:00 UTC). */
export const START = new Date('2026-03-02T15:00:00Z');
export const PRACTICE = '/v1/195900';
export const BASIC = `Basic ${Buffer.from('sandbox-client:sandbox-secret').toString('base64')}`;
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A clock tests can move. */
export function testClock(start: Date = START) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A sandbox on a pinned clock, with a helper that calls /v1 routes with a fresh token. */
export async function setup(options: SandboxOptions = {}) {
  const clock = testClock();
  const app = buildSandbox({ now: clock.now, tokenLimitPerMinute: 1000, ...options });
  await app.ready();
  const token = async (): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth2/v1/token',
      headers: { authorization: BASIC, ...FORM },
      payload: form({ grant_type: 'client_credentials' }),
    });
    return (response.json() as { access_token: string }).access_token;
  };
  const bearer = await token();
  const call = (
    method: InjectOptions['method'],
    path: string,
    fields?: Record<string, string>,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `${PRACTICE}${path}`,
      headers: { authorization: `Bearer ${bearer}`, ...(fields ? FORM : {}) },
      ...(fields ? { payload: form(fields) } : {}),
    });
  return {
    app,
    clock,
    token,
    bearer,
    get: (path: string) => call('GET', path),
    post: (path: string, fields: Record<string, string>) => call('POST', path, fields),
    put: (path: string, fields?: Record<string, string>) => call('PUT', path, fields ?? {}),
  };
}

export type Sandbox = Awaited<ReturnType<typeof setup>>;

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json() as T;

export type Row = Record<string, unknown>;
export type ListBody<K extends string> = {
  totalcount: number;
  next?: string;
  previous?: string;
} & {
  [key in K]: Row[];
};
