/**
 * What the frame does for each wallet request of §7, independent of postMessage: create, connect,
 * recover, sign, export, set a recovery password, approve a change, forget. The flows are in
 * wallet-create.ts, wallet-recover.ts, wallet-sign.ts and wallet-reshare.ts; every reconstruction
 * is checked against the wallet's address (keys.ts).
 *
 * The shares are bound to this browser, not to the token (DESIGN.md): the frame keeps a
 * non-extractable device key beside the device share (device-key.ts), made at creation and at
 * each recovery and registered with the provider, which releases the auth share only to requests
 * it signed (wallet-api.ts). A new browser is registered only after a step-up in the surface.
 *
 * Whatever guards the key or money is the user's own action in the surface (protocol/surface.ts):
 * the approval of a signature, a password, a code. No request from the host carries one.
 *
 * Nothing rebuilt is kept: every use fetches the auth share again, so a logout, a revoked session
 * or a revoked device stops the next signature at once, whatever the frame was told.
 */
import { getAddress } from 'ethers/address';
import { STEP_UP_REQUIRED } from '../protocol/step-up.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { withUser } from './demands.js';
import type { DeviceKey } from './device-key.js';
import { quietScope, type RequestScope } from './request-scope.js';
import { WalletApiError } from './wallet-api.js';
import { createWallet, type PasskeySealer } from './wallet-create.js';
import type { WalletDeps } from './wallet-deps.js';
import { InvalidArgumentsError, requireAddress, requireToken } from './wallet-errors.js';
import { recoverWallet } from './wallet-recover.js';
import { setRecoveryPassword } from './wallet-reshare.js';
import { exportKey, signRequest } from './wallet-sign.js';
import { refusedWith, unlock } from './wallet-unlock.js';

export { InvalidArgumentsError, WalletNotOnDeviceError } from './wallet-errors.js';

type Data<K extends keyof WalletFrameRequestData> = WalletFrameRequestData[K];
type Reply<K extends keyof WalletFrameReplyData> = Promise<WalletFrameReplyData[K]>;

export class WalletService {
  /** Device keys being registered by a recovery not finished yet (a cancelled one retried), by address. */
  private readonly pending = new Map<string, DeviceKey>();

  constructor(private readonly deps: WalletDeps) {}

  /** The session is over here (logout, a refused token): the MFA proof and any key being registered go. */
  forget(): void {
    this.pending.clear();
    this.deps.mfa.clear();
  }

  /** `passkey`: how a creation asked for 'passkey' seals its recovery (none: as without it). */
  create(data: Data<'wallet:create'>, scope: RequestScope, passkey?: PasskeySealer): Reply<'wallet:create'> {
    return createWallet(this.deps, data, scope, passkey);
  }

  /**
   * The wallet is on this device. With MFA and no proof yet, a device share is enough here: the
   * key is rebuilt (and a stale share found) on the first use, after the verification.
   */
  async connect(data: Data<'wallet:connect'>): Reply<'wallet:connect'> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    try {
      // A connection never asks: a verification waits for the first use.
      const { wallet, entropy } = await unlock(this.deps, quietScope, accessToken, address);
      entropy.fill(0);
      return { address: wallet.address };
    } catch (error) {
      const { store, appId } = this.deps;
      if (!refusedWith(error, 'missing_or_invalid_mfa') || !(await store.get(appId, address))) throw error;
      return { address: getAddress(address) };
    }
  }

  recover(data: Data<'wallet:recover'>, scope: RequestScope): Reply<'wallet:recover'> {
    return recoverWallet(this.deps, this.pending, data, scope);
  }

  rpc(data: Data<'wallet:rpc'>, scope: RequestScope): Reply<'wallet:rpc'> {
    return signRequest(this.deps, data, scope);
  }

  exportKey(data: Data<'wallet:export'>, scope: RequestScope): Reply<'wallet:export'> {
    return exportKey(this.deps, data, scope);
  }

  setRecoveryPassword(
    data: Data<'wallet:set-recovery-password'>,
    scope: RequestScope,
  ): Reply<'wallet:set-recovery-password'> {
    return setRecoveryPassword(this.deps, data, scope);
  }

  /**
   * A change's ticket (an email link, an MFA method added…), approved by the user in the surface,
   * which shows what the provider says the change is. A new device's ticket is only ever the
   * frame's own (recover), never one a host names.
   */
  async stepUp(data: Data<'wallet:step-up'>, scope: RequestScope): Reply<'wallet:step-up'> {
    const accessToken = requireToken(data?.accessToken);
    if (typeof data.ticket !== 'string' || data.ticket === '')
      throw new InvalidArgumentsError('ticket is invalid.');
    const address = typeof data.address === 'string' ? requireAddress(data.address) : null;
    const demands = {
      ...this.deps.demands,
      approveWithWallet: (token: string, id: string) => this.approveWithWallet(token, id, address),
    };
    await withUser(scope, accessToken, demands, async () => {
      const ticket = await demands.stepUp.ticket(accessToken, data.ticket);
      if (ticket.action === 'new_device') throw new InvalidArgumentsError('ticket is invalid.');
      if (ticket.approved_at !== null) return;
      throw new WalletApiError(403, STEP_UP_REQUIRED, '', { ticket });
    });
    return { approved: true };
  }

  /** The `wallet` factor (demands.ts): the wallet on this device signs the ticket. */
  async approveWithWallet(accessToken: string, ticketId: string, address: string | null): Promise<void> {
    if (address === null) throw new InvalidArgumentsError('address is invalid.');
    const { wallet, entropy, key } = await unlock(this.deps, quietScope, accessToken, address);
    entropy.fill(0);
    const sign = (message: string) => wallet.signMessage(message);
    await this.deps.demands.stepUp.approveWithWallet(accessToken, ticketId, { address, device: key, sign });
  }

  /** `wallet:clear` (the host's logout): the MFA proof and any key being registered are dropped. */
  async clear(): Reply<'wallet:clear'> {
    this.forget();
    return { cleared: true };
  }
}
