/**
 * The recovery share under the user's passkey (`passkey`, protocol/passkey.ts PasskeyBox): the
 * passkey's PRF output (evaluated on PASSKEY_PRF_INPUT in the surface, never sent anywhere but
 * this frame) → HKDF-SHA-256 with a random salt and the wallet's address → an AES-256-GCM key
 * (WebCrypto, not extractable) → the share encrypted with a random IV. The provider stores the box
 * as given and cannot open it; another passkey's output, or a changed byte, fails the GCM tag.
 */
import { PASSKEY_HKDF_INFO_PREFIX, type PasskeyBox } from '../protocol/passkey.js';
import { fromB64url, toB64url } from '../protocol/sealed-box.js';
import { isPasskeyBox } from './passkey-shared.js';

const PRF_BYTES = 32;
const SALT_BYTES = 32;
const IV_BYTES = 12;

/** The passkey's PRF output does not open the box (another passkey, or the box was altered). */
export class WrongPasskeyError extends Error {
  constructor() {
    super('This passkey does not open the wallet recovery.');
    this.name = 'WrongPasskeyError';
  }
}

/** The box's AES-GCM key: HKDF-SHA-256(ikm = PRF output, salt, info = prefix + lowercase address). */
async function boxKey(
  prf: Uint8Array,
  salt: Uint8Array,
  address: string,
  usage: KeyUsage,
): Promise<CryptoKey> {
  if (prf.length !== PRF_BYTES) throw new WrongPasskeyError();
  const subtle = globalThis.crypto.subtle;
  const ikm = await subtle.importKey('raw', new Uint8Array(prf), 'HKDF', false, ['deriveKey']);
  const info = new TextEncoder().encode(PASSKEY_HKDF_INFO_PREFIX + address.toLowerCase());
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(salt), info },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/** Encrypts `secret` under the PRF output of the passkey `credentialId`, for `address`. */
export async function sealWithPasskey(
  secret: Uint8Array,
  prf: Uint8Array,
  credentialId: string,
  address: string,
): Promise<PasskeyBox> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await boxKey(prf, salt, address, 'encrypt');
  const ct = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(secret));
  return {
    kdf: 'hkdf-sha256-prf',
    credentialId,
    salt: toB64url(salt),
    iv: toB64url(iv),
    ct: toB64url(new Uint8Array(ct)),
  };
}

/** The secret in `box`; WrongPasskeyError when this PRF output does not open it. */
export async function openWithPasskey(
  box: PasskeyBox,
  prf: Uint8Array,
  address: string,
): Promise<Uint8Array> {
  if (!isPasskeyBox(box)) throw new Error('Not a passkey box.');
  const salt = fromB64url(box.salt);
  const iv = fromB64url(box.iv);
  if (salt.length !== SALT_BYTES || iv.length !== IV_BYTES) throw new Error('Passkey box is malformed.');
  const key = await boxKey(prf, salt, address, 'decrypt');
  try {
    return new Uint8Array(
      await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, fromB64url(box.ct)),
    );
  } catch {
    throw new WrongPasskeyError();
  }
}
