import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

import { calculateJwkThumbprint, type JWK } from 'jose';

/** The algorithms SMART Backend Services asks servers to support, by key type. */
const ALGORITHMS: Record<string, 'RS384' | 'ES384'> = { rsa: 'RS384', ec: 'ES384' };

export interface PublicKeySet {
  keys: JWK[];
}

export interface SigningKey {
  key: KeyObject;
  alg: 'RS384' | 'ES384';
  kid: string;
}

/** A PEM (with `\n` escapes as env files write them) or a JWK given as JSON. */
function keyInput(text: string): { key: string } | { key: JsonWebKey; format: 'jwk' } {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    return { key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' };
  }
  return { key: trimmed.replace(/\\n/g, '\n') };
}

function algorithmOf(key: KeyObject, variable: string): 'RS384' | 'ES384' {
  const alg = ALGORITHMS[key.asymmetricKeyType ?? ''];
  if (!alg) {
    throw new Error(`${variable} must be an RSA or EC P-384 key (RS384 or ES384)`);
  }
  return alg;
}

/** The key's own kid when its JWK names one, else its RFC 7638 thumbprint. */
async function kidOf(key: KeyObject, given: unknown): Promise<string> {
  if (typeof given === 'string' && given) {
    return given;
  }
  const publicKey = key.type === 'public' ? key : createPublicKey(key);
  return calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK);
}

/** FHIR_PRIVATE_KEY as a signing key; the error names the variable, never the key. */
export async function signingKeyFrom(text: string): Promise<SigningKey> {
  let key: KeyObject;
  try {
    key = createPrivateKey(keyInput(text));
  } catch {
    throw new Error('FHIR_PRIVATE_KEY is not a PKCS#8 PEM or a private JWK');
  }
  const given = text.trim().startsWith('{') ? (JSON.parse(text) as { kid?: unknown }).kid : null;
  return { key, alg: algorithmOf(key, 'FHIR_PRIVATE_KEY'), kid: await kidOf(key, given) };
}

/**
 * The public key set EHRs verify the gateway's assertions with: the current key, and during a
 * rotation's grace the previous one (FHIR_PREVIOUS_PUBLIC_KEY). Public halves only.
 */
export async function publicKeySet(
  current: SigningKey | null,
  previousText: string | undefined,
): Promise<PublicKeySet> {
  const keys: JWK[] = [];
  if (current) {
    const jwk = createPublicKey(current.key).export({ format: 'jwk' }) as JWK;
    keys.push({ ...jwk, kid: current.kid, alg: current.alg, use: 'sig' });
  }
  if (previousText) {
    let previous: KeyObject;
    try {
      previous = createPublicKey(keyInput(previousText));
    } catch {
      throw new Error('FHIR_PREVIOUS_PUBLIC_KEY is not a public key (SPKI PEM or JWK)');
    }
    const given = previousText.trim().startsWith('{')
      ? (JSON.parse(previousText) as { kid?: unknown }).kid
      : null;
    const jwk = previous.export({ format: 'jwk' }) as JWK;
    keys.push({
      ...jwk,
      kid: await kidOf(previous, given),
      alg: algorithmOf(previous, 'FHIR_PREVIOUS_PUBLIC_KEY'),
      use: 'sig',
    });
  }
  return { keys };
}
