import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
} from 'jose';
import type { JWK } from 'jose';

/**
 * What the next token response does to its ID token, so clients can be shown to refuse each kind
 * of bad token over real HTTP: signed by a key the IdP never published, expired, or meant for
 * another client.
 */
export const ID_TOKEN_FAULTS = ['forged', 'expired', 'wrong-audience', 'wrong-nonce'] as const;
export type IdTokenFault = (typeof ID_TOKEN_FAULTS)[number];

export const isIdTokenFault = (value: unknown): value is IdTokenFault =>
  typeof value === 'string' && (ID_TOKEN_FAULTS as readonly string[]).includes(value);

/** Re-signs an ID token the provider issued with the one change the fault names. */
export async function applyIdTokenFault(
  idToken: string,
  fault: IdTokenFault,
  signingJwk: JWK,
): Promise<string> {
  const header = decodeProtectedHeader(idToken);
  const claims = { ...decodeJwt(idToken) };
  const now = Math.floor(Date.now() / 1000);
  if (fault === 'expired') {
    claims.iat = now - 3_600;
    claims.exp = now - 1_800;
  } else if (fault === 'wrong-audience') {
    claims.aud = 'another-client';
  } else if (fault === 'wrong-nonce') {
    claims.nonce = 'not-the-nonce-you-sent';
  }
  const alg = header.alg ?? 'RS256';
  // A forged token names the published key but is signed by one nobody published.
  const key =
    fault === 'forged'
      ? (await generateKeyPair(alg, { extractable: true })).privateKey
      : await importJWK(signingJwk, alg);
  return new SignJWT(claims).setProtectedHeader({ alg, kid: header.kid }).sign(key);
}

/** A fresh RSA signing key as a private JWK, for providers started without one. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: 'dev-idp-1', alg: 'RS256', use: 'sig' };
}
