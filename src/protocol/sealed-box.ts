/**
 * Sealed box for wallet shares in transit between the frame and the provider, WebCrypto only
 * (globalThis.crypto.subtle: browsers and Node 20), so both sides share this one file.
 *
 * Scheme (one message, one fresh sender key): ECDH P-256 between an ephemeral sender key and the
 * recipient's public key → 32-byte shared secret → HKDF-SHA256 (salt: the ephemeral public key,
 * raw uncompressed point; info: SEALED_BOX_INFO) → AES-256-GCM key → encrypt with a random
 * 96-bit IV. GCM authenticates the ciphertext: a changed byte, another recipient key or another
 * ephemeral key makes `openSealed` throw.
 */

import { B64URL, fromB64url, toB64url } from './base64url.js';

export { fromB64url, toB64url } from './base64url.js';

/** A sealed payload: the sender's ephemeral public key, the IV and the ciphertext with its GCM tag. */
export interface Sealed {
  /** Sender's ephemeral P-256 public key (kty, crv, x, y only). */
  epk: JsonWebKey;
  /** 12 bytes, base64url. */
  iv: string;
  /** AES-256-GCM ciphertext followed by the 16-byte tag, base64url. */
  ct: string;
}

/** HKDF `info` of the scheme; a new version of the scheme gets a new label. */
const SEALED_BOX_INFO = 'gatehouse-sealed-box-v1';
const CURVE = 'P-256';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Longest base64url field accepted by `isSealed` (a share is well under 100 bytes). */
const SEALED_FIELD_MAX_LENGTH = 4096;

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const ECDH = { name: 'ECDH', namedCurve: CURVE } as const;

/** A copy backed by a plain ArrayBuffer, as WebCrypto's typings want. */
function bytes(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(view);
}

/**
 * The public part of a P-256 key as a JWK of exactly {kty, crv, x, y}; throws for any other
 * key. Strips `d`, so a private JWK passed by mistake is never imported or sent as a private key.
 */
export function publicJwkOf(jwk: unknown): JsonWebKey {
  const key = jwk as Record<string, unknown> | null;
  if (
    typeof key !== 'object' ||
    key === null ||
    key.kty !== 'EC' ||
    key.crv !== CURVE ||
    typeof key.x !== 'string' ||
    typeof key.y !== 'string' ||
    !B64URL.test(key.x) ||
    !B64URL.test(key.y) ||
    key.x.length !== 43 ||
    key.y.length !== 43
  ) {
    throw new Error('Not a P-256 public key');
  }
  return { kty: 'EC', crv: CURVE, x: key.x, y: key.y };
}

/** Whether a value has the shape of a Sealed payload (the crypto is checked by `openSealed`). */
export function isSealed(value: unknown): value is Sealed {
  const sealed = value as Record<string, unknown> | null;
  if (typeof sealed !== 'object' || sealed === null) return false;
  const { epk, iv, ct } = sealed;
  if (typeof iv !== 'string' || typeof ct !== 'string') return false;
  if (!B64URL.test(iv) || !B64URL.test(ct) || ct.length > SEALED_FIELD_MAX_LENGTH) return false;
  if (iv.length !== 16 || ct.length < 22) return false;
  try {
    publicJwkOf(epk);
    return true;
  } catch {
    return false;
  }
}

async function importPublic(jwk: JsonWebKey): Promise<CryptoKey> {
  return subtle().importKey('jwk', publicJwkOf(jwk), ECDH, true, []);
}

/** A private P-256 key (JWK with `d`) for `openSealed`; non-extractable. */
export async function importSealPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return subtle().importKey('jwk', jwk, ECDH, false, ['deriveBits']);
}

/**
 * A recipient key pair: the frame's one-time reply key, or the server's transport key
 * (`extractable` so the server can store its private half encrypted).
 */
export async function generateSealKeyPair(
  extractable = false,
): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JsonWebKey }> {
  const pair = await subtle().generateKey(ECDH, extractable, ['deriveBits']);
  const publicJwk = publicJwkOf(await subtle().exportKey('jwk', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: pair.publicKey, publicJwk };
}

async function aesKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  usage: 'encrypt' | 'decrypt',
  ephemeralRaw: Uint8Array,
): Promise<CryptoKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdf = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: bytes(ephemeralRaw),
      info: new TextEncoder().encode(SEALED_BOX_INFO),
    },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Seals `plaintext` to the holder of the private half of `recipient` (a P-256 public JWK). */
export async function seal(recipient: JsonWebKey, plaintext: Uint8Array): Promise<Sealed> {
  const recipientKey = await importPublic(recipient);
  const ephemeral = await subtle().generateKey(ECDH, false, ['deriveBits']);
  const ephemeralRaw = new Uint8Array(await subtle().exportKey('raw', ephemeral.publicKey));
  const key = await aesKey(ephemeral.privateKey, recipientKey, 'encrypt', ephemeralRaw);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, bytes(plaintext)));
  const epk = publicJwkOf(await subtle().exportKey('jwk', ephemeral.publicKey));
  return { epk, iv: toB64url(iv), ct: toB64url(ct) };
}

/** Opens a payload sealed to this private key; throws when it was sealed to another key or altered. */
export async function openSealed(privateKey: CryptoKey, sealed: Sealed): Promise<Uint8Array> {
  if (!isSealed(sealed)) throw new Error('Not a sealed payload');
  const ephemeralKey = await importPublic(sealed.epk);
  const ephemeralRaw = new Uint8Array(await subtle().exportKey('raw', ephemeralKey));
  const key = await aesKey(privateKey, ephemeralKey, 'decrypt', ephemeralRaw);
  const ct = fromB64url(sealed.ct);
  if (ct.length < TAG_BYTES) throw new Error('Sealed payload too short');
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromB64url(sealed.iv) }, key, ct);
  return new Uint8Array(plain);
}
