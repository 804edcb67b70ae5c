/**
 * AES-256-GCM of wallet shares at rest (DESIGN.md, embedded wallet security model), under keys
 * derived from the server secret: one for auth shares and a distinct one for `gatehouse` recovery
 * shares (so the two never share a key). The additional data binds each ciphertext to its app,
 * user, address and purpose: a row copied onto another user or column does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

type Purpose = 'auth-share' | 'recovery-share';

const FORMAT = 'w1';

function derive(master: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(master, 'utf8'), 'gatehouse', info, 32));
}

function aad(purpose: Purpose, context: string): Buffer {
  return Buffer.from(`${purpose}|${context}`, 'utf8');
}

function seal(key: Buffer, purpose: Purpose, context: string, plaintext: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(purpose, context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [FORMAT, ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
}

function open(key: Buffer, purpose: Purpose, context: string, payload: string): Uint8Array {
  const [format, iv, tag, body] = payload.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('Unknown wallet share format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(purpose, context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
}

export class ShareVault {
  readonly #auth: Buffer;
  readonly #recovery: Buffer;

  constructor(serverSecret: string) {
    this.#auth = derive(serverSecret, 'wallet-auth-share');
    this.#recovery = derive(serverSecret, 'wallet-recovery-share');
  }

  sealAuth(context: string, share: Uint8Array): string {
    return seal(this.#auth, 'auth-share', context, share);
  }

  openAuth(context: string, payload: string): Uint8Array {
    return open(this.#auth, 'auth-share', context, payload);
  }

  sealRecovery(context: string, share: Uint8Array): string {
    return seal(this.#recovery, 'recovery-share', context, share);
  }

  openRecovery(context: string, payload: string): Uint8Array {
    return open(this.#recovery, 'recovery-share', context, payload);
  }
}
