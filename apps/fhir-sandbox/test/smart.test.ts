import { createServer, type Server } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  assertion,
  BASIC,
  CLIENT_ID,
  FORM,
  signingKey,
  startSandbox,
  tokenForm,
  type Sandbox,
  type SigningKey,
} from './helpers.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let sb: Sandbox;
let rsa: SigningKey;
let ec: SigningKey;
let jwksServer: Server;
let jwksUrl: string;
let served: SigningKey;

beforeAll(async () => {
  [rsa, ec, served] = await Promise.all([
    signingKey('RS384'),
    signingKey('ES384'),
    signingKey('ES384'),
  ]);
  jwksServer = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [served.publicJwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const address = jwksServer.address();
  jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/.well-known/jwks.json`;
  sb = await startSandbox({
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: 'fhir-sandbox-secret',
        jwks: { keys: [rsa.publicJwk, ec.publicJwk] },
        scopes: ['system/*.cruds'],
      },
      { clientId: 'hosted-keys', jwksUrl, scopes: ['system/Slot.rs', 'system/Schedule.read'] },
      { clientId: 'reader', clientSecret: 'reader-secret', scopes: ['system/*.read'] },
    ],
  });
}, 60_000);

afterAll(async () => {
  await sb.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

const requestToken = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(sb.tokenUrl, { method: 'POST', headers: { ...FORM, ...headers }, body: tokenForm(fields) });

const withAssertion = async (jwt: string, extra: Record<string, string> = {}) =>
  requestToken({ client_assertion_type: ASSERTION_TYPE, client_assertion: jwt, ...extra });

async function refusal(response: Response) {
  return {
    status: response.status,
    ...((await response.json()) as { error: string; error_description: string }),
  };
}

describe('discovery', () => {
  it('publishes the SMART configuration beside the FHIR base and at the root', async () => {
    const fromBase = (await (
      await fetch(`${sb.base}/.well-known/smart-configuration`)
    ).json()) as Record<string, unknown>;
    expect(fromBase).toMatchObject({
      token_endpoint: sb.tokenUrl,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_basic'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      capabilities: expect.arrayContaining([
        'client-confidential-asymmetric',
        'permission-v1',
        'permission-v2',
      ]),
    });
    expect(await (await fetch(`${sb.origin}/.well-known/smart-configuration`)).json()).toEqual(
      fromBase,
    );
  });
});

describe('private_key_jwt', () => {
  it('issues a token for an RS384 or ES384 assertion signed with a registered key', async () => {
    for (const key of [rsa, ec]) {
      const response = await withAssertion(await assertion(key, { aud: sb.tokenUrl }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        token_type: 'bearer',
        expires_in: 600,
        scope: 'system/*.cruds',
      });
      const slots = await sb.fhir('Slot?_count=1', { token: body.access_token as string });
      expect(slots.status).toBe(200);
    }
  });

  it('fetches the keys from a registered JWKS URL', async () => {
    const jwt = await assertion(served, { aud: sb.tokenUrl, clientId: 'hosted-keys' });
    const response = await withAssertion(jwt, { scope: 'system/Slot.rs system/Patient.rs' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { scope: string }).scope).toBe('system/Slot.rs');
  });

  it('refuses assertions whose claims are wrong, saying which', async () => {
    const cases: Array<[string, Promise<string>]> = [
      [
        'has expired',
        assertion(rsa, { aud: sb.tokenUrl, now: new Date(Date.parse('2026-03-02T14:00:00Z')) }),
      ],
      ['at most 300 seconds ahead', assertion(rsa, { aud: sb.tokenUrl, expiresIn: 600 })],
      [
        `aud must be the token endpoint URL ${sb.tokenUrl}`,
        assertion(rsa, { aud: `${sb.base}/token` }),
      ],
      [
        'iss and sub must both be the client id',
        assertion(rsa, { aud: sb.tokenUrl, claims: { sub: 'someone-else' } }),
      ],
      ['no client nobody is registered', assertion(rsa, { aud: sb.tokenUrl, clientId: 'nobody' })],
      ['needs the kid', assertion(rsa, { aud: sb.tokenUrl, kid: null })],
      [
        'no registered key has kid "unknown-kid"',
        assertion(rsa, { aud: sb.tokenUrl, kid: 'unknown-kid' }),
      ],
    ];
    for (const [message, jwt] of cases) {
      const answer = await refusal(await withAssertion(await jwt));
      expect(answer, message).toMatchObject({ status: 400, error: 'invalid_client' });
      expect(answer.error_description).toContain(message);
    }
  });

  it('refuses an assertion signed with another key under a registered kid', async () => {
    const impostor = await signingKey('RS384', rsa.kid);
    const answer = await refusal(
      await withAssertion(await assertion(impostor, { aud: sb.tokenUrl })),
    );
    expect(answer).toMatchObject({ status: 400, error: 'invalid_client' });
    expect(answer.error_description).toBe(
      `the signature does not verify with the registered key "${rsa.kid}"`,
    );
  });

  it('refuses a replayed jti while the assertion would still be valid', async () => {
    const jwt = await assertion(ec, { aud: sb.tokenUrl, jti: 'once-only' });
    expect((await withAssertion(jwt)).status).toBe(200);
    const replay = await refusal(await withAssertion(jwt));
    expect(replay).toMatchObject({ status: 400, error: 'invalid_client' });
    expect(replay.error_description).toContain('jti was used before');
    const sameJtiOtherClient = await assertion(served, {
      aud: sb.tokenUrl,
      clientId: 'hosted-keys',
      jti: 'once-only',
    });
    expect((await withAssertion(sameJtiOtherClient)).status).toBe(200);
  });

  it('takes only RS384 and ES384, a JWT, and the assertion type SMART names', async () => {
    const { SignJWT } = await import('jose');
    const hs = await new SignJWT({ jti: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: 'k' })
      .setIssuer(CLIENT_ID)
      .setSubject(CLIENT_ID)
      .setAudience(sb.tokenUrl)
      .setExpirationTime(Math.floor(Date.parse('2026-03-02T15:02:00Z') / 1000))
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    expect((await refusal(await withAssertion(hs))).error_description).toBe(
      'alg must be RS384 or ES384 (got HS256)',
    );
    expect((await refusal(await withAssertion('not-a-jwt'))).error_description).toBe(
      'client_assertion is not a signed JWT',
    );
    const wrongType = await requestToken({ client_assertion_type: 'urn:x', client_assertion: 'y' });
    expect(await refusal(wrongType)).toMatchObject({ status: 400, error: 'invalid_request' });
    const mismatch = await withAssertion(await assertion(rsa, { aud: sb.tokenUrl }), {
      client_id: 'reader',
    });
    expect((await refusal(mismatch)).error_description).toBe(
      'client_id does not match the assertion',
    );
  });
});

describe('client_secret_basic and the grant', () => {
  it('issues tokens for the right secret only', async () => {
    expect((await requestToken({}, { authorization: BASIC })).status).toBe(200);
    const wrong = await requestToken(
      {},
      { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}` },
    );
    expect(await refusal(wrong)).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const noKeys = await requestToken(
      {},
      { authorization: `Basic ${Buffer.from('hosted-keys:x').toString('base64')}` },
    );
    expect(noKeys.status).toBe(401);
    expect(await refusal(await requestToken({}))).toMatchObject({
      status: 400,
      error: 'invalid_client',
    });
  });

  it('grants the requested scopes the registration covers, v1 or v2', async () => {
    const scopeOf = async (scope: string, authorization = BASIC) => {
      const response = await requestToken({ scope }, { authorization });
      return response.status === 200
        ? ((await response.json()) as { scope: string }).scope
        : await refusal(response);
    };
    expect(await scopeOf('system/Slot.read system/Appointment.cruds')).toBe(
      'system/Slot.read system/Appointment.cruds',
    );
    expect(await scopeOf('system/Slot.rs launch openid')).toBe('system/Slot.rs');
    const reader = `Basic ${Buffer.from('reader:reader-secret').toString('base64')}`;
    expect(await scopeOf('system/Slot.rs system/Appointment.write', reader)).toBe('system/Slot.rs');
    expect(await scopeOf('system/Appointment.c', reader)).toMatchObject({
      status: 400,
      error: 'invalid_scope',
    });
    expect(await scopeOf('patient/*.read')).toMatchObject({ status: 400, error: 'invalid_scope' });
  });

  it('answers OAuth errors for other grants and bodies', async () => {
    const other = await fetch(sb.tokenUrl, {
      method: 'POST',
      headers: { ...FORM, authorization: BASIC },
      body: 'grant_type=authorization_code',
    });
    expect(await refusal(other)).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
    const none = await fetch(sb.tokenUrl, {
      method: 'POST',
      headers: { ...FORM, authorization: BASIC },
      body: '',
    });
    expect(await refusal(none)).toMatchObject({ status: 400, error: 'invalid_request' });
    const json = await fetch(sb.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: BASIC },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(await refusal(json)).toMatchObject({ status: 400, error: 'invalid_request' });
  });
});

describe('bearer tokens on FHIR calls', () => {
  it('needs one: missing, unknown and expired tokens are 401 OperationOutcomes', async () => {
    const missing = await fetch(`${sb.base}/Patient/1001`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="fhir-sandbox"');
    expect(await missing.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'login' }],
    });
    const unknown = await sb.fhir('Patient/1001', { token: 'made-up' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const token = await sb.token();
    sb.clock.advance(601_000);
    const expired = await sb.fhir('Patient/1001', { token });
    expect(expired.status).toBe(401);
    expect(JSON.stringify(expired.body)).toContain('The access token has expired');
    sb.clock.advance(-601_000);
    expect((await sb.fhir('metadata', { token: 'none needed' })).status).toBe(200);
  });

  it('checks the scope for each interaction and names the one missing', async () => {
    const slotReader = await sb.token('system/Slot.read');
    expect((await sb.fhir('Slot?_count=1', { token: slotReader })).status).toBe(200);
    const denied = await sb.fhir('Patient/1001', { token: slotReader });
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).toContain(
      'it needs system/Patient.r (v2) or system/Patient.read (v1)',
    );
    const readOnly = await sb.token('system/Appointment.r');
    expect((await sb.fhir('Appointment?_count=1', { token: readOnly })).status).toBe(403);
    const booking = await sb.fhir('Appointment', {
      method: 'POST',
      token: slotReader,
      body: JSON.stringify({ resourceType: 'Appointment' }),
    });
    expect(booking.status).toBe(403);
  });

  it('counts what the token endpoint did', async () => {
    const stats = (await sb.admin('/stats')).body!;
    expect(stats.tokenRequests).toBeGreaterThan(10);
    expect(stats.tokensRefused).toMatchObject({
      invalid_client: expect.any(Number),
      invalid_scope: expect.any(Number),
    });
  });
});
