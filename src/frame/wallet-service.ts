/**
 * What the frame does for each wallet request of §7, independent of postMessage: create, connect,
 * recover, sign, set a recovery password, forget. Shares come from the device store and the
 * server; every reconstruction is checked against the wallet's address (keys.ts).
 *
 * The shares are bound to this browser, not to the token (DESIGN.md): the frame keeps a
 * non-extractable device key beside the device share (device-key.ts), made at creation and at
 * each recovery and registered with the provider, which releases the auth share only to requests
 * it signed (wallet-api.ts). Recovering on a new browser needs a recent login.
 *
 * Nothing rebuilt is kept: every use fetches the auth share again, so a logout, a revoked session
 * or a revoked device stops the next signature at once, whatever the frame was told. The host's
 * logout also says so (`wallet:clear`), and the frame drops its MFA proof and any key it was
 * registering.
 *
 * MFA (§6): the frame sends its MFA proof (mfa-session.ts) with every share request and reshare;
 * the server refuses them without one when the user has MFA (missing_or_invalid_mfa).
 */
import { getAddress } from 'ethers/address';
import type { HDNodeWallet } from 'ethers/wallet';
import type { RecoveryMethod } from '../protocol/wallet-api.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { type DeviceKey, newDeviceKey } from './device-key.js';
import type { DeviceStore } from './device-store.js';
import {
  AddressMismatchError,
  deriveShare,
  newEntropy,
  rebuild,
  reconstruct,
  splitEntropy,
  walletFromEntropy,
} from './keys.js';
import { MfaSession } from './mfa-session.js';
import { openWithPassword, sealWithPassword } from './password-box.js';
import { signRpc } from './signing.js';
import { type FetchedRecovery, type WalletApi, WalletApiError } from './wallet-api.js';
import {
  RecoveryPinRequiredError,
  requireAddress,
  requirePassword,
  requireToken,
  WalletNotOnDeviceError,
} from './wallet-errors.js';

export {
  InvalidArgumentsError,
  WalletNotOnDeviceError,
} from './wallet-errors.js';

export interface WalletServiceOptions {
  appId: string;
  /** This browser's device shares and device keys. */
  store: DeviceStore;
  api: WalletApi;
  /** Clock in milliseconds, for the MFA proof's expiry. */
  now?: () => number;
  /** The frame's MFA proof, shared with the `mfa:*` handlers (mfa-service.ts). */
  mfa?: MfaSession;
}

/** A refusal of the provider with this code. */
const refusedWith = (error: unknown, code: string): boolean =>
  error instanceof WalletApiError && error.code === code;

/** The wallet unlocked for one request, its entropy (zeroed by the caller), the device key that got the auth share. */
interface Unlocked {
  wallet: HDNodeWallet;
  entropy: Uint8Array;
  key: DeviceKey;
}

export class WalletService {
  /** Device keys being registered by a recovery not finished yet (a wrong password retried), by address. */
  private readonly pending = new Map<string, DeviceKey>();
  readonly mfa: MfaSession;

  constructor(private readonly options: WalletServiceOptions) {
    this.mfa = options.mfa ?? new MfaSession(options.now);
  }

  /** Runs a provider call; a refused session (logged out, revoked, expired) drops what the frame holds for it. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (refusedWith(error, 'missing_or_invalid_token')) this.forget();
      throw error;
    }
  }

  private forget(): void {
    this.pending.clear();
    this.mfa.clear();
  }

  async create(
    data: WalletFrameRequestData['wallet:create'],
  ): Promise<WalletFrameReplyData['wallet:create']> {
    const accessToken = requireToken(data?.accessToken);
    const password =
      data.recoveryPassword === undefined
        ? undefined
        : requirePassword(data.recoveryPassword, 'recoveryPassword');
    const recoveryMethod: RecoveryMethod = password === undefined ? 'gatehouse' : 'user-passcode';
    const entropy = newEntropy();
    const [wallet, shares] = await Promise.all([walletFromEntropy(entropy), splitEntropy(entropy)]);
    entropy.fill(0);
    // The split is checked the way every later reconstruction is.
    await reconstruct(shares.device, shares.auth, wallet.address);
    const { appId, store, api } = this.options;
    const recovery =
      password === undefined ? shares.recovery : await sealWithPassword(shares.recovery, password);
    const device = await newDeviceKey();
    await store.put(appId, wallet.address, shares.device);
    await store.putKey(appId, wallet.address, device);
    try {
      const proofs = { device, signAddress: (message: string) => wallet.signMessage(message) };
      await this.guard(() =>
        api.create(accessToken, wallet.address, { recoveryMethod, authShare: shares.auth, recovery }, proofs),
      );
    } catch (error) {
      await store.delete(appId, wallet.address).catch(() => undefined);
      await store.deleteKey(appId, wallet.address).catch(() => undefined);
      throw error;
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
    return { address: wallet.address, recoveryMethod };
  }

  /** The wallet from this browser's device share and the auth share its device key gets. */
  private async unlock(accessToken: string, address: string): Promise<Unlocked> {
    const { appId, store, api } = this.options;
    const key = await store.getKey(appId, address);
    const device = key ? await store.get(appId, address) : undefined;
    if (!key || !device) throw new WalletNotOnDeviceError();
    let auth: Uint8Array;
    try {
      const proofs = { device: key, mfaProof: this.mfa.proofFor(accessToken) };
      auth = await this.guard(() => api.authShare(accessToken, address, proofs));
    } catch (error) {
      device.fill(0);
      // Not (or no longer) registered, revoked from another device: recovering registers it again.
      throw refusedWith(error, 'wallet_device_not_registered') ? new WalletNotOnDeviceError() : error;
    }
    try {
      return { ...(await rebuild(device, auth, address)), key };
    } catch (error) {
      // A device share of an older split (the key was re-shared elsewhere): recovering replaces it.
      throw error instanceof AddressMismatchError ? new WalletNotOnDeviceError() : error;
    } finally {
      auth.fill(0);
      device.fill(0);
    }
  }

  /**
   * The wallet is on this device. With MFA and no proof yet, a device share is enough here: the
   * key is rebuilt (and a stale share found) on the first use, after the verification.
   */
  async connect(
    data: WalletFrameRequestData['wallet:connect'],
  ): Promise<WalletFrameReplyData['wallet:connect']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    try {
      const { wallet, entropy } = await this.unlock(accessToken, address);
      entropy.fill(0);
      return { address: wallet.address };
    } catch (error) {
      if (
        !refusedWith(error, 'missing_or_invalid_mfa') ||
        !(await this.options.store.get(this.options.appId, address))
      )
        throw error;
      return { address: getAddress(address) };
    }
  }

  /** The recovery share, opened (with the password for 'user-passcode'). */
  private async recoveryShare(fetched: FetchedRecovery, recoveryPin: unknown): Promise<Uint8Array> {
    if (fetched.recoveryMethod === 'gatehouse') return fetched.share;
    if (typeof recoveryPin !== 'string' || recoveryPin === '') throw new RecoveryPinRequiredError();
    return openWithPassword(fetched.box, recoveryPin);
  }

  /**
   * A new device: a device key of its own, registered by the recovery (which needs a recent
   * login), then the auth share with it, and a device share of its own (a new point of the same
   * split, so the user's other browsers keep working).
   */
  async recover(
    data: WalletFrameRequestData['wallet:recover'],
  ): Promise<WalletFrameReplyData['wallet:recover']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const { appId, store, api } = this.options;
    const pendingKey = address.toLowerCase();
    const key = this.pending.get(pendingKey) ?? (await newDeviceKey());
    this.pending.set(pendingKey, key);
    const proofs = { device: key, mfaProof: this.mfa.proofFor(accessToken) };
    const fetched = await this.guard(() => api.recovery(accessToken, address, proofs));
    const recovery = await this.recoveryShare(fetched, data.recoveryPin);
    try {
      const auth = await this.guard(() => api.authShare(accessToken, address, proofs));
      try {
        const wallet = await reconstruct(auth, recovery, address);
        const device = await deriveShare(auth, recovery);
        try {
          await reconstruct(device, auth, address);
          await store.put(appId, wallet.address, device);
          await store.putKey(appId, wallet.address, key);
        } finally {
          device.fill(0);
        }
        this.pending.delete(pendingKey);
        return { address: wallet.address };
      } finally {
        auth.fill(0);
      }
    } finally {
      recovery.fill(0);
    }
  }

  async rpc(data: WalletFrameRequestData['wallet:rpc']): Promise<WalletFrameReplyData['wallet:rpc']> {
    const { wallet, entropy } = await this.unlock(
      requireToken(data?.accessToken),
      requireAddress(data.address),
    );
    entropy.fill(0);
    const signed = await signRpc(wallet, data.request);
    return { response: { method: data.request.method, data: signed } };
  }

  /**
   * New device, auth and recovery shares of the same key, the recovery share under the password:
   * every older share (and so the old recovery share) no longer combines with the new auth share.
   * The provider takes them with this device's proof and the wallet key's signature.
   */
  async setRecoveryPassword(
    data: WalletFrameRequestData['wallet:set-recovery-password'],
  ): Promise<WalletFrameReplyData['wallet:set-recovery-password']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const password = requirePassword(data.recoveryPassword, 'recoveryPassword');
    const { wallet, entropy, key } = await this.unlock(accessToken, address);
    const shares = await splitEntropy(entropy);
    entropy.fill(0);
    try {
      await reconstruct(shares.device, shares.auth, wallet.address);
      const recovery = await sealWithPassword(shares.recovery, password);
      const shareSet = { recoveryMethod: 'user-passcode' as const, authShare: shares.auth, recovery };
      const proofs = {
        device: key,
        mfaProof: this.mfa.proofFor(accessToken),
        signAddress: (message: string) => wallet.signMessage(message),
      };
      await this.guard(() => this.options.api.reshare(accessToken, wallet.address, shareSet, proofs));
      await this.options.store.put(this.options.appId, wallet.address, shares.device);
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
    return { address: wallet.address, recoveryMethod: 'user-passcode' };
  }

  /** `wallet:clear` (the host's logout): the MFA proof and any key being registered are dropped. */
  async clear(): Promise<WalletFrameReplyData['wallet:clear']> {
    this.forget();
    return { cleared: true };
  }
}
