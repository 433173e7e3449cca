import { webcrypto } from 'node:crypto';

import { CompactEncrypt, compactDecrypt } from 'jose';

import { createPayloadSealer } from './payload-seal.js';

/**
 * Direct use of the 32-byte key (no key wrapping: the key never leaves the gateway), AES-256-GCM.
 * Opening accepts only these, so a token cannot choose a weaker algorithm for itself.
 */
const PROTECTED_HEADER = { alg: 'dir', enc: 'A256GCM' } as const;
const ACCEPTED = {
  keyManagementAlgorithms: [PROTECTED_HEADER.alg],
  contentEncryptionAlgorithms: [PROTECTED_HEADER.enc],
};

/** Compact JWE: five base64url parts, the second (the wrapped key) empty with `dir`. */
const isCompactJwe = (text: string) => /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/.test(text);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Seals short payloads as compact JWE (RFC 7516) with `jose`, the references handed to voice
 * agents and the stored idempotent answers. Opening also reads what was sealed before JWE (the
 * `v1:` format of payload-seal, with the same key), so rows and tokens written earlier still open.
 * The request log keeps payload-seal: its sealing must be synchronous (decision 0011).
 */
export function createJweSealer(key: Uint8Array) {
  if (key.length !== 32) {
    throw new Error('a JWE sealing key is 32 bytes (A256GCM)');
  }
  const legacy = createPayloadSealer(Buffer.from(key));
  // Imported into WebCrypto once, where a raw key would be imported again on every call (half
  // the cost of a seal; bench/README.md).
  let imported: Promise<webcrypto.CryptoKey> | null = null;
  const cryptoKey = () =>
    (imported ??= webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']));
  return {
    async seal(plain: string): Promise<string> {
      return new CompactEncrypt(encoder.encode(plain))
        .setProtectedHeader(PROTECTED_HEADER)
        .encrypt(await cryptoKey());
    },

    /** The plain text, or null when it was sealed with another key, changed, or is no seal. */
    async open(sealed: string): Promise<string | null> {
      if (!isCompactJwe(sealed)) {
        return legacy.open(sealed);
      }
      try {
        const { plaintext } = await compactDecrypt(sealed, await cryptoKey(), ACCEPTED);
        return decoder.decode(plaintext);
      } catch {
        return null;
      }
    },
  };
}

export type JweSealer = ReturnType<typeof createJweSealer>;
