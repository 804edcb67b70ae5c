/**
 * The recovery share under the user's password (`user-passcode`): Argon2id(password, salt) → a
 * 256-bit AES-GCM key (WebCrypto) → the share encrypted with a random IV. The server stores the
 * box as given and cannot open it; a wrong password fails the GCM tag.
 */
import { argon2idAsync } from '@noble/hashes/argon2.js';
import { fromB64url, toB64url } from '../protocol/sealed-box.js';
import type { PasswordBox } from '../protocol/wallet-api.js';
import { RECOVERY_ARGON2 } from '../protocol/wallet-frame.js';

const IV_BYTES = 12;
/** Bounds on the cost of a box read from the server, so a forged box cannot hang the frame. */
const MAX_T = 16;
const MAX_M_KIB = 256 * 1024;
const MAX_P = 4;

export type Argon2Params = Pick<PasswordBox, 't' | 'm' | 'p'>;

/** The password does not open the box (or the box was altered). */
export class WrongPasswordError extends Error {
  constructor() {
    super('The recovery password is not correct.');
    this.name = 'WrongPasswordError';
  }
}

function passwordBytes(password: string): Uint8Array {
  // NFKC: the same password typed on two keyboards gives the same bytes.
  return new TextEncoder().encode(password.normalize('NFKC'));
}

async function boxKey(
  password: string,
  salt: Uint8Array,
  params: Argon2Params,
  usage: KeyUsage,
): Promise<CryptoKey> {
  const secret = passwordBytes(password);
  const raw = await argon2idAsync(secret, salt, {
    t: params.t,
    m: params.m,
    p: params.p,
    dkLen: RECOVERY_ARGON2.dkLen,
    maxmem: (params.m + 1024) * 1024,
  });
  secret.fill(0);
  try {
    return await globalThis.crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, [usage]);
  } finally {
    raw.fill(0);
  }
}

export function isPasswordBox(value: unknown): value is PasswordBox {
  const box = value as Record<string, unknown> | null;
  return (
    typeof box === 'object' &&
    box !== null &&
    box.kdf === 'argon2id' &&
    typeof box.salt === 'string' &&
    typeof box.iv === 'string' &&
    typeof box.ct === 'string' &&
    Number.isInteger(box.t) &&
    Number.isInteger(box.m) &&
    Number.isInteger(box.p)
  );
}

/** Encrypts `secret` under `password` with fresh salt and IV. */
export async function sealWithPassword(
  secret: Uint8Array,
  password: string,
  params: Argon2Params = RECOVERY_ARGON2,
): Promise<PasswordBox> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(RECOVERY_ARGON2.saltBytes));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await boxKey(password, salt, params, 'encrypt');
  const ct = await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array(secret));
  return {
    kdf: 'argon2id',
    salt: toB64url(salt),
    t: params.t,
    m: params.m,
    p: params.p,
    iv: toB64url(iv),
    ct: toB64url(new Uint8Array(ct)),
  };
}

/** The secret in `box`; WrongPasswordError when the password does not open it. */
export async function openWithPassword(box: PasswordBox, password: string): Promise<Uint8Array> {
  if (!isPasswordBox(box)) throw new Error('Not a password box.');
  if (box.t < 1 || box.t > MAX_T || box.m < 8 * box.p || box.m > MAX_M_KIB || box.p < 1 || box.p > MAX_P) {
    throw new Error('Password box parameters out of range.');
  }
  const salt = fromB64url(box.salt);
  const iv = fromB64url(box.iv);
  const ct = fromB64url(box.ct);
  if (iv.length !== IV_BYTES) throw new Error('Password box IV has the wrong length.');
  const key = await boxKey(password, salt, box, 'decrypt');
  try {
    return new Uint8Array(await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ct));
  } catch {
    throw new WrongPasswordError();
  }
}
