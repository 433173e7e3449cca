import type { Bundle, Resource } from '@medplum/fhirtypes';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';

import { buildFhirSandbox, type FhirSandboxOptions } from '../src/index.js';

/** Monday 2 March 2026, 10:00 in Boston (15:00 UTC). */
export const START = new Date('2026-03-02T15:00:00Z');

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

export const CLIENT_ID = 'fhir-sandbox-client';
export const BASIC = `Basic ${Buffer.from('fhir-sandbox-client:fhir-sandbox-secret').toString('base64')}`;
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface SigningKey {
  kid: string;
  alg: 'RS384' | 'ES384';
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
}

export async function signingKey(
  alg: 'RS384' | 'ES384',
  kid = `${alg}-${randomUUID()}`,
): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return {
    kid,
    alg,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' },
  };
}

/** A client assertion as SMART Backend Services asks for; every claim can be overridden. */
export async function assertion(
  key: SigningKey,
  options: {
    clientId?: string;
    aud: string;
    now?: Date;
    expiresIn?: number;
    jti?: string;
    claims?: Record<string, unknown>;
    kid?: string | null;
  },
) {
  const now = Math.floor((options.now ?? START).getTime() / 1000);
  const clientId = options.clientId ?? CLIENT_ID;
  return new SignJWT({
    iss: clientId,
    sub: clientId,
    aud: options.aud,
    iat: now,
    exp: now + (options.expiresIn ?? 240),
    jti: options.jti ?? randomUUID(),
    ...options.claims,
  })
    .setProtectedHeader({
      alg: key.alg,
      typ: 'JWT',
      ...(options.kid === null ? {} : { kid: options.kid ?? key.kid }),
    })
    .sign(key.privateKey);
}

export const tokenForm = (fields: Record<string, string>) =>
  new URLSearchParams({ grant_type: 'client_credentials', ...fields }).toString();

/** A sandbox listening on a free port, on a pinned clock, with short windows of slots. */
export async function startSandbox(options: FhirSandboxOptions = {}) {
  const clock = testClock();
  const app = buildFhirSandbox({ now: clock.now, slotDaysPast: 7, slotDaysAhead: 21, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const base = `${origin}/fhir/r4`;
  const tokenUrl = `${origin}/oauth2/token`;

  async function token(scope?: string): Promise<string> {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { authorization: BASIC, ...FORM },
      body: tokenForm(scope ? { scope } : {}),
    });
    if (response.status !== 200) {
      throw new Error(`token: ${response.status} ${await response.text()}`);
    }
    return ((await response.json()) as { access_token: string }).access_token;
  }

  let bearer = await token();
  const fhir = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(path.startsWith('http') ? path : `${base}/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${init.token ?? bearer}`,
        ...(init.body ? { 'content-type': 'application/fhir+json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Resource & Record<string, unknown>) : null,
    };
  };
  const admin = async (path: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${origin}/_sandbox${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };
  return {
    app,
    clock,
    origin,
    base,
    tokenUrl,
    token,
    renewBearer: async () => {
      bearer = await token();
    },
    fhir,
    get: (path: string) => fhir(path),
    bundle: async (path: string) => (await fhir(path)).body as unknown as Bundle,
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fhir(path, { method: 'POST', body: JSON.stringify(body), headers }),
    /** Books a free slot for the seeded patient 1001, as the gateway's booking would. */
    book: (slotId: string) =>
      fhir('Appointment', {
        method: 'POST',
        body: JSON.stringify({
          resourceType: 'Appointment',
          status: 'booked',
          slot: [{ reference: `Slot/${slotId}` }],
          participant: [{ actor: { reference: 'Patient/1001' }, status: 'accepted' }],
        }),
      }),
    admin,
    close: () => app.close(),
  };
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The resources of a searchset's matches. */
export const matches = <T extends Resource>(bundle: Bundle) =>
  (bundle.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource as T);
