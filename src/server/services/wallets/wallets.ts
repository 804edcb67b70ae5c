import type { UserWire } from '../../../protocol/api.js';
import type { PasskeyBox } from '../../../protocol/passkey.js';
import { isSealed, openSealed, publicJwkOf, type Sealed, seal } from '../../../protocol/sealed-box.js';
import {
  type PasswordBox,
  RECOVERY_METHODS,
  type RecoveryMethod,
  type TransportKeyResponse,
  WALLET_ACCOUNT_TYPE,
} from '../../../protocol/wallet-api.js';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';
import type { UserService } from '../users/users.js';
import type { WebhookOutbox } from '../webhooks/outbox.js';
import { type RecoveryKeys, ShareVault } from './share-vault.js';
import { addWalletAccount } from './wallet-account.js';
import {
  checksumAddress,
  isPasskeyBox,
  isPasswordBox,
  isRecoveryMethod,
  passkeyBoxJson,
  passwordBoxJson,
  walletAccountData,
} from './wallet-input.js';
import { contextOf, loadTransportKey, resealRecoveryShares, type TransportKey } from './wallet-keys.js';
import { type AddressProof, requireAddressProof, requireSharesRebuild } from './wallet-proofs.js';

export { checksumAddress } from './wallet-input.js';

/** Longest share accepted (shamir-secret-sharing shares of 16 bytes of entropy are 17 bytes). */
const SHARE_MAX_BYTES = 512;

/**
 * What the frame sends for new shares, as the route's schema admits them: the auth share and the
 * recovery share are objects there, and `storedShares` checks that they are sealed or password-boxed.
 */
export interface ShareSet {
  recoveryMethod: RecoveryMethod;
  authShare: object;
  recovery: object;
}

/** Released to the frame: the recovery method with the recovery share (sealed) or the PasswordBox. */
export interface ReleasedRecovery {
  recoveryMethod: RecoveryMethod;
  recovery: Sealed | PasswordBox | PasskeyBox;
}

export interface WalletServiceOptions {
  db: Db;
  secrets: Secrets;
  serverSecret: string;
  /** The silent-recovery key (recovery-key.ts), apart from the server secret. */
  recoveryKey: RecoveryKeys;
  users: UserService;
  now: Clock;
  webhooks?: WebhookOutbox; // queues wallet.created
}

/**
 * The provider's half of the embedded wallet (DESIGN.md "Embedded wallet security model"): it
 * keeps the auth share (under the server secret) and, for `gatehouse` recovery, the recovery share
 * (under the separate silent-recovery key); a `user-passcode` or `passkey` recovery share stays in
 * the frame's PasswordBox or PasskeyBox, which the provider stores as given and cannot open. Shares arrive sealed to the transport key and leave sealed to the caller's reply
 * key; they exist in clear only in memory for that moment. What it stores, it proves: a signature
 * of the wallet's key, and for `gatehouse` shares that rebuild the address.
 */
export class WalletService {
  /** Recovery shares moved under the current silent-recovery key at this start. */
  resealed = 0;

  private constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly vault: ShareVault,
    private readonly transport: TransportKey,
    private readonly now: Clock,
    private readonly webhooks?: WebhookOutbox,
  ) {}

  static async load(options: WalletServiceOptions): Promise<WalletService> {
    const transport = await loadTransportKey(options);
    const vault = new ShareVault(options.serverSecret, options.recoveryKey);
    const { db, users, now, webhooks } = options;
    const service = new WalletService(db, users, vault, transport, now, webhooks);
    service.resealed = await resealRecoveryShares(options.db, vault);
    return service;
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

  /** The at-rest columns for a share set, checked (a `gatehouse` set must rebuild `address`) and sealed. */
  private async storedShares(
    context: string,
    address: string,
    shares: ShareSet,
  ): Promise<{ recovery_method: RecoveryMethod; auth_share: string; recovery: string }> {
    if (!isRecoveryMethod(shares.recoveryMethod)) {
      throw new ApiError(
        'invalid_data',
        `Invalid field 'recoveryMethod': must be one of ${RECOVERY_METHODS.join(', ')}.`,
      );
    }
    if (shares.recoveryMethod === 'user-passcode' && !isPasswordBox(shares.recovery)) {
      throw new ApiError('invalid_data', "Invalid field 'recovery': not a password box.");
    }
    if (shares.recoveryMethod === 'passkey' && !isPasskeyBox(shares.recovery)) {
      throw new ApiError('invalid_data', "Invalid field 'recovery': not a passkey box.");
    }
    const authShare = await this.openShare(shares.authShare, 'authShare');
    try {
      let recovery: string;
      if (shares.recoveryMethod === 'gatehouse') {
        const recoveryShare = await this.openShare(shares.recovery, 'recovery');
        try {
          await requireSharesRebuild(authShare, recoveryShare, address);
          recovery = this.vault.sealRecovery(context, recoveryShare);
        } finally {
          recoveryShare.fill(0);
        }
      } else if (shares.recoveryMethod === 'passkey') {
        // Sealed in the frame under the passkey's PRF output: stored as given, nothing kept to open it.
        recovery = passkeyBoxJson(shares.recovery as PasskeyBox);
      } else {
        recovery = passwordBoxJson(shares.recovery as PasswordBox);
      }
      return {
        recovery_method: shares.recoveryMethod,
        auth_share: this.vault.sealAuth(context, authShare),
        recovery,
      };
    } finally {
      authShare.fill(0);
    }
  }

  /**
   * Stores a new embedded wallet, proven by `proof`, and adds the `wallet` linked account to the
   * user; `register` adds the creating device in the same transaction. One per user
   * (`embedded_wallet_already_exists`, 'Only one wallet per user is currently allowed').
   */
  async create(
    appId: string,
    userId: string,
    rawAddress: string,
    shares: ShareSet,
    proof: AddressProof,
    register: (trx: Db, address: string) => Promise<void>,
  ): Promise<UserWire> {
    const address = checksumAddress(rawAddress);
    await requireAddressProof('create', appId, address, proof);
    if (await this.hasWallet(this.db, userId)) throw new ApiError('embedded_wallet_already_exists');
    const stored = await this.storedShares(contextOf(appId, userId, address), address, shares);
    const now = this.now();
    // Keyed by the user (one wallet each) and by the wallet's account (one owner of the address).
    const lock = [lockKeys.user(userId), lockKeys.account(appId, WALLET_ACCOUNT_TYPE, address.toLowerCase())];
    await lockedTransaction(this.db, lock, async (trx) => {
      // Checked again inside the transaction: two creations racing leave exactly one wallet.
      if (await this.hasWallet(trx, userId)) throw new ApiError('embedded_wallet_already_exists');
      await addWalletAccount(trx, { appId, userId, address, recoveryMethod: stored.recovery_method, now });
      await trx
        .insertInto('embedded_wallets')
        .values({ user_id: userId, app_id: appId, address, ...stored, created_at: now, updated_at: now })
        .execute();
      await register(trx, address);
      await this.webhooks?.enqueue(trx, appId, 'wallet.created', { user_id: userId, address });
    }).catch(async (error: unknown) => {
      // A creation that meets the primary key all the same (a wallet made outside this lock) is
      // the same refusal, not a server error.
      if (!(error instanceof ApiError) && (await this.hasWallet(this.db, userId)))
        throw new ApiError('embedded_wallet_already_exists');
      throw error;
    });
    return (await this.users.get(userId)) as UserWire;
  }

  private async hasWallet(db: Db, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('embedded_wallets')
      .select('address')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The user's wallet at this address (404 embedded_wallet_not_found for any other, or none). */
  async find(appId: string, userId: string, rawAddress: string) {
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

  /** Seals `share` to the reply key, then wipes it. */
  private async sealTo(reply: JsonWebKey, share: Uint8Array): Promise<Sealed> {
    try {
      return await seal(reply, share);
    } finally {
      share.fill(0);
    }
  }

  /** The auth share, sealed to the caller's one-time reply key. */
  async releaseAuthShare(appId: string, userId: string, address: string, replyKey: unknown): Promise<Sealed> {
    const reply = await this.replyKey(replyKey);
    const row = await this.find(appId, userId, address);
    return this.sealTo(reply, this.vault.openAuth(contextOf(appId, userId, row.address), row.auth_share));
  }

  /** The recovery share sealed to the reply key (`gatehouse`), or the stored PasswordBox (`user-passcode`). */
  async releaseRecovery(
    appId: string,
    userId: string,
    address: string,
    replyKey: unknown,
  ): Promise<ReleasedRecovery> {
    const reply = await this.replyKey(replyKey);
    const row = await this.find(appId, userId, address);
    const recoveryMethod = row.recovery_method as RecoveryMethod;
    if (recoveryMethod !== 'gatehouse') {
      return { recoveryMethod, recovery: JSON.parse(row.recovery) as PasswordBox | PasskeyBox };
    }
    const share = this.vault.openRecovery(contextOf(appId, userId, row.address), row.recovery);
    return { recoveryMethod, recovery: await this.sealTo(reply, share) };
  }

  /**
   * Replaces the auth and recovery shares together (a new split: after a password is set), and the
   * linked account's recovery method with them, once `proof` shows the wallet's key asked for it.
   */
  async reshare(
    appId: string,
    userId: string,
    rawAddress: string,
    shares: ShareSet,
    proof: AddressProof,
  ): Promise<UserWire> {
    const row = await this.find(appId, userId, rawAddress);
    await requireAddressProof('reshare', appId, row.address, proof);
    const stored = await this.storedShares(contextOf(appId, userId, row.address), row.address, shares);
    const now = this.now();
    // No lock: two blind writes of the same new split.
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
