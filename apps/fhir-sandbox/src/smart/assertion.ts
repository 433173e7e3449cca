import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';

import type { ClientRegistry } from './clients.js';

/**
 * Checks a SMART Backend Services client assertion (private_key_jwt, SMART App Launch 2.x):
 * signed RS384 or ES384 with a `kid` of a registered key, iss = sub = the client id,
 * aud = this token endpoint's URL, exp at most five minutes ahead, and a jti never seen before
 * (replays are refused for as long as the assertion would be valid).
 */

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];
export const MAX_ASSERTION_LIFETIME_SECONDS = 300;

export class AssertionRefused extends Error {
  override name = 'AssertionRefused';
}

const refuse = (message: string) => new AssertionRefused(message);

function readUnverified(assertion: string) {
  try {
    return { header: decodeProtectedHeader(assertion), claims: decodeJwt(assertion) };
  } catch {
    throw refuse('client_assertion is not a signed JWT');
  }
}

function explain(error: unknown, kid: string, tokenUrl: string): AssertionRefused {
  if (error instanceof errors.JWTExpired) {
    return refuse('the assertion has expired (exp is in the past)');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'aud'
      ? refuse(`aud must be the token endpoint URL ${tokenUrl}`)
      : refuse(`claim ${error.claim}: ${error.message}`);
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return refuse(`no registered key has kid "${kid}" for this algorithm`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return refuse(`the signature does not verify with the registered key "${kid}"`);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSEError) {
    return refuse(`the client's key set could not be used: ${error.message}`);
  }
  return refuse(
    `the client's key set could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
  );
}

export function createAssertionVerifier(options: { clients: ClientRegistry; now: () => Date }) {
  /** `iss jti` → when the assertion stops being valid (ms). */
  const seen = new Map<string, number>();

  function remember(key: string, expiresAt: number, at: number) {
    for (const [old, until] of seen) {
      if (until <= at) {
        seen.delete(old);
      }
    }
    if (seen.has(key)) {
      throw refuse('this jti was used before: an assertion is good for one token request');
    }
    seen.set(key, expiresAt);
  }

  /**
   * The client id the assertion proves, or an AssertionRefused saying why not. `tokenUrl` is the
   * URL the client posted to, which the assertion's aud must name.
   */
  return async function verify(
    assertion: string,
    { tokenUrl, clientIdParam }: { tokenUrl: string; clientIdParam?: string },
  ): Promise<string> {
    const { header, claims } = readUnverified(assertion);
    if (!header.alg || !ASSERTION_ALGORITHMS.includes(header.alg)) {
      throw refuse(`alg must be RS384 or ES384 (got ${header.alg ?? 'none'})`);
    }
    if (typeof header.kid !== 'string' || !header.kid) {
      throw refuse('the JWT header needs the kid of the signing key');
    }
    const clientId = claims.iss;
    if (typeof clientId !== 'string' || claims.sub !== clientId) {
      throw refuse('iss and sub must both be the client id');
    }
    if (clientIdParam && clientIdParam !== clientId) {
      throw refuse('client_id does not match the assertion');
    }
    const client = options.clients.get(clientId);
    const keySet = client ? options.clients.keySet(client) : null;
    if (!client || !keySet) {
      throw refuse(`no client ${clientId} is registered for private_key_jwt`);
    }
    const at = options.now();
    const { payload } = await jwtVerify(assertion, keySet, {
      algorithms: ASSERTION_ALGORITHMS,
      issuer: clientId,
      subject: clientId,
      audience: tokenUrl,
      currentDate: at,
      requiredClaims: ['exp', 'jti'],
    }).catch((error: unknown) => {
      throw explain(error, header.kid!, tokenUrl);
    });
    const lifetime = payload.exp! - Math.floor(at.getTime() / 1000);
    if (lifetime > MAX_ASSERTION_LIFETIME_SECONDS) {
      throw refuse(
        `exp must be at most ${MAX_ASSERTION_LIFETIME_SECONDS} seconds ahead (got ${lifetime})`,
      );
    }
    remember(`${clientId} ${payload.jti}`, payload.exp! * 1000, at.getTime());
    return clientId;
  };
}

export type AssertionVerifier = ReturnType<typeof createAssertionVerifier>;
