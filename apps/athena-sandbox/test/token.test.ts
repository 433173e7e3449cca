import { afterEach, describe, expect, it } from 'vitest';

import { buildSandbox } from '../src/app.js';
import { BASIC, FORM, form, PRACTICE, testClock } from './helpers.js';

const apps: Array<ReturnType<typeof buildSandbox>> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function sandbox(options: Parameters<typeof buildSandbox>[0] = {}) {
  const clock = testClock();
  const app = buildSandbox({ now: clock.now, ...options });
  apps.push(app);
  const requestToken = (
    authorization = BASIC,
    fields: Record<string, string> = { grant_type: 'client_credentials' },
  ) =>
    app.inject({
      method: 'POST',
      url: '/oauth2/v1/token',
      headers: { authorization, ...FORM },
      payload: form(fields),
    });
  return { app, clock, requestToken };
}

describe('POST /oauth2/v1/token', () => {
  it('issues a bearer token for the client credentials grant', async () => {
    const { requestToken } = sandbox();
    const response = await requestToken(BASIC, {
      grant_type: 'client_credentials',
      scope: 'athena/service/Athenanet.MDP.*',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{20,}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'athena/service/Athenanet.MDP.*',
    });
  });

  it('answers the configured lifetime and the default scope when none is asked', async () => {
    const { requestToken } = sandbox({ tokenTtlSeconds: 120 });
    const body = (await requestToken()).json();
    expect(body.expires_in).toBe(120);
    expect(body.scope).toBe('athena/service/Athenanet.MDP.*');
  });

  it('accepts configured credentials and refuses others with 401 invalid_client', async () => {
    const { requestToken } = sandbox({ clientId: 'me', clientSecret: 's3cret' });
    const mine = `Basic ${Buffer.from('me:s3cret').toString('base64')}`;
    expect((await requestToken(mine)).statusCode).toBe(200);

    for (const authorization of [
      BASIC,
      `Basic ${Buffer.from('me:wrong').toString('base64')}`,
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      'Bearer abc',
      '',
    ]) {
      const response = await requestToken(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('also takes client_id and client_secret from the form', async () => {
    const { requestToken } = sandbox();
    const response = await requestToken('', {
      grant_type: 'client_credentials',
      client_id: 'sandbox-client',
      client_secret: 'sandbox-secret',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 for a missing or unsupported grant type', async () => {
    const { requestToken } = sandbox();
    const missing = await requestToken(BASIC, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const wrong = await requestToken(BASIC, { grant_type: 'password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('limits new tokens per clock minute with 429 and Retry-After to the minute’s end', async () => {
    // 15:00:00 UTC plus 45 s: 15 s of the minute remain.
    const { requestToken, clock } = sandbox();
    clock.advance(45_000);
    for (let i = 0; i < 5; i += 1) {
      expect((await requestToken()).statusCode).toBe(200);
    }
    const limited = await requestToken();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('15');
    expect(limited.json()).toMatchObject({ error: 'rate_limit_exceeded' });

    clock.advance(14_000);
    expect((await requestToken()).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await requestToken()).statusCode).toBe(200);
  });

  it('does not count refused requests against the limit', async () => {
    const { requestToken } = sandbox({ tokenLimitPerMinute: 1 });
    await requestToken(`Basic ${Buffer.from('x:y').toString('base64')}`);
    expect((await requestToken()).statusCode).toBe(200);
    expect((await requestToken()).statusCode).toBe(429);
  });

  it('issues tokens that work until their lifetime ends', async () => {
    const { app, requestToken, clock } = sandbox({ tokenTtlSeconds: 60 });
    const token = (await requestToken()).json().access_token as string;
    const call = () =>
      app.inject({ url: `${PRACTICE}/departments`, headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    clock.advance(59_000);
    expect((await call()).statusCode).toBe(200);
    clock.advance(1_000);
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: 'Invalid or expired access token.' });
  });

  it('counts token requests in the stats', async () => {
    const { app, requestToken } = sandbox({ tokenLimitPerMinute: 1 });
    await requestToken();
    await requestToken();
    await requestToken('Basic eDp5');
    const stats = (await app.inject({ url: '/_sandbox/stats' })).json();
    expect(stats).toMatchObject({
      tokenRequests: 3,
      tokensIssued: 1,
      tokensRateLimited: 1,
      tokensRefused: 1,
    });
  });
});
