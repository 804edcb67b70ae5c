/**
 * AES-256-GCM of wallet shares at rest (DESIGN.md, embedded wallet security model): auth shares
 * under a key derived from the server secret, `gatehouse` recovery shares under one derived from
 * the separate silent-recovery key (recovery-key.ts), so whoever holds the database and its secret
 * still opens no recovery share. The additional data binds each ciphertext to its app, user,
 * address and purpose: a row copied onto another user or column does not open.
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
  if (payload.startsWith('{')) {
    // A PasswordBox or PasskeyBox: sealed in the frame, under a key the provider never had.
    throw new Error(
      'Not a share the provider sealed: this recovery is sealed in the wallet frame (password or passkey), and no key of the operator opens it.',
    );
  }
  const [format, iv, tag, body] = payload.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('Unknown wallet share format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(purpose, context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
}

/** The silent-recovery key, and the one it replaced (GATEHOUSE_RECOVERY_KEY_PREVIOUS), if any. */
export interface RecoveryKeys {
  key: string;
  previous?: string | undefined;
}

const RECOVERY_INFO = 'wallet-recovery-share';

export class ShareVault {
  readonly #auth: Buffer;
  readonly #recovery: Buffer;
  /** Keys recovery shares may still be under: the previous recovery key, then the server secret's (before 0013). */
  readonly #older: Buffer[];

  constructor(serverSecret: string, recovery: RecoveryKeys) {
    this.#auth = derive(serverSecret, 'wallet-auth-share');
    this.#recovery = derive(recovery.key, RECOVERY_INFO);
    const older = recovery.previous === undefined ? [] : [recovery.previous];
    this.#older = [...older, serverSecret].map((master) => derive(master, RECOVERY_INFO));
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

  /**
   * A recovery share under an older key (the previous recovery key, or the server secret's, as
   * before the separate key), sealed again under the current one; undefined when it is under the
   * current key already. Throws when no key opens it.
   */
  resealRecovery(context: string, payload: string): string | undefined {
    try {
      open(this.#recovery, 'recovery-share', context, payload).fill(0);
      return undefined;
    } catch {}
    for (const key of this.#older) {
      let share: Uint8Array;
      try {
        share = open(key, 'recovery-share', context, payload);
      } catch {
        continue;
      }
      try {
        return this.sealRecovery(context, share);
      } finally {
        share.fill(0);
      }
    }
    throw new Error('No recovery key opens this share');
  }
}
