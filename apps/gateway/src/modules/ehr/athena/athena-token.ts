import type { EhrCallContext } from '../ehr-client.js';
import { AthenaError, readBody, retryAfterOf } from './athena-failure.js';
import { encodeForm, type AthenaSend } from './athena-send.js';

export interface AthenaTokenOptions {
  /** athena's base URL without a trailing slash. */
  root: string;
  clientId: string;
  clientSecret: string;
  send: AthenaSend;
  /** A token is renewed this long before athena says it expires (at half its life at most). */
  refreshMarginMs: number;
  /** How long a refused token request is remembered, so callers do not each ask again. */
  credentialFailureCacheMs: number;
  now: () => number;
}

/** One client-credentials token request: the token and its lifetime, or why there is none. */
async function askForToken(
  { root, clientId, clientSecret, send, now }: AthenaTokenOptions,
  ctx: EhrCallContext,
): Promise<{ accessToken: string; lifetimeMs: number }> {
  const response = await send(
    `${root}/oauth2/v1/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: encodeForm({
        grant_type: 'client_credentials',
        scope: 'athena/service/Athenanet.MDP.*',
      }),
    },
    ctx,
  );
  const body = (await readBody(response)) as Record<string, unknown> | string | null;
  const { status } = response;
  if (status === 429) {
    const wait = retryAfterOf(response, now()) ?? 60;
    const message = 'Athena EHR is limiting new access tokens';
    throw new AthenaError('rate-limited', message, 429, undefined, wait);
  }
  if (status === 400 || status === 401 || status === 403) {
    const message = 'Athena EHR refused the gateway\u2019s client credentials';
    throw new AthenaError('credentials', message, status);
  }
  const accessToken = typeof body === 'object' && body ? body.access_token : undefined;
  const expiresIn = typeof body === 'object' && body ? Number(body.expires_in) : NaN;
  if (!response.ok || typeof accessToken !== 'string' || !Number.isFinite(expiresIn)) {
    throw new AthenaError('upstream-error', `Athena EHR token endpoint answered ${status}`, status);
  }
  return { accessToken, lifetimeMs: expiresIn * 1000 };
}

/**
 * athena's OAuth2 client-credentials tokens: cached, renewed early, one request in flight however
 * many calls wait, and a refusal (wrong credentials, too many token requests) shared for a while
 * instead of asked again per call. Tokens and the client secret never leave this module.
 */
export function createAthenaTokens(options: AthenaTokenOptions) {
  const { now, refreshMarginMs, credentialFailureCacheMs } = options;
  const counts = { succeeded: 0, failed: 0 };
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let refused: { error: AthenaError; until: number } | null = null;

  function remember(error: unknown): never {
    counts.failed += 1;
    if (
      error instanceof AthenaError &&
      (error.kind === 'credentials' || error.kind === 'rate-limited')
    ) {
      const holdMs = Math.max(credentialFailureCacheMs, (error.retryAfterSeconds ?? 0) * 1000);
      refused = { error, until: now() + holdMs };
    }
    throw error;
  }

  async function renew(ctx: EhrCallContext): Promise<string> {
    const { accessToken, lifetimeMs } = await askForToken(options, ctx).catch(remember);
    counts.succeeded += 1;
    token = {
      value: accessToken,
      renewAt: now() + Math.max(lifetimeMs / 2, lifetimeMs - refreshMarginMs),
    };
    return accessToken;
  }

  return {
    /** A valid token, from the cache or the one request in flight. */
    get(ctx: EhrCallContext): Promise<string> {
      if (token && now() < token.renewAt) {
        return Promise.resolve(token.value);
      }
      if (refused && now() < refused.until) {
        return Promise.reject(refused.error);
      }
      pending ??= renew(ctx).finally(() => {
        pending = null;
      });
      return pending;
    },
    /** Drops the cached token (athena refused it before its time). */
    forget(): void {
      token = null;
    },
    /** Tokens obtained and token requests failed since start. */
    counts: (): Readonly<typeof counts> => ({ ...counts }),
  };
}
