import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';

import type { EhrCallContext } from '../ehr-client.js';
import { AthenaError, readBody, retryAfterOf } from '../athena/athena-failure.js';
import { encodeForm, type AthenaSend } from '../athena/athena-send.js';
import type { SigningKey } from './fhir-keys.js';

/** SMART asks that an assertion live at most five minutes; a short life leaves less to replay. */
const ASSERTION_LIFETIME_SECONDS = 240;

export interface FhirTokenOptions {
  /** The FHIR base URL without a trailing slash. */
  baseUrl: string;
  clientId: string;
  /** private_key_jwt when set, else client_secret_basic with `clientSecret`. */
  signingKey: Promise<SigningKey> | null;
  clientSecret: string | undefined;
  scopes: string;
  send: AthenaSend;
  refreshMarginMs: number;
  now: () => number;
}

/** The token endpoint from `{base}/.well-known/smart-configuration`. */
async function discoverTokenUrl(options: FhirTokenOptions, ctx: EhrCallContext): Promise<string> {
  const response = await options.send(
    `${options.baseUrl}/.well-known/smart-configuration`,
    { method: 'GET', headers: { accept: 'application/json' } },
    ctx,
  );
  const body = (await readBody(response)) as { token_endpoint?: unknown } | null;
  if (!response.ok || typeof body?.token_endpoint !== 'string') {
    throw new AthenaError(
      'upstream-error',
      `FHIR EHR has no SMART configuration at ${options.baseUrl}/.well-known/smart-configuration (${response.status})`,
      response.status,
    );
  }
  return body.token_endpoint;
}

/** A client assertion: iss = sub = client id, aud = the token URL, a fresh jti, exp ≤ 5 min. */
async function clientAssertion(options: FhirTokenOptions, tokenUrl: string, key: SigningKey) {
  const issuedAt = Math.floor(options.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(options.clientId)
    .setSubject(options.clientId)
    .setAudience(tokenUrl)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
    .sign(key.key);
}

async function askForToken(options: FhirTokenOptions, tokenUrl: string, ctx: EhrCallContext) {
  const { signingKey, clientId, clientSecret } = options;
  const form: Record<string, string> = { grant_type: 'client_credentials', scope: options.scopes };
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (signingKey) {
    form.client_assertion_type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    form.client_assertion = await clientAssertion(options, tokenUrl, await signingKey);
  } else {
    const basic = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret ?? '')}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }
  const response = await options.send(
    tokenUrl,
    { method: 'POST', headers, body: encodeForm(form) },
    ctx,
  );
  const body = (await readBody(response)) as Record<string, unknown> | null;
  if (response.status === 429) {
    const wait = retryAfterOf(response, options.now()) ?? 60;
    throw new AthenaError(
      'rate-limited',
      'FHIR EHR is limiting new access tokens',
      429,
      undefined,
      wait,
    );
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    // The OAuth error code says which part was refused; its description may quote the request.
    const reason = typeof body?.error === 'string' ? ` (${body.error})` : '';
    const message = `FHIR EHR refused the gateway\u2019s client credentials${reason}`;
    throw new AthenaError('credentials', message, response.status);
  }
  const accessToken = body?.access_token;
  const expiresIn = Number(body?.expires_in);
  if (!response.ok || typeof accessToken !== 'string' || !Number.isFinite(expiresIn)) {
    throw new AthenaError('upstream-error', `FHIR EHR token endpoint answered ${response.status}`);
  }
  return { accessToken, lifetimeMs: expiresIn * 1000 };
}

/**
 * SMART Backend Services tokens: the token URL discovered once, an access token cached until
 * shortly before it expires (this flow has no refresh token), one request in flight however many
 * calls wait. Tokens, the key and the secret never leave this module.
 */
export function createFhirTokens(options: FhirTokenOptions) {
  const { now, refreshMarginMs } = options;
  const counts = { succeeded: 0, failed: 0, lastAt: null as string | null };
  let tokenUrl: Promise<string> | null = null;
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function renew(ctx: EhrCallContext): Promise<string> {
    try {
      tokenUrl ??= discoverTokenUrl(options, ctx).catch((error: unknown) => {
        tokenUrl = null;
        throw error;
      });
      const { accessToken, lifetimeMs } = await askForToken(options, await tokenUrl, ctx);
      counts.succeeded += 1;
      counts.lastAt = new Date(now()).toISOString();
      token = {
        value: accessToken,
        renewAt: now() + Math.max(lifetimeMs / 2, lifetimeMs - refreshMarginMs),
      };
      return accessToken;
    } catch (error) {
      counts.failed += 1;
      throw error;
    }
  }

  return {
    get(ctx: EhrCallContext): Promise<string> {
      if (token && now() < token.renewAt) {
        return Promise.resolve(token.value);
      }
      pending ??= renew(ctx).finally(() => {
        pending = null;
      });
      return pending;
    },
    /** Drops the cached token (the EHR refused it before its time). */
    forget(): void {
      token = null;
    },
    counts: () => ({ ...counts }),
  };
}
