/**
 * `wallet:create`: a new key, split 2-of-3 and checked, its device share and a new device key kept
 * here, the auth and recovery shares stored by the provider with the wallet's proof of address.
 * The recovery share is under a password the user sets in the surface when the host asks for one,
 * or when the provider refuses silent recovery (a user with nothing to confirm a new device with).
 */
import type { PasswordBox, RecoveryMethod } from '../protocol/wallet-api.js';
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { newDeviceKey } from './device-key.js';
import { newEntropy, reconstruct, splitEntropy, walletFromEntropy } from './keys.js';
import { sealWithPassword } from './password-box.js';
import type { RequestScope } from './request-scope.js';
import { guarded, newPassword, type WalletDeps } from './wallet-deps.js';
import { requireToken } from './wallet-errors.js';
import { refusedWith } from './wallet-unlock.js';

export async function createWallet(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:create'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:create']> {
  const accessToken = requireToken(data?.accessToken);
  const automatic = data.automatic === true;
  const entropy = newEntropy();
  const [wallet, shares] = await Promise.all([walletFromEntropy(entropy), splitEntropy(entropy)]);
  entropy.fill(0);
  // The split is checked the way every later reconstruction is.
  await reconstruct(shares.device, shares.auth, wallet.address);
  const { appId, store, api } = deps;
  const underPassword = async (): Promise<PasswordBox> => {
    const { password } = await newPassword(scope, { purpose: 'create', automatic });
    return sealWithPassword(shares.recovery, password);
  };
  const device = await newDeviceKey();
  const proofs = { device, signAddress: (message: string) => wallet.signMessage(message) };
  const store_ = (recovery: Uint8Array | PasswordBox) => {
    const recoveryMethod: RecoveryMethod = recovery instanceof Uint8Array ? 'gatehouse' : 'user-passcode';
    const shareSet = { recoveryMethod, authShare: shares.auth, recovery };
    return guarded(deps, () => api.create(accessToken, wallet.address, shareSet, proofs)).then(
      () => recoveryMethod,
    );
  };
  try {
    let recovery: Uint8Array | PasswordBox =
      data.recoveryMethod === 'user-passcode' ? await underPassword() : shares.recovery;
    await store.put(appId, wallet.address, shares.device);
    await store.putKey(appId, wallet.address, device);
    let recoveryMethod: RecoveryMethod;
    try {
      recoveryMethod = await store_(recovery);
    } catch (error) {
      if (!refusedWith(error, 'recovery_password_required')) throw error;
      recovery = await underPassword();
      recoveryMethod = await store_(recovery);
    }
    return { address: wallet.address, recoveryMethod };
  } catch (error) {
    await store.delete(appId, wallet.address).catch(() => undefined);
    await store.deleteKey(appId, wallet.address).catch(() => undefined);
    throw error;
  } finally {
    shares.device.fill(0);
    shares.auth.fill(0);
    shares.recovery.fill(0);
  }
}
