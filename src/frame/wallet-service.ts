/**
 * What the frame does for each request of §7, independent of postMessage: create, connect,
 * recover, sign, set a recovery password. Shares come from the device store and the server;
 * every reconstruction is checked against the wallet's address (keys.ts).
 *
 * A wallet once rebuilt stays in memory, tied to the very access token the server accepted when
 * it released the auth share, until that token expires: signing with it does not fetch the auth
 * share each time. Any other token (a refreshed one, another user's, a forged one) goes back
 * through the server, which releases the auth share only to that wallet's owner.
 *
 * MFA (§6): the frame sends its MFA proof (mfa-session.ts) with every share request and reshare;
 * the server refuses them without one when the user has MFA (missing_or_invalid_mfa). A wallet
 * rebuilt under a proof is used only while that proof lives: once it expires or is cleared, the
 * next use goes back to the server, which asks for MFA again.
 */
import { getAddress } from 'ethers/address';
import type { HDNodeWallet } from 'ethers/wallet';
import { PASSWORD_MIN_LENGTH } from '../protocol/constants.js';
import type { RecoveryMethod } from '../protocol/wallet-api.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import type { DeviceShareStore } from './device-store.js';
import {
  AddressMismatchError,
  deriveShare,
  entropyOf,
  newEntropy,
  reconstruct,
  splitEntropy,
  walletFromEntropy,
} from './keys.js';
import { MfaSession } from './mfa-session.js';
import { openWithPassword, sealWithPassword } from './password-box.js';
import { signRpc } from './signing.js';
import { type WalletApi, WalletApiError } from './wallet-api.js';

/** `wallet:connect` found no device share (or a stale one): the host must recover. */
export class WalletNotOnDeviceError extends Error {
  constructor() {
    super('The wallet is not on this device; recover it.');
    this.name = 'WalletNotOnDeviceError';
  }
}

/** Bad or missing request fields (error type invalid_request_arguments). */
export class InvalidArgumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentsError';
  }
}

/** A user-passcode wallet recovered without its password. */
export class RecoveryPinRequiredError extends InvalidArgumentsError {
  constructor() {
    super('A recovery password is required.');
    this.name = 'RecoveryPinRequiredError';
  }
}

export interface WalletServiceOptions {
  appId: string;
  store: DeviceShareStore;
  api: WalletApi;
  /** Clock in milliseconds, for the token expiry check of the in-memory wallet. */
  now?: () => number;
  /** The frame's MFA proof, shared with the `mfa:*` handlers (mfa-service.ts). */
  mfa?: MfaSession;
}

interface Unlocked {
  wallet: HDNodeWallet;
  accessToken: string;
  /** The token's `exp`, in milliseconds. */
  expiresAt: number;
  /** Rebuilt with an MFA proof: usable only while the frame holds a live proof. */
  underProof: boolean;
}

/** The provider's answer to a share request without a valid MFA proof. */
const isMfaRefusal = (error: unknown): boolean =>
  error instanceof WalletApiError && error.code === 'missing_or_invalid_mfa';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function requireToken(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new InvalidArgumentsError('accessToken is required.');
  return value;
}

export function requireAddress(value: unknown): string {
  if (typeof value !== 'string' || !ADDRESS.test(value))
    throw new InvalidArgumentsError('address is invalid.');
  return value;
}

function requirePassword(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH) {
    throw new InvalidArgumentsError(`${field} must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  return value;
}

/** The `exp` of a JWT in milliseconds (read, not verified: the server verified the token). */
function expiryOf(token: string): number | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as Record<
      string,
      unknown
    >;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export class WalletService {
  private readonly unlocked = new Map<string, Unlocked>();
  private readonly now: () => number;
  private readonly mfa: MfaSession;

  constructor(private readonly options: WalletServiceOptions) {
    this.now = options.now ?? Date.now;
    this.mfa = options.mfa ?? new MfaSession(this.now);
    // A new proof, or none: what was rebuilt before goes back through the server.
    this.mfa.onChange(() => this.unlocked.clear());
  }

  private remember(wallet: HDNodeWallet, accessToken: string, underProof: boolean): void {
    const expiresAt = expiryOf(accessToken);
    this.unlocked.clear();
    if (expiresAt !== undefined)
      this.unlocked.set(wallet.address.toLowerCase(), { wallet, accessToken, expiresAt, underProof });
  }

  private cached(address: string, accessToken: string): HDNodeWallet | undefined {
    const entry = this.unlocked.get(address.toLowerCase());
    if (!entry || entry.accessToken !== accessToken || entry.expiresAt <= this.now()) return undefined;
    if (entry.underProof && this.mfa.proofFor(accessToken) === undefined) {
      this.unlocked.clear();
      return undefined;
    }
    return entry.wallet;
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
    const wallet = walletFromEntropy(entropy);
    const shares = await splitEntropy(entropy);
    entropy.fill(0);
    // The split is checked the way every later reconstruction is.
    await reconstruct(shares.device, shares.auth, wallet.address);
    const { appId, store, api } = this.options;
    const recovery =
      password === undefined ? shares.recovery : await sealWithPassword(shares.recovery, password);
    await store.put(appId, wallet.address, shares.device);
    try {
      await api.create(accessToken, wallet.address, { recoveryMethod, authShare: shares.auth, recovery });
    } catch (error) {
      await store.delete(appId, wallet.address).catch(() => undefined);
      throw error;
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
    this.remember(wallet, accessToken, false);
    return { address: wallet.address, recoveryMethod };
  }

  /** The wallet from the device share and the server's auth share. */
  private async unlock(accessToken: string, address: string): Promise<HDNodeWallet> {
    const cached = this.cached(address, accessToken);
    if (cached) return cached;
    const { appId, store, api } = this.options;
    const device = await store.get(appId, address);
    if (!device) throw new WalletNotOnDeviceError();
    const proof = this.mfa.proofFor(accessToken);
    let auth: Uint8Array;
    try {
      auth = await api.authShare(accessToken, address, proof);
    } catch (error) {
      device.fill(0);
      throw error;
    }
    try {
      const wallet = await reconstruct(device, auth, address);
      this.remember(wallet, accessToken, proof !== undefined);
      return wallet;
    } catch (error) {
      // A device share of an older split (the key was re-shared elsewhere): recovering replaces it.
      if (error instanceof AddressMismatchError) throw new WalletNotOnDeviceError();
      throw error;
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
      return { address: (await this.unlock(accessToken, address)).address };
    } catch (error) {
      if (!isMfaRefusal(error) || !(await this.options.store.get(this.options.appId, address))) throw error;
      return { address: getAddress(address) };
    }
  }

  async recover(
    data: WalletFrameRequestData['wallet:recover'],
  ): Promise<WalletFrameReplyData['wallet:recover']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const { appId, store, api } = this.options;
    const proof = this.mfa.proofFor(accessToken);
    const fetched = await api.recovery(accessToken, address, proof);
    let recovery: Uint8Array;
    if (fetched.recoveryMethod === 'user-passcode') {
      if (typeof data.recoveryPin !== 'string' || data.recoveryPin === '')
        throw new RecoveryPinRequiredError();
      recovery = await openWithPassword(fetched.box, data.recoveryPin);
    } else {
      recovery = fetched.share;
    }
    const auth = await api.authShare(accessToken, address, proof);
    try {
      const wallet = await reconstruct(auth, recovery, address);
      const device = await deriveShare(auth, recovery);
      try {
        await reconstruct(device, auth, address);
        await store.put(appId, wallet.address, device);
      } finally {
        device.fill(0);
      }
      this.remember(wallet, accessToken, proof !== undefined);
      return { address: wallet.address };
    } finally {
      auth.fill(0);
      recovery.fill(0);
    }
  }

  async rpc(data: WalletFrameRequestData['wallet:rpc']): Promise<WalletFrameReplyData['wallet:rpc']> {
    const wallet = await this.unlock(requireToken(data?.accessToken), requireAddress(data.address));
    const signed = await signRpc(wallet, data.request);
    return { response: { method: data.request.method, data: signed } };
  }

  /**
   * New device, auth and recovery shares of the same key, the recovery share under the password:
   * every older share (and so the old recovery share) no longer combines with the new auth share.
   */
  async setRecoveryPassword(
    data: WalletFrameRequestData['wallet:set-recovery-password'],
  ): Promise<WalletFrameReplyData['wallet:set-recovery-password']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const password = requirePassword(data.recoveryPassword, 'recoveryPassword');
    const wallet = await this.unlock(accessToken, address);
    const entropy = entropyOf(wallet);
    const shares = await splitEntropy(entropy);
    entropy.fill(0);
    try {
      await reconstruct(shares.device, shares.auth, wallet.address);
      const recovery = await sealWithPassword(shares.recovery, password);
      const shareSet = { recoveryMethod: 'user-passcode' as const, authShare: shares.auth, recovery };
      await this.options.api.reshare(accessToken, wallet.address, shareSet, this.mfa.proofFor(accessToken));
      await this.options.store.put(this.options.appId, wallet.address, shares.device);
    } finally {
      shares.device.fill(0);
      shares.auth.fill(0);
      shares.recovery.fill(0);
    }
    return { address: wallet.address, recoveryMethod: 'user-passcode' };
  }
}
