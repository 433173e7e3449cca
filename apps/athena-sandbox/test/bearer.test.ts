import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { setup, type Sandbox } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await setup();
});
afterAll(() => sb.app.close());

describe('/v1/{practiceid} access', () => {
  it('answers 401 "Developer Inactive" without a bearer token', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer']) {
      const response = await sb.app.inject({
        url: '/v1/195900/departments',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe('<h1>Developer Inactive</h1>');
    }
  });

  it('answers 401 for a token it never issued', async () => {
    const response = await sb.app.inject({
      url: '/v1/195900/departments',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Invalid or expired access token.',
      detailedmessage: 'Request a new token from /oauth2/v1/token.',
    });
  });

  it('answers 401 for every token after /_sandbox/expire-tokens; a new token works', async () => {
    const own = await setup();
    const second = await own.token();
    const call = (token: string) =>
      own.app.inject({
        url: '/v1/195900/departments',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call(own.bearer)).statusCode).toBe(200);
    const expired = await own.app.inject({ method: 'POST', url: '/_sandbox/expire-tokens' });
    expect(expired.json()).toEqual({ expired: 2 });
    expect((await call(own.bearer)).statusCode).toBe(401);
    expect((await call(second)).statusCode).toBe(401);
    expect((await call(await own.token())).statusCode).toBe(200);
    await own.app.close();
  });

  it('answers 404 with an athena error for another practice', async () => {
    const response = await sb.app.inject({
      url: '/v1/1128700/departments',
      headers: { authorization: `Bearer ${sb.bearer}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Invalid practice ID.',
      detailedmessage: 'Practice 1128700 is not available; this sandbox serves practice 195900.',
    });
  });

  it('serves the configured practice id instead', async () => {
    const other = await setup({ practiceId: '1128700' });
    const call = (practice: string) =>
      other.app.inject({
        url: `/v1/${practice}/departments`,
        headers: { authorization: `Bearer ${other.bearer}` },
      });
    expect((await call('1128700')).statusCode).toBe(200);
    expect((await call('195900')).statusCode).toBe(404);
    await other.app.close();
  });

  it('checks the token before the practice', async () => {
    const response = await sb.app.inject({ url: '/v1/1/departments' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for unknown paths', async () => {
    const response = await sb.get('/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
    expect((await sb.app.inject({ url: '/v2/195900/patients' })).statusCode).toBe(404);
  });

  it('echoes x-request-id', async () => {
    const response = await sb.app.inject({
      url: '/v1/195900/providers?limit=1',
      headers: { authorization: `Bearer ${sb.bearer}`, 'x-request-id': 'req-42' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('req-42');
    expect((await sb.get('/providers?limit=1')).headers['x-request-id']).toBeUndefined();
  });
});
