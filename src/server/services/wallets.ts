import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { UserWire } from '../../protocol/api.js';
import {
  importSealPrivateKey,
  isSealed,
  openSealed,
  publicJwkOf,
  type Sealed,
  seal,
} from '../../protocol/sealed-box.js';
import {
  EMBEDDED_WALLET_CLIENT_TYPE,
  EMBEDDED_WALLET_CONNECTOR_TYPE,
  type PasswordBox,
  RECOVERY_METHODS,
  type RecoveryMethod,
  type TransportKeyResponse,
  WALLET_ACCOUNT_TYPE,
} from '../../protocol/wallet-api.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors.js';
import { getAddress } from './address.js';
import type { Clock } from './clock.js';
import { randomId, type Secrets } from './crypto.js';
import type { UserService } from './users.js';

/** Longest share accepted (shamir-secret-sharing shares of 16 bytes of entropy are 17 bytes). */
const SHARE_MAX_BYTES = 512;
/** Bounds of a PasswordBox's Argon2id parameters: sane work for a browser, refusing junk. */
const PASSWORD_BOX_LIMITS = { t: [1, 64], m: [1024, 4 * 1024 * 1024], p: [1, 16] } as const;
const PASSWORD_BOX_FIELD_MAX_LENGTH = 2048;
const B64URL = /^[A-Za-z0-9_-]+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const AT_REST_VERSION = 'w1';
const LINKED_ACCOUNT_ID_LENGTH = 25;

/** What the frame sends for new shares: the auth share and the recovery share, sealed or password-boxed. */
export interface ShareSet {
  recoveryMethod: RecoveryMethod;
  authShare: Sealed;
  recovery: Sealed | PasswordBox;
}

type AtRestPurpose = 'auth-share' | 'recovery-share';

/**
 * AES-256-GCM of wallet shares at rest, under keys derived from the server secret: one key for
 * auth shares and a distinct one for `gatehouse` recovery shares (so the two never share a key).
 * The additional data binds each ciphertext to its app, user, address and purpose: a row copied
 * onto another user or column does not open.
 */
class ShareVault {
  readonly #keys: Record<AtRestPurpose, Buffer>;

  constructor(serverSecret: string) {
    const master = Buffer.from(serverSecret, 'utf8');
    const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', master, 'gatehouse', purpose, 32));
    this.#keys = {
      'auth-share': derive('wallet-auth-share'),
      'recovery-share': derive('wallet-recovery-share'),
    };
  }

  encrypt(purpose: AtRestPurpose, context: string, plaintext: Uint8Array): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#keys[purpose], iv);
    cipher.setAAD(Buffer.from(`${purpose}|${context}`, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return [AT_REST_VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(purpose: AtRestPurpose, context: string, payload: string): Uint8Array {
    const [version, iv, tag, body] = payload.split('.');
    if (version !== AT_REST_VERSION || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('Unknown wallet share format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#keys[purpose], Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${purpose}|${context}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
  }
}

/** `0x` + 40 hex digits in any case → EIP-55; 400 invalid_data otherwise (or for a wrong checksum). */
export function checksumAddress(value: string, field = 'address'): string {
  if (ADDRESS.test(value)) {
    try {
      return getAddress(value);
    } catch {}
  }
  throw new ApiError('invalid_data', `Invalid field '${field}': not an Ethereum address.`);
}

function isRecoveryMethod(value: unknown): value is RecoveryMethod {
  return (RECOVERY_METHODS as readonly unknown[]).includes(value);
}

function inRange(value: unknown, [min, max]: readonly [number, number]): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Whether a value is a well-formed PasswordBox (its crypto is the frame's business). */
export function isPasswordBox(value: unknown): value is PasswordBox {
  const box = value as Record<string, unknown> | null;
  if (typeof box !== 'object' || box === null || box.kdf !== 'argon2id') return false;
  const fields = [box.salt, box.iv, box.ct];
  if (
    !fields.every(
      (field) =>
        typeof field === 'string' && B64URL.test(field) && field.length <= PASSWORD_BOX_FIELD_MAX_LENGTH,
    )
  ) {
    return false;
  }
  const keys = Object.keys(box);
  if (keys.some((key) => !['kdf', 'salt', 't', 'm', 'p', 'iv', 'ct'].includes(key))) return false;
  return (
    inRange(box.t, PASSWORD_BOX_LIMITS.t) &&
    inRange(box.m, PASSWORD_BOX_LIMITS.m) &&
    inRange(box.p, PASSWORD_BOX_LIMITS.p)
  );
}

/** The stored form of a PasswordBox: exactly its fields, in a fixed order. */
function passwordBoxJson(box: PasswordBox): string {
  const { kdf, salt, t, m, p, iv, ct } = box;
  return JSON.stringify({ kdf, salt, t, m, p, iv, ct });
}

/** The `wallet` linked account's wire fields beyond type and times (EmbeddedWalletAccountWire). */
function walletAccountData(address: string, recoveryMethod: RecoveryMethod): Record<string, unknown> {
  return {
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client: EMBEDDED_WALLET_CLIENT_TYPE,
    wallet_client_type: EMBEDDED_WALLET_CLIENT_TYPE,
    connector_type: EMBEDDED_WALLET_CONNECTOR_TYPE,
    recovery_method: recoveryMethod,
  };
}

/** Released to the frame: the recovery method with the recovery share (sealed) or the PasswordBox. */
export interface ReleasedRecovery {
  recoveryMethod: RecoveryMethod;
  recovery: Sealed | PasswordBox;
}

interface TransportKey {
  kid: string;
  publicJwk: JsonWebKey;
  privateKey: CryptoKey;
}

/**
 * The provider's half of the embedded wallet (DESIGN.md "Embedded wallet security model"): it
 * keeps the auth share and, for `gatehouse` recovery, the recovery share, both re-encrypted at
 * rest under distinct server keys; a `user-passcode` recovery share stays in the frame's
 * PasswordBox. Shares arrive sealed to the transport key and leave sealed to the caller's reply
 * key; they exist in clear only in memory for that moment.
 */
export class WalletService {
  private constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly vault: ShareVault,
    private readonly transport: TransportKey,
    private readonly now: Clock,
  ) {}

  /** Loads the transport key, creating it on first start (in a write transaction, so processes agree). */
  static async load(options: {
    db: Db;
    secrets: Secrets;
    serverSecret: string;
    users: UserService;
    now: Clock;
  }): Promise<WalletService> {
    const { db, secrets, now } = options;
    const row = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('wallet_transport_keys')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('kid')
        .executeTakeFirst();
      if (existing) return existing;
      const pair = await globalThis.crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const privateJwk = await globalThis.crypto.subtle.exportKey('jwk', pair.privateKey);
      const publicJwk = publicJwkOf(await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey));
      const created = {
        kid: await calculateJwkThumbprint(publicJwk as JWK),
        private_jwk: secrets.encrypt(JSON.stringify(privateJwk)),
        public_jwk: JSON.stringify(publicJwk),
        created_at: now(),
      };
      await trx.insertInto('wallet_transport_keys').values(created).execute();
      return created;
    });
    let privateJwk: JsonWebKey;
    try {
      privateJwk = JSON.parse(secrets.decrypt(row.private_jwk)) as JsonWebKey;
    } catch {
      throw new Error(
        'Cannot decrypt the wallet transport key: the server secret (GATEHOUSE_SECRET or secret.key) is not the one this database was created with.',
      );
    }
    const transport: TransportKey = {
      kid: row.kid,
      publicJwk: publicJwkOf(JSON.parse(row.public_jwk)),
      privateKey: await importSealPrivateKey(privateJwk),
    };
    return new WalletService(db, options.users, new ShareVault(options.serverSecret), transport, now);
  }

  transportKey(): TransportKeyResponse {
    return { kid: this.transport.kid, publicKey: this.transport.publicJwk };
  }

  /** A share sealed to the transport key, in clear (memory only); 400 when it does not open. */
  private async openShare(sealed: unknown, field: string): Promise<Uint8Array> {
    if (!isSealed(sealed))
      throw new ApiError('invalid_data', `Invalid field '${field}': not a sealed share.`);
    let share: Uint8Array;
    try {
      share = await openSealed(this.transport.privateKey, sealed);
    } catch {
      throw new ApiError('invalid_wallet_share');
    }
    if (share.length === 0 || share.length > SHARE_MAX_BYTES) throw new ApiError('invalid_wallet_share');
    return share;
  }

  /** The at-rest columns for a share set, checked and re-encrypted. */
  private async storedShares(
    appId: string,
    userId: string,
    address: string,
    shares: ShareSet,
  ): Promise<{ recovery_method: RecoveryMethod; auth_share: string; recovery: string }> {
    if (!isRecoveryMethod(shares.recoveryMethod)) {
      throw new ApiError(
        'invalid_data',
        `Invalid field 'recoveryMethod': must be one of ${RECOVERY_METHODS.join(', ')}.`,
      );
    }
    const context = `${appId}|${userId}|${address}`;
    const authShare = await this.openShare(shares.authShare, 'authShare');
    let recovery: string;
    if (shares.recoveryMethod === 'gatehouse') {
      const recoveryShare = await this.openShare(shares.recovery, 'recovery');
      recovery = this.vault.encrypt('recovery-share', context, recoveryShare);
      recoveryShare.fill(0);
    } else {
      if (!isPasswordBox(shares.recovery)) {
        throw new ApiError('invalid_data', "Invalid field 'recovery': not a password box.");
      }
      recovery = passwordBoxJson(shares.recovery);
    }
    const auth_share = this.vault.encrypt('auth-share', context, authShare);
    authShare.fill(0);
    return { recovery_method: shares.recoveryMethod, auth_share, recovery };
  }

  /**
   * Stores a new embedded wallet and adds the `wallet` linked account to the user. One per user
   * (`embedded_wallet_already_exists`, 'Only one wallet per user is currently allowed').
   */
  async create(appId: string, userId: string, rawAddress: string, shares: ShareSet): Promise<UserWire> {
    const address = checksumAddress(rawAddress);
    const existing = await this.db
      .selectFrom('embedded_wallets')
      .select('address')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) throw new ApiError('embedded_wallet_already_exists');
    const stored = await this.storedShares(appId, userId, address, shares);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: two creations racing leave exactly one wallet.
      const again = await trx
        .selectFrom('embedded_wallets')
        .select('address')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (again) throw new ApiError('embedded_wallet_already_exists');
      const subject = address.toLowerCase();
      const taken = await trx
        .selectFrom('linked_accounts')
        .select('id')
        .where('app_id', '=', appId)
        .where('type', '=', WALLET_ACCOUNT_TYPE)
        .where('subject', '=', subject)
        .executeTakeFirst();
      if (taken) throw new ApiError('linked_to_another_user');
      await trx
        .insertInto('linked_accounts')
        .values({
          id: randomId(LINKED_ACCOUNT_ID_LENGTH),
          user_id: userId,
          app_id: appId,
          type: WALLET_ACCOUNT_TYPE,
          subject,
          data: JSON.stringify(walletAccountData(address, stored.recovery_method)),
          first_verified_at: now,
          latest_verified_at: now,
        })
        .execute();
      await trx
        .insertInto('embedded_wallets')
        .values({ user_id: userId, app_id: appId, address, ...stored, created_at: now, updated_at: now })
        .execute();
    });
    return (await this.users.get(userId)) as UserWire;
  }

  /** The user's wallet at this address (404 embedded_wallet_not_found for any other, or none). */
  private async walletOf(appId: string, userId: string, rawAddress: string) {
    const address = checksumAddress(rawAddress);
    const row = await this.db
      .selectFrom('embedded_wallets')
      .selectAll()
      .where('user_id', '=', userId)
      .where('app_id', '=', appId)
      .where('address', '=', address)
      .executeTakeFirst();
    if (!row) throw new ApiError('embedded_wallet_not_found');
    return row;
  }

  private async replyKey(value: unknown): Promise<JsonWebKey> {
    try {
      const jwk = publicJwkOf(value);
      // Imported once here, so a point off the curve is refused as bad input rather than failing later.
      await globalThis.crypto.subtle.importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
      return jwk;
    } catch {
      throw new ApiError('invalid_data', "Invalid field 'replyKey': not a P-256 public key.");
    }
  }

  /** The auth share, sealed to the caller's one-time reply key. */
  async releaseAuthShare(appId: string, userId: string, address: string, replyKey: unknown): Promise<Sealed> {
    const reply = await this.replyKey(replyKey);
    const row = await this.walletOf(appId, userId, address);
    const share = this.vault.decrypt('auth-share', `${appId}|${userId}|${row.address}`, row.auth_share);
    try {
      return await seal(reply, share);
    } finally {
      share.fill(0);
    }
  }

  /** The recovery share sealed to the reply key (`gatehouse`), or the stored PasswordBox (`user-passcode`). */
  async releaseRecovery(
    appId: string,
    userId: string,
    address: string,
    replyKey: unknown,
  ): Promise<ReleasedRecovery> {
    const reply = await this.replyKey(replyKey);
    const row = await this.walletOf(appId, userId, address);
    const recoveryMethod = row.recovery_method as RecoveryMethod;
    if (recoveryMethod !== 'gatehouse') {
      return { recoveryMethod, recovery: JSON.parse(row.recovery) as PasswordBox };
    }
    const share = this.vault.decrypt('recovery-share', `${appId}|${userId}|${row.address}`, row.recovery);
    try {
      return { recoveryMethod, recovery: await seal(reply, share) };
    } finally {
      share.fill(0);
    }
  }

  /**
   * Replaces the auth and recovery shares together (a new split: after a password is set, or a
   * recovery on a new device), and the linked account's recovery method with them.
   */
  async reshare(appId: string, userId: string, rawAddress: string, shares: ShareSet): Promise<UserWire> {
    const row = await this.walletOf(appId, userId, rawAddress);
    const stored = await this.storedShares(appId, userId, row.address, shares);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('embedded_wallets')
        .set({ ...stored, updated_at: now })
        .where('user_id', '=', userId)
        .where('address', '=', row.address)
        .execute();
      await trx
        .updateTable('linked_accounts')
        .set({ data: JSON.stringify(walletAccountData(row.address, stored.recovery_method)) })
        .where('user_id', '=', userId)
        .where('type', '=', WALLET_ACCOUNT_TYPE)
        .where('subject', '=', row.address.toLowerCase())
        .execute();
    });
    return (await this.users.get(userId)) as UserWire;
  }
}
